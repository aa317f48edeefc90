import { asId, asQuantity, asString } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';
import { canonicalJson } from './canonical';
import { compareQuantities, type Quantity } from './wideNumber';

interface TaskState {
  readonly record: SeqRecord;
  readonly revision: Quantity | undefined;
  readonly round: Quantity | undefined;
}

/** Task commands (spec 3.6), in analysis order; idempotency keys are scoped to the session. */
export function checkTaskCommands(session: string, order: readonly SeqRecord[], sink: FindingSink): void {
  const tasks = new Map<string, TaskState>();
  // The original's payload is put in canonical form once: a huge payload reused by a million commands must not be rewritten each time.
  const originals = new Map<string, { readonly record: SeqRecord; readonly payload: string }>();
  for (const r of order) {
    if (r.kind === 'task') {
      const task = taskName(r);
      if (task !== undefined) tasks.set(task, { record: r, revision: asQuantity(r.data.revision), round: asQuantity(r.data.round) });
      continue;
    }
    if (r.kind !== 'command') continue;
    const outcome = asString(r.data.outcome) ?? 'executed';
    const task = taskName(r);
    const current = task === undefined ? undefined : tasks.get(task);
    if (outcome === 'executed' && current) {
      const revision = asQuantity(r.data.revision);
      const round = asQuantity(r.data.round);
      const staleRevision = revision !== undefined && current.revision !== undefined && compareQuantities(revision, current.revision) < 0;
      const staleRound = round !== undefined && current.round !== undefined && compareQuantities(round, current.round) < 0;
      if (staleRevision || staleRound) {
        const what = [
          staleRevision ? `revision ${revision} < ${current.revision}` : '',
          staleRound ? `round ${round} < ${current.round}` : '',
        ].filter(Boolean).join(' and ');
        sink.add(
          'stale-revision',
          session,
          `Command ${sink.label(r)} on task ${task} executed against an old state (${what}, current since ${sink.label(current.record)}); it should have been rejected.`,
          [current.record, r],
        );
      }
    }
    const key = asString(r.data.idempotency_key);
    if (key === undefined) continue;
    const first = originals.get(key);
    if (!first) {
      originals.set(key, { record: r, payload: canonicalJson(r.data.payload) });
      continue;
    }
    const original = first.record;
    if (first.payload === canonicalJson(r.data.payload)) {
      sink.add(
        'idempotent-replay',
        session,
        `Command ${sink.label(r)} repeats idempotency key ${key} with the same payload as ${sink.label(original)}: a replay, safe to answer from the first receipt.`,
        [original, r],
      );
    } else if (outcome !== 'rejected') {
      sink.add(
        'idempotency-conflict',
        session,
        `Command ${sink.label(r)} reuses idempotency key ${key} from ${sink.label(original)} with a different payload and was ${outcome}, not rejected.`,
        [original, r],
      );
    }
  }
}

function taskName(r: SeqRecord): string | undefined {
  return asId(r.data.task);
}
