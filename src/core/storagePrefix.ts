import { lastAtOrBelow } from './cutoff';
import { emptyKeyState, type JsonValue, type KeyState, type SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import { inputEffects } from './replay';

/**
 * Per-key change lists in storage order, so the state a file-order reader
 * would hold at the end of a storage prefix is a binary search per key
 * (the page recomputes it on every cutoff step).
 */
export interface StoragePrefixIndex {
  readonly changes: ReadonlyMap<string, { readonly positions: readonly number[]; readonly values: readonly JsonValue[]; readonly setters: readonly SeqRecord[] }>;
}

export function buildStoragePrefixIndex(ordering: OrderingEvidence): StoragePrefixIndex {
  const changes = new Map<string, { positions: number[]; values: JsonValue[]; setters: SeqRecord[] }>();
  ordering.participants.forEach((r, pos) => {
    if (r.kind !== 'input') return;
    for (const e of inputEffects(r)) {
      let list = changes.get(e.key);
      if (!list) {
        list = { positions: [], values: [], setters: [] };
        changes.set(e.key, list);
      }
      list.positions.push(pos);
      list.values.push(e.value);
      list.setters.push(r);
    }
  });
  return { changes: new Map([...changes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) };
}

/**
 * State after replaying the accepted inputs stored at participant positions
 * 0..end (file order; -1 is empty), with the record that set each key.
 */
export function storagePrefixState(index: StoragePrefixIndex, end: number): { state: KeyState; setters: Map<string, SeqRecord> } {
  const state = emptyKeyState();
  const setters = new Map<string, SeqRecord>();
  for (const [key, change] of index.changes) {
    const i = lastAtOrBelow(change.positions, end);
    if (i < 0) continue;
    state[key] = change.values[i]!;
    setters.set(key, change.setters[i]!);
  }
  return { state, setters };
}
