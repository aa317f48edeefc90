import { asBoolean, asId, asString } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';

/** The response ids a record refers to, one entry per reference as written. */
export function referencesOf(r: SeqRecord): string[] {
  const refs: string[] = [];
  const prev = asId(r.data.previous_response_id);
  if (prev !== undefined) refs.push(prev);
  const list = r.data.refs;
  if (Array.isArray(list)) {
    for (const v of list) {
      if (typeof v === 'string') refs.push(v);
      else if (typeof v === 'number' && Number.isFinite(v)) refs.push(String(v));
    }
  }
  return refs;
}

export function clearIsCommitted(r: SeqRecord): boolean {
  const outcome = asString(r.data.outcome) ?? 'ok';
  return asBoolean(r.data.committed) ?? outcome === 'ok';
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
  const created = new Map<string, Created>();
  const createdAnywhere = new Set<string>();
  const clears: SeqRecord[] = [];
  // Whether an unresolved id is dangling depends on responses further on, so those are decided after the pass.
  const unresolved: { record: SeqRecord; ref: string }[] = [];
  for (const r of order) {
    const kind = r.kind;
    if (kind === 'clear') {
      const outcome = asString(r.data.outcome) ?? 'ok';
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
    if (kind !== 'request' && kind !== 'response') continue;
    for (const ref of referencesOf(r)) {
      const c = created.get(ref);
      if (c && c.epoch < clears.length) {
        const clear = clears[c.epoch]!;
        sink.add(
          'stale-reference',
          session,
          `${kind === 'request' ? 'Request' : 'Response'} ${sink.label(r)} refers to ${ref}, created by ${sink.label(c.response)} before clear ${sink.label(clear)}; that id should no longer be usable.`,
          [c.response, clear, r],
        );
      } else if (!c) unresolved.push({ record: r, ref });
    }
    if (kind === 'response') {
      const id = asId(r.data.response_id);
      if (id !== undefined) {
        created.set(id, { response: r, epoch: clears.length });
        createdAnywhere.add(id);
      }
    }
  }
  for (const { record, ref } of unresolved) {
    if (createdAnywhere.has(ref)) continue;
    sink.add(
      'dangling-reference',
      session,
      `${record.kind === 'request' ? 'Request' : 'Response'} ${sink.label(record)} refers to ${ref}, which no response in session ${session} creates.`,
      [record],
    );
  }
}
