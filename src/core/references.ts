import { asBoolean, asId, asString, shownId } from './fields';
import type { FindingSink } from './findings';
import type { JsonValue, SeqRecord } from './model';
import { OBJECT_FIELDS, type RecordFields } from './recordFields';

/**
 * Calls `visit` with each response id a record refers to, one call per
 * reference as written, and where it is written: -1 for
 * `previous_response_id`, i for `refs[i]` (fieldName). No list and no field
 * text per record: most references resolve and never need either.
 */
function forEachReference<T>(r: T, read: RecordFields<T>, visit: (ref: string, slot: number) => void): void {
  const prev = asId(read.previousResponseId(r));
  if (prev !== undefined) visit(prev, -1);
  const list = read.refs(r);
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
  forEachReference(r, OBJECT_FIELDS, (ref) => refs.push(ref));
  return refs;
}

export function clearIsCommitted(r: SeqRecord): boolean {
  return isCommitted(r.data.outcome, r.data.committed);
}

function isCommitted(outcomeField: JsonValue | undefined, committed: JsonValue | undefined): boolean {
  const outcome = asString(outcomeField) ?? 'ok';
  return asBoolean(committed) ?? outcome === 'ok';
}

const what = (kind: string) => (kind === 'request' ? 'Request' : 'Response');

/**
 * Clears, stale and dangling references (spec 3.5), for one session: handed the session's
 * records one at a time in analysis order (it passes over kinds other than request, response and
 * clear), then ended. analyze walks the checks of every session together (sessionChecks.ts).
 * Each response remembers how many committed clears preceded it, so a clear
 * costs O(1) instead of touching every live id.
 */
export class ReferenceCheck<T = SeqRecord> {
  // Response ids to the response that created each (the latest, when one is created twice), by
  // position in `responses` and `epochs`: committed clears seen before it, a later clear makes it stale.
  private readonly created = new Map<string, number>();
  private readonly responses: T[] = [];
  private readonly epochs: number[] = [];
  private readonly clears: T[] = [];
  // Whether an unresolved id is dangling depends on responses further on, so those are decided at the end.
  private readonly unresolved: { record: T; ref: string; slot: number }[] = [];
  /** The record being visited, for `resolve`: one callback made per check, not one per record. */
  private current: T | null = null;
  // A record may name one id in two fields (previous_response_id and refs): each is its own finding, told apart by the field.
  private readonly resolve = (ref: string, slot: number): void => {
    const r = this.current!;
    const c = this.created.get(ref);
    if (c === undefined) this.unresolved.push({ record: r, ref, slot });
    else if (this.epochs[c]! < this.clears.length) {
      const { sink } = this;
      const response = this.responses[c]!;
      const clear = this.clears[this.epochs[c]!]!;
      sink.add(
        'stale-reference',
        this.session,
        `${what(this.read.kind(r))} ${sink.label(r)} refers to ${shownId(ref)} in ${fieldName(slot)}, created by ${sink.label(response)} before clear ${sink.label(clear)}; that id should no longer be usable.`,
        [response, clear, r],
      );
    }
  };

  constructor(
    private readonly session: string,
    private readonly sink: FindingSink<T>,
    private readonly read: RecordFields<T> = OBJECT_FIELDS as unknown as RecordFields<T>,
  ) {}

  visit(r: T): void {
    const { read } = this;
    const kind = read.kind(r);
    if (kind === 'clear') {
      const outcome = asString(read.outcome(r)) ?? 'ok';
      const committed = isCommitted(read.outcome(r), read.committed(r));
      if (committed && outcome !== 'ok') {
        this.sink.add(
          'clear-committed-but-reported-failed',
          this.session,
          `Clear ${this.sink.label(r)} committed but reported "${outcome}": the caller saw a failure while the history is gone, so every earlier response id must still be dropped.`,
          [r],
        );
      }
      if (committed) this.clears.push(r);
      return;
    }
    if (kind !== 'request' && kind !== 'response') return;
    this.current = r;
    forEachReference(r, read, this.resolve);
    if (kind === 'response') {
      const id = asId(read.responseId(r));
      if (id !== undefined) {
        this.created.set(id, this.responses.length);
        this.responses.push(r);
        this.epochs.push(this.clears.length);
      }
    }
  }

  /** Raises the dangling references, once every record was visited. */
  end(): void {
    const { session, sink, created } = this;
    for (const { record, ref, slot } of this.unresolved) {
      // `created` never forgets an id, so it also says whether any response of the session created it, before or after.
      if (created.has(ref)) continue;
      sink.add(
        'dangling-reference',
        session,
        `${what(this.read.kind(record))} ${sink.label(record)} refers to ${shownId(ref)} in ${fieldName(slot)}, which no response in session ${session} creates.`,
        [record],
      );
    }
  }
}
