import { lastAtOrBelow, storagePrefixEnd, type CutoffIndex } from './cutoff';
import type { SeqRecord } from './model';

/**
 * Future leaks at any cutoff without scanning the storage prefix: the page
 * asks on every slider step, and a million-record session may have a
 * hundred thousand leaks at some N. Built once per session in O(n log n).
 *
 * A leak at N is a participant at storage position ≤ end(N) whose number is
 * greater than N. Every participant numbered ≤ N lies inside the prefix (the
 * prefix ends at the last of them), so the count is the numbered
 * participants up to end(N) minus those numbered ≤ N: two lookups. Listing
 * walks a max-tree of the numbers to each next position holding one > N,
 * so k leaks cost O(k log n).
 */
export interface LeakIndex {
  readonly cutoff: CutoffIndex;
  /** Numbered participants before each storage position (length n + 1). */
  readonly numberedBefore: Int32Array;
  /** Every participant's number, ascending (participants without one left out). */
  readonly sortedSeqs: Float64Array;
  /** Max of the numbers over each node's positions (leaf i at size + i; no number is -Infinity). */
  readonly tree: Float64Array;
  readonly size: number;
}

/**
 * `bySeq`, the ordering evidence's numbered participants by number (OrderingEvidence.bySeq), gives the
 * numbers in order without sorting them again (a third of the build at a million records).
 */
export function buildLeakIndex(cutoff: CutoffIndex, bySeq?: Int32Array): LeakIndex {
  const { participants } = cutoff;
  const n = participants.length;
  let size = 1;
  while (size < n) size *= 2;
  const tree = new Float64Array(2 * size).fill(-Infinity);
  const numberedBefore = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const s = participants[i]!.acceptSeq;
    numberedBefore[i + 1] = numberedBefore[i]! + (s === null ? 0 : 1);
    if (s !== null) tree[size + i] = s;
  }
  const numbered = numberedBefore[n]!;
  const sortedSeqs = new Float64Array(numbered);
  if (bySeq && bySeq.length === numbered) for (let k = 0; k < numbered; k++) sortedSeqs[k] = tree[size + bySeq[k]!]!;
  else {
    for (let i = 0, k = 0; i < n; i++) if (numberedBefore[i + 1] !== numberedBefore[i]) sortedSeqs[k++] = tree[size + i]!;
    sortedSeqs.sort();
  }
  for (let v = size - 1; v >= 1; v--) tree[v] = Math.max(tree[2 * v]!, tree[2 * v + 1]!);
  return { cutoff, numberedBefore, sortedSeqs, tree, size };
}

/** How many future leaks there are at N. */
export function leakCount(index: LeakIndex, n: number): number {
  const end = storagePrefixEnd(index.cutoff, n);
  if (end < 0) return 0;
  return index.numberedBefore[end + 1]! - (lastAtOrBelow(index.sortedSeqs, n) + 1);
}

/** The first storage position ≥ from and ≤ to whose number is greater than n, or -1. */
function nextAbove(index: LeakIndex, n: number, from: number, to: number): number {
  const { tree, size } = index;
  // Climb from the leaf while the way right holds nothing above n, then descend to the first leaf that does.
  let v = size + from;
  if (tree[v]! > n) return from <= to ? from : -1;
  for (;;) {
    while (v % 2 === 1) {
      v = (v - 1) / 2;
      if (v === 0) return -1;
    }
    v += 1;
    if (tree[v]! > n) break;
  }
  while (v < size) v = tree[2 * v]! > n ? 2 * v : 2 * v + 1;
  const pos = v - size;
  return pos <= to ? pos : -1;
}

/** Future leaks at N in storage order, at most `limit` of them, starting at storage position `from`. */
export function leaksAt(index: LeakIndex, n: number, limit = Infinity, from = 0): SeqRecord[] {
  const end = storagePrefixEnd(index.cutoff, n);
  const out: SeqRecord[] = [];
  for (let pos = nextAbove(index, n, Math.max(0, from), end); pos >= 0 && out.length < limit; pos = pos + 1 > end ? -1 : nextAbove(index, n, pos + 1, end)) {
    out.push(index.cutoff.participants[pos]!);
  }
  return out;
}
