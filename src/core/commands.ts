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

/**
 * Task commands (spec 3.6), for one session: handed the session's records one at a time in
 * analysis order, it passes over kinds other than task and command. analyze walks the checks of
 * every session together (sessionChecks.ts). Idempotency keys are scoped to the session.
 */
export class TaskCheck {
  private readonly tasks = new Map<string, TaskState>();
  private readonly originals = new Map<string, SeqRecord>();
  // An original's payload is put in canonical form when its key is first reused, and only once: most
  // keys are never reused, and a huge payload reused by a million commands must not be rewritten each time.
  private readonly originalPayloads = new Map<SeqRecord, string>();

  constructor(
    private readonly session: string,
    private readonly sink: FindingSink,
  ) {}

  private payloadOf(original: SeqRecord): string {
    let payload = this.originalPayloads.get(original);
    if (payload === undefined) {
      payload = canonicalJson(original.data.payload);
      this.originalPayloads.set(original, payload);
    }
    return payload;
  }

  visit(r: SeqRecord): void {
    const { session, sink, tasks, originals } = this;
    const kind = r.kind;
    if (kind === 'task') {
      const task = taskName(r);
      if (task !== undefined) tasks.set(task, { record: r, revision: asQuantity(r.data.revision), round: asQuantity(r.data.round) });
      return;
    }
    if (kind !== 'command') return;
    const data = r.data;
    const outcome = asString(data.outcome) ?? 'executed';
    const task = outcome === 'executed' && tasks.size > 0 ? taskName(r) : undefined;
    const current = task === undefined ? undefined : tasks.get(task);
    if (current) {
      const revision = asQuantity(data.revision);
      const round = asQuantity(data.round);
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
    const key = asString(data.idempotency_key);
    if (key === undefined) return;
    const original = originals.get(key);
    if (!original) {
      originals.set(key, r);
      return;
    }
    if (this.payloadOf(original) === canonicalJson(data.payload)) {
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
