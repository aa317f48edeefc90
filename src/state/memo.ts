import { perObject } from '../core/perObject';

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
