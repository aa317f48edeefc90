import { asBoolean, asId, asString } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';

/** A response id a record refers to, and the field that holds it (`previous_response_id`, `refs[2]`). */
interface ReferenceField {
  readonly ref: string;
  readonly field: string;
}

/** The response ids a record refers to, one entry per reference as written, with where each is written. */
function referenceFieldsOf(r: SeqRecord): ReferenceField[] {
  const refs: ReferenceField[] = [];
  const prev = asId(r.data.previous_response_id);
  if (prev !== undefined) refs.push({ ref: prev, field: 'previous_response_id' });
  const list = r.data.refs;
  if (Array.isArray(list)) {
    list.forEach((v, i) => {
      const ref = asId(v);
      if (ref !== undefined) refs.push({ ref, field: `refs[${i}]` });
    });
  }
  return refs;
}

/** The response ids a record refers to, one entry per reference as written. */
export function referencesOf(r: SeqRecord): string[] {
  return referenceFieldsOf(r).map((f) => f.ref);
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
  const clears: SeqRecord[] = [];
  // Whether an unresolved id is dangling depends on responses further on, so those are decided after the pass.
  const unresolved: { record: SeqRecord; ref: string; field: string }[] = [];
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
    // A record may name one id in two fields (previous_response_id and refs): each is its own finding, told apart by the field.
    for (const { ref, field } of referenceFieldsOf(r)) {
      const c = created.get(ref);
      if (c && c.epoch < clears.length) {
        const clear = clears[c.epoch]!;
        sink.add(
          'stale-reference',
          session,
          `${kind === 'request' ? 'Request' : 'Response'} ${sink.label(r)} refers to ${ref} in ${field}, created by ${sink.label(c.response)} before clear ${sink.label(clear)}; that id should no longer be usable.`,
          [c.response, clear, r],
        );
      } else if (!c) unresolved.push({ record: r, ref, field });
    }
    if (kind === 'response') {
      const id = asId(r.data.response_id);
      if (id !== undefined) {
        created.set(id, { response: r, epoch: clears.length });
      }
    }
  }
  for (const { record, ref, field } of unresolved) {
    // `created` never forgets an id, so it also says whether any response of the session created it, before or after.
    if (created.has(ref)) continue;
    sink.add(
      'dangling-reference',
      session,
      `${record.kind === 'request' ? 'Request' : 'Response'} ${sink.label(record)} refers to ${ref} in ${field}, which no response in session ${session} creates.`,
      [record],
    );
  }
}
