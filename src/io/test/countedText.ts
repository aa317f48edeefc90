/**
 * A text that counts how often its characters are read (`text[i]`,
 * `text.charCodeAt(i)`), typed as the string it stands for: the work of a
 * scanner over it, counted instead of timed. Methods that take the whole
 * string (indexOf, slice) are not counted.
 */
export function countedText(text: string): { text: string; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(new String(text), {
    get(target, key) {
      if (typeof key === 'string' && (key === 'charCodeAt' || /^\d+$/.test(key))) reads++;
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { text: proxy as unknown as string, reads: () => reads };
}
