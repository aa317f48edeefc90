import { asId, asString } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';
import { sameJson } from './canonical';
import { OBJECT_FIELDS, type RecordFields } from './recordFields';

interface SuccessfulWrite<T> {
  readonly pos: number;
  readonly actor: string;
  readonly record: T;
}

interface ResourceState<T> {
  version: string | undefined;
  lastWrite: T | undefined;
  /** The latest successful write, and the latest one by an actor other than its actor. */
  latest: SuccessfulWrite<T> | undefined;
  latestByOther: SuccessfulWrite<T> | undefined;
  /** Each actor's last read of the resource, by position; made on its first read, as many resources are never read. */
  lastReadPos: Map<string, number> | undefined;
  /**
   * A failed conditional write awaiting its actor's next write here, by actor; made on the first
   * failed write. A map per resource: one map by `actor + resource` made a fresh key string for every write.
   */
  pendingByActor: Map<string, PendingFailure<T>> | undefined;
}

interface PendingFailure<T> {
  readonly failed: T;
  noticed: boolean;
}

const FAILED_PRECONDITION = new Set(['precondition_failed', 'conflict']);

/**
 * Version chains per resource and the writer checks of spec 3.4, for one session: handed the
 * session's records one at a time in analysis order, it passes over kinds other than read, write
 * and notice. analyze walks the checks of every session together (sessionChecks.ts).
 *
 * The texts of the findings a log may raise once per write are joined from their pieces, not
 * written as template literals. A template makes a chain of partial strings, one per piece, kept
 * with the finding until its text is written out and flattened there; joined, a text is one flat
 * string made once. The page bench's 98,681 lost updates took ~85 ms less to raise, and texts
 * like theirs about half the time to serialise.
 */
export class ResourceCheck<T = SeqRecord> {
  private readonly resources = new Map<string, ResourceState<T>>();
  private readonly pendingById = new Map<string, PendingFailure<T>[]>();
  /** How many records were visited: a read's and a write's place in the walk, compared only with each other. */
  private pos = 0;

  constructor(
    private readonly session: string,
    private readonly sink: FindingSink<T>,
    private readonly read: RecordFields<T> = OBJECT_FIELDS as unknown as RecordFields<T>,
  ) {}

  visit(r: T): void {
    const { session, sink, resources, pendingById, read } = this;
    const pos = this.pos++;
    const kind = read.kind(r);
    if (kind === 'notice') {
      const ref = asId(read.ref(r));
      const noticed = ref === undefined ? undefined : pendingById.get(ref);
      if (noticed) {
        for (const p of noticed) p.noticed = true;
        // Noticed stays noticed, so each failure is marked once however many notices name it.
        pendingById.delete(ref!);
      }
      return;
    }
    const isRead = kind === 'read';
    if (!isRead && kind !== 'write') return;
    const resource = asId(read.resource(r));
    if (resource === undefined) return;
    let state = resources.get(resource);
    if (state === undefined) {
      state = { version: undefined, lastWrite: undefined, latest: undefined, latestByOther: undefined, lastReadPos: undefined, pendingByActor: undefined };
      resources.set(resource, state);
    }
    const actor = asString(read.actor(r)) ?? '';

    if (isRead) {
      const version = asId(read.version(r));
      if (state.lastWrite === undefined && state.version === undefined && version !== undefined) state.version = version;
      (state.lastReadPos ??= new Map()).set(actor, pos);
      return;
    }

    const outcome = asString(read.outcome(r)) ?? 'ok';
    if (asString(read.reported(r)) === 'success' && outcome !== 'ok') {
      sink.add(
        'reported-success-on-failure',
        session,
        `Write ${sink.label(r)} on ${resource} ended in "${outcome}" but told its caller "success"; the caller believes a change that never happened.`,
        [r],
      );
    }

    const pending = state.pendingByActor?.get(actor);
    if (pending) {
      state.pendingByActor!.delete(actor);
      if (!pending.noticed && sameJson(read.fields(pending.failed), read.fields(r))) {
        sink.add(
          'retry-after-conflict',
          session,
          `Write ${sink.label(r)} by ${actor || 'an unnamed actor'} repeats the same change to ${resource} after ${sink.label(pending.failed)} failed with "${asString(read.outcome(pending.failed))}", and no notice surfaced the conflict in between; it was swallowed, not resolved.`,
          [pending.failed, r],
        );
      }
    }

    if (outcome === 'ok') {
      const ifMatch = asId(read.ifMatch(r));
      if (ifMatch !== undefined) {
        if (state.version !== undefined && ifMatch !== state.version) {
          const overwritten = state.lastWrite;
          sink.add(
            'lost-update',
            session,
            [
              'Write ',
              sink.label(r),
              ' on ',
              resource,
              ' succeeded with if_match ',
              ifMatch,
              ' although the current version was ',
              state.version,
              overwritten !== undefined ? `, set by ${sink.label(overwritten)}` : '',
              '; the precondition was not enforced and that change was overwritten.',
            ].join(''),
            overwritten !== undefined ? [overwritten, r] : [r],
          );
        }
      } else {
        sink.add(
          'unconditional-write',
          session,
          ['Write ', sink.label(r), ' on ', resource, ' has no if_match, so nothing stops it from overwriting a change it never saw.'].join(''),
          [r],
        );
        const lastRead = state.lastReadPos?.get(actor);
        if (lastRead !== undefined) {
          const overwritten = lastWriteByOtherSince(state, actor, lastRead);
          if (overwritten) {
            sink.add(
              'lost-update',
              session,
              [
                'Write ',
                sink.label(r),
                ' by ',
                actor || 'an unnamed actor',
                ' on ',
                resource,
                ' is unconditional and overwrote ',
                sink.label(overwritten.record),
                ' by ',
                overwritten.actor || 'another actor',
                ', written after ',
                actor || 'this actor',
                ' last read it.',
              ].join(''),
              [overwritten.record, r],
            );
          }
        }
      }
      state.version = asId(read.version(r));
      state.lastWrite = r;
      recordWrite(state, { pos, actor, record: r });
    } else if (FAILED_PRECONDITION.has(outcome)) {
      const p: PendingFailure<T> = { failed: r, noticed: false };
      (state.pendingByActor ??= new Map()).set(actor, p);
      const id = String(read.id(r));
      const list = pendingById.get(id);
      if (list) list.push(p);
      else pendingById.set(id, [p]);
    }
  }
  }

/**
 * Keeps the latest write and the latest write by anyone else than its actor:
 * the latest write by an actor other than X is the first of the two whose
 * actor is not X. O(1) per write, where scanning back through the writes made
 * a million unconditional writes by one actor quadratic.
 */
function recordWrite<T>(state: ResourceState<T>, w: SuccessfulWrite<T>): void {
  if (state.latest && state.latest.actor !== w.actor) state.latestByOther = state.latest;
  state.latest = w;
}

function lastWriteByOtherSince<T>(state: ResourceState<T>, actor: string, since: number): SuccessfulWrite<T> | undefined {
  const w = state.latest && state.latest.actor !== actor ? state.latest : state.latestByOther;
  return w && w.actor !== actor && w.pos > since ? w : undefined;
}
