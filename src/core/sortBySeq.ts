/**
 * Indices 0..n-1 ordered by `seqs[i]` ascending, ties by index (stable).
 * Acceptance numbers are usually dense, so a counting sort makes this O(n)
 * for a million records; sparse numbers fall back to a comparison sort.
 */
export function sortIndicesBySeq(seqs: ArrayLike<number>, indices: Int32Array): Int32Array {
  const n = indices.length;
  if (n === 0) return indices;
  let min = Infinity;
  let max = -Infinity;
  for (let k = 0; k < n; k++) {
    const s = seqs[indices[k]!]!;
    if (s < min) min = s;
    if (s > max) max = s;
  }
  const range = max - min + 1;
  if (range <= 4 * n + 1024) {
    const counts = new Int32Array(range + 1);
    for (let k = 0; k < n; k++) counts[seqs[indices[k]!]! - min + 1]!++;
    for (let b = 1; b <= range; b++) counts[b] = counts[b]! + counts[b - 1]!;
    const out = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      const i = indices[k]!;
      const slot = seqs[i]! - min;
      out[counts[slot]!] = i;
      counts[slot] = counts[slot]! + 1;
    }
    return out;
  }
  return Int32Array.from(indices).sort((a, b) => seqs[a]! - seqs[b]! || a - b);
}
