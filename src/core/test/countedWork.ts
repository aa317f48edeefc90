/**
 * Work counted instead of timed, for growth checks that cannot flake on a
 * busy machine: the elements arrays hand out while `run` runs (each step of
 * an array iterator, so spreads and for-of loops, and the elements a scanning
 * or copying method touches); through `countedReads`, every property read of
 * a value at any depth; through `countedElementReads`, the elements read from
 * one list by index.
 */

/** Array methods whose work is up to the length of the array they are called on. */
const SCANS = ['concat', 'every', 'filter', 'find', 'findIndex', 'findLast', 'findLastIndex', 'forEach', 'includes', 'indexOf', 'lastIndexOf', 'map', 'reduce', 'shift', 'slice', 'some', 'splice', 'unshift'] as const;

type Method = (this: unknown[], ...args: unknown[]) => unknown;

/**
 * The elements a call touches, `length` being the array's before it: a slice
 * only those it copies, a splice those from its start on (removed or moved),
 * any other the whole array.
 */
function touched(name: (typeof SCANS)[number], length: number, args: unknown[], result: unknown): number {
  if (name === 'slice') return (result as unknown[]).length;
  if (name !== 'splice') return length;
  const start = Math.trunc(Number(args[0])) || 0;
  return length - (start < 0 ? Math.max(length + start, 0) : Math.min(start, length));
}

/** Runs `run` and returns how many array elements it stepped over, with its result. */
export function countArrayWork<T>(run: () => T): { result: T; steps: number } {
  let steps = 0;
  const iteratorPrototype = Object.getPrototypeOf([][Symbol.iterator]()) as { next: Method };
  const next = iteratorPrototype.next;
  const scans = SCANS.map((name) => [name, (Array.prototype as unknown as Record<string, Method>)[name]!] as const);
  iteratorPrototype.next = function (this: unknown[], ...args: unknown[]) {
    steps++;
    return next.apply(this, args);
  };
  for (const [name, method] of scans) {
    (Array.prototype as unknown as Record<string, Method>)[name] = function (this: unknown[], ...args: unknown[]) {
      const length = this.length;
      const result = method.apply(this, args);
      steps += touched(name, length, args, result);
      return result;
    };
  }
  try {
    return { result: run(), steps };
  } finally {
    iteratorPrototype.next = next;
    for (const [name, method] of scans) (Array.prototype as unknown as Record<string, Method>)[name] = method;
  }
}

/**
 * `value` behind proxies that count each property read, at any depth (nested
 * objects are wrapped as they are read), typed as the value it stands for.
 */
export function countedReads<T extends object>(value: T, counter: { reads: number }): T {
  const wrapped = new WeakMap<object, object>();
  const wrap = <V>(v: V): V => {
    if (typeof v !== 'object' || v === null) return v;
    let proxy = wrapped.get(v);
    if (!proxy) {
      proxy = new Proxy(v, {
        get(target, key, receiver) {
          counter.reads++;
          return wrap(Reflect.get(target, key, receiver) as unknown);
        },
      });
      wrapped.set(v, proxy);
    }
    return proxy as V;
  };
  return wrap(value);
}

/**
 * `list` behind a proxy that counts each element read by index (`list[i]`),
 * not its length or methods: what a binary search or an index must keep few.
 * The target is read without the proxy as receiver, so a typed array's
 * `length` getter still finds its own internal slots.
 */
export function countedElementReads<T extends object>(list: T, counter: { reads: number }): T {
  return new Proxy(list, {
    get(target, key) {
      if (typeof key === 'string' && /^\d+$/.test(key)) counter.reads++;
      return Reflect.get(target, key) as unknown;
    },
  });
}

/**
 * How much more work twice the input costs: `work(n)` is counted, and linear
 * work doubles (n log n a little more) where work quadratic in n grows 4×.
 */
export function workGrowth(work: (n: number) => number, n: number): number {
  return work(2 * n) / Math.max(work(n), 1);
}
