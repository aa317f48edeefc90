/**
 * A number as V8 can keep it inside an object or array: a whole number of
 * at most 31 bits becomes a small integer (a Smi), stored in the field
 * itself. A number read from a Float64Array is a heap number instead, and
 * a field that has held one boxes every later value of every object of the
 * same shape: 12 bytes more per field, 3.4 MiB for the places of 10^5
 * records. Positions, lines and lengths the page reads from the worker's
 * columns go through this before they go into a record or a list.
 */
export function inlineNumber(x: number): number {
  return (x | 0) === x ? x | 0 : x;
}
