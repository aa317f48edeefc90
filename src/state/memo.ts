/** One derived value per object, computed on first use; analyses are immutable, so the value never goes stale. */
export function perObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}

/** Remembers the last call only: enough for values that many components ask for with the same arguments in one render. */
export function lastCall<A extends readonly unknown[], V>(compute: (...args: A) => V): (...args: A) => V {
  let lastArgs: A | null = null;
  let lastValue: V;
  return (...args) => {
    if (lastArgs && lastArgs.length === args.length && lastArgs.every((a, i) => Object.is(a, args[i]))) return lastValue;
    lastValue = compute(...args);
    lastArgs = args;
    return lastValue;
  };
}

let nextKey = 0;

/** A number per object: a React key that changes with the object, so a view keeps nothing it held for the analysis before. */
export const objectKey = perObject((_: object): number => ++nextKey);
