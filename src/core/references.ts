import { asBoolean, asId, asString, shownId } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';

/**
 * Calls `visit` with each response id a record refers to, one call per
 * reference as written, and where it is written: -1 for
 * `previous_response_id`, i for `refs[i]` (fieldName). No list and no field
 * text per record: most references resolve and never need either.
 */
function forEachReference(r: SeqRecord, visit: (ref: string, slot: number) => void): void {
  const data = r.data;
  const prev = asId(data.previous_response_id);
  if (prev !== undefined) visit(prev, -1);
  const list = data.refs;
  if (Array.isArray(list)) {
    for (let i = 0; i < list.length; i++) {
      const ref = asId(list[i]);
      if (ref !== undefined) visit(ref, i);
    }
  }
}

/** The field that holds a reference, from its slot (forEachReference): `previous_response_id`, `refs[2]`. */
function fieldName(slot: number): string {
  return slot < 0 ? 'previous_response_id' : `refs[${slot}]`;
}

/** The response ids a record refers to, one entry per reference as written. */
export function referencesOf(r: SeqRecord): string[] {
  const refs: string[] = [];
  forEachReference(r, (ref) => refs.push(ref));
  return refs;
}

export function clearIsCommitted(r: SeqRecord): boolean {
  const outcome = asString(r.data.outcome) ?? 'ok';
  return asBoolean(r.data.committed) ?? outcome === 'ok';
}

/**
 * Clears, stale and dangling references (spec 3.5), in analysis order.
 * Each response remembers how many committed clears preceded it, so a clear
 * costs O(1) instead of touching every live id.
 */
export function checkReferences(session: string, order: readonly SeqRecord[], sink: FindingSink): void {
  // Response ids to the response that created each (the latest, when one is created twice), by
  // position in `responses` and `epochs`: committed clears seen before it, a later clear makes it stale.
  const created = new Map<string, number>();
  const responses: SeqRecord[] = [];
  const epochs: number[] = [];
  const clears: SeqRecord[] = [];
  // Whether an unresolved id is dangling depends on responses further on, so those are decided after the pass.
  const unresolved: { record: SeqRecord; ref: string; slot: number }[] = [];
  let r: SeqRecord;
  const what = (record: SeqRecord) => (record.kind === 'request' ? 'Request' : 'Response');
  // A record may name one id in two fields (previous_response_id and refs): each is its own finding, told apart by the field.
  const resolve = (ref: string, slot: number) => {
    const c = created.get(ref);
    if (c === undefined) unresolved.push({ record: r, ref, slot });
    else if (epochs[c]! < clears.length) {
      const response = responses[c]!;
      const clear = clears[epochs[c]!]!;
      sink.add(
        'stale-reference',
        session,
        `${what(r)} ${sink.label(r)} refers to ${shownId(ref)} in ${fieldName(slot)}, created by ${sink.label(response)} before clear ${sink.label(clear)}; that id should no longer be usable.`,
        [response, clear, r],
      );
    }
  };
  for (let i = 0; i < order.length; i++) {
    r = order[i]!;
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
    forEachReference(r, resolve);
    if (kind === 'response') {
      const id = asId(r.data.response_id);
      if (id !== undefined) {
        created.set(id, responses.length);
        responses.push(r);
        epochs.push(clears.length);
      }
    }
  }
  for (const { record, ref, slot } of unresolved) {
    // `created` never forgets an id, so it also says whether any response of the session created it, before or after.
    if (created.has(ref)) continue;
    sink.add(
      'dangling-reference',
      session,
      `${what(record)} ${sink.label(record)} refers to ${shownId(ref)} in ${fieldName(slot)}, which no response in session ${session} creates.`,
      [record],
    );
  }
}
