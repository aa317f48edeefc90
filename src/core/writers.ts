import { asId, asString } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';
import { sameJson } from './canonical';

interface SuccessfulWrite {
  readonly pos: number;
  readonly actor: string;
  readonly record: SeqRecord;
}

interface ResourceState {
  version: string | undefined;
  lastWrite: SeqRecord | undefined;
  /** The latest successful write, and the latest one by an actor other than its actor. */
  latest: SuccessfulWrite | undefined;
  latestByOther: SuccessfulWrite | undefined;
  lastReadPos: Map<string, number>;
}

interface PendingFailure {
  readonly failed: SeqRecord;
  noticed: boolean;
}

const FAILED_PRECONDITION = new Set(['precondition_failed', 'conflict']);

/** Version chains per resource and the writer checks of spec 3.4, in analysis order. */
export function checkResources(session: string, order: readonly SeqRecord[], sink: FindingSink): void {
  const resources = new Map<string, ResourceState>();
  const stateOf = (name: string) => {
    let s = resources.get(name);
    if (!s) {
      s = { version: undefined, lastWrite: undefined, latest: undefined, latestByOther: undefined, lastReadPos: new Map() };
      resources.set(name, s);
    }
    return s;
  };
  const pendingByActorResource = new Map<string, PendingFailure>();
  const pendingById = new Map<string, PendingFailure[]>();

  order.forEach((r, pos) => {
    if (r.kind === 'notice') {
      const ref = asId(r.data.ref);
      const noticed = ref === undefined ? undefined : pendingById.get(ref);
      if (noticed) {
        for (const p of noticed) p.noticed = true;
        // Noticed stays noticed, so each failure is marked once however many notices name it.
        pendingById.delete(ref!);
      }
      return;
    }
    if (r.kind !== 'read' && r.kind !== 'write') return;
    const resource = asId(r.data.resource);
    if (resource === undefined) return;
    const state = stateOf(resource);
    const actor = asString(r.data.actor) ?? '';

    if (r.kind === 'read') {
      const version = asId(r.data.version);
      if (state.lastWrite === undefined && state.version === undefined && version !== undefined) state.version = version;
      state.lastReadPos.set(actor, pos);
      return;
    }

    const outcome = asString(r.data.outcome) ?? 'ok';
    const ifMatch = asId(r.data.if_match);
    if (asString(r.data.reported) === 'success' && outcome !== 'ok') {
      sink.add(
        'reported-success-on-failure',
        session,
        `Write ${sink.label(r)} on ${resource} ended in "${outcome}" but told its caller "success"; the caller believes a change that never happened.`,
        [r],
      );
    }

    const pendingKey = `${actor}\u0000${resource}`;
    const pending = pendingByActorResource.get(pendingKey);
    if (pending) {
      pendingByActorResource.delete(pendingKey);
      if (!pending.noticed && sameJson(pending.failed.data.fields, r.data.fields)) {
        sink.add(
          'retry-after-conflict',
          session,
          `Write ${sink.label(r)} by ${actor || 'an unnamed actor'} repeats the same change to ${resource} after ${sink.label(pending.failed)} failed with "${asString(pending.failed.data.outcome)}", and no notice surfaced the conflict in between; it was swallowed, not resolved.`,
          [pending.failed, r],
        );
      }
    }

    if (outcome === 'ok') {
      if (ifMatch !== undefined) {
        if (state.version !== undefined && ifMatch !== state.version) {
          const overwritten = state.lastWrite ? [state.lastWrite] : [];
          sink.add(
            'lost-update',
            session,
            `Write ${sink.label(r)} on ${resource} succeeded with if_match ${ifMatch} although the current version was ${state.version}${state.lastWrite ? `, set by ${sink.label(state.lastWrite)}` : ''}; the precondition was not enforced and that change was overwritten.`,
            [...overwritten, r],
          );
        }
      } else {
        sink.add(
          'unconditional-write',
          session,
          `Write ${sink.label(r)} on ${resource} has no if_match, so nothing stops it from overwriting a change it never saw.`,
          [r],
        );
        const lastRead = state.lastReadPos.get(actor);
        if (lastRead !== undefined) {
          const overwritten = lastWriteByOtherSince(state, actor, lastRead);
          if (overwritten) {
            sink.add(
              'lost-update',
              session,
              `Write ${sink.label(r)} by ${actor || 'an unnamed actor'} on ${resource} is unconditional and overwrote ${sink.label(overwritten.record)} by ${overwritten.actor || 'another actor'}, written after ${actor || 'this actor'} last read it.`,
              [overwritten.record, r],
            );
          }
        }
      }
      state.version = asId(r.data.version);
      state.lastWrite = r;
      recordWrite(state, { pos, actor, record: r });
    } else if (FAILED_PRECONDITION.has(outcome)) {
      const p: PendingFailure = { failed: r, noticed: false };
      pendingByActorResource.set(pendingKey, p);
      const id = String(r.id);
      const list = pendingById.get(id);
      if (list) list.push(p);
      else pendingById.set(id, [p]);
    }
  });
}

/**
 * Keeps the latest write and the latest write by anyone else than its actor:
 * the latest write by an actor other than X is the first of the two whose
 * actor is not X. O(1) per write, where scanning back through the writes made
 * a million unconditional writes by one actor quadratic.
 */
function recordWrite(state: ResourceState, w: SuccessfulWrite): void {
  if (state.latest && state.latest.actor !== w.actor) state.latestByOther = state.latest;
  state.latest = w;
}

function lastWriteByOtherSince(state: ResourceState, actor: string, since: number): SuccessfulWrite | undefined {
  const w = state.latest && state.latest.actor !== actor ? state.latest : state.latestByOther;
  return w && w.actor !== actor && w.pos > since ? w : undefined;
}
