import { booleanField, field, idField, stringField } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';

/** The response ids a record refers to, one entry per reference as written. */
export function referencesOf(r: SeqRecord): string[] {
  const refs: string[] = [];
  const prev = idField(r, 'previous_response_id');
  if (prev !== undefined) refs.push(prev);
  const list = field(r, 'refs');
  if (Array.isArray(list)) {
    for (const v of list) {
      if (typeof v === 'string') refs.push(v);
      else if (typeof v === 'number' && Number.isFinite(v)) refs.push(String(v));
    }
  }
  return refs;
}

export function clearIsCommitted(r: SeqRecord): boolean {
  const outcome = stringField(r, 'outcome') ?? 'ok';
  return booleanField(r, 'committed') ?? outcome === 'ok';
}

interface Created {
  readonly response: SeqRecord;
  /** Committed clears seen before the response was created; a later clear makes it stale. */
  readonly epoch: number;
}

/**
 * Clears, stale and dangling references (spec 3.5), in analysis order.
 * Each response remembers how many committed clears preceded it, so a clear
 * costs O(1) instead of touching every live id.
 */
export function checkReferences(session: string, order: readonly SeqRecord[], sink: FindingSink): void {
  const createdAnywhere = new Set<string>();
  for (const r of order) {
    if (r.kind !== 'response') continue;
    const id = idField(r, 'response_id');
    if (id !== undefined) createdAnywhere.add(id);
  }

  const created = new Map<string, Created>();
  const clears: SeqRecord[] = [];
  for (const r of order) {
    if (r.kind === 'clear') {
      const outcome = stringField(r, 'outcome') ?? 'ok';
      const committed = clearIsCommitted(r);
      if (committed && outcome !== 'ok') {
        sink.add(
          'clear-committed-but-reported-failed',
          session,
          `Clear ${sink.label(r)} committed but reported "${outcome}": the caller saw a failure while the history is gone, so every earlier response id must still be dropped.`,
          [r],
        );
      }
      if (committed) clears.push(r);
      continue;
    }
    if (r.kind !== 'request' && r.kind !== 'response') continue;
    const what = r.kind === 'request' ? 'Request' : 'Response';
    for (const ref of referencesOf(r)) {
      const c = created.get(ref);
      if (c && c.epoch < clears.length) {
        const clear = clears[c.epoch]!;
        sink.add(
          'stale-reference',
          session,
          `${what} ${sink.label(r)} refers to ${ref}, created by ${sink.label(c.response)} before clear ${sink.label(clear)}; that id should no longer be usable.`,
          [c.response, clear, r],
        );
      } else if (!createdAnywhere.has(ref)) {
        sink.add(
          'dangling-reference',
          session,
          `${what} ${sink.label(r)} refers to ${ref}, which no response in session ${session} creates.`,
          [r],
        );
      }
    }
    if (r.kind === 'response') {
      const id = idField(r, 'response_id');
      if (id !== undefined) created.set(id, { response: r, epoch: clears.length });
    }
  }
}
