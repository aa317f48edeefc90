/**
 * One derived value per object, computed on first use; analyses are immutable, so the value never goes stale.
 * Here, below every layer that derives from an analysis (viz, state, views), so none has to import it from above.
 */
export function perObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const cache = new WeakMap<K, V>();
  return (key) => {
    if (cache.has(key)) return cache.get(key)!;
    const value = compute(key);
    cache.set(key, value);
    return value;
  };
}
