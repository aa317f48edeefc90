import { asId, asQuantity, asString } from './fields';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';
import { OBJECT_FIELDS, type RecordFields } from './recordFields';
import { canonicalJson } from './canonical';
import { compareQuantities, type Quantity } from './wideNumber';

interface TaskState<T> {
  readonly record: T;
  readonly revision: Quantity | undefined;
  readonly round: Quantity | undefined;
}

/**
 * Task commands (spec 3.6), for one session: handed the session's records one at a time in
 * analysis order, it passes over kinds other than task and command. analyze walks the checks of
 * every session together (sessionChecks.ts). Idempotency keys are scoped to the session.
 */
export class TaskCheck<T = SeqRecord> {
  private readonly tasks = new Map<string, TaskState<T>>();
  private readonly originals = new Map<string, T>();
  // An original's payload is put in canonical form when its key is first reused, and only once: most
  // keys are never reused, and a huge payload reused by a million commands must not be rewritten each time.
  private readonly originalPayloads = new Map<T, string>();

  constructor(
    private readonly session: string,
    private readonly sink: FindingSink<T>,
    private readonly read: RecordFields<T> = OBJECT_FIELDS as unknown as RecordFields<T>,
  ) {}

  private payloadOf(original: T): string {
    let payload = this.originalPayloads.get(original);
    if (payload === undefined) {
      payload = canonicalJson(this.read.payload(original));
      this.originalPayloads.set(original, payload);
    }
    return payload;
  }

  visit(r: T): void {
    const { session, sink, tasks, originals, read } = this;
    const kind = read.kind(r);
    if (kind === 'task') {
      const task = asId(read.task(r));
      if (task !== undefined) tasks.set(task, { record: r, revision: asQuantity(read.revision(r)), round: asQuantity(read.round(r)) });
      return;
    }
    if (kind !== 'command') return;
    const outcome = asString(read.outcome(r)) ?? 'executed';
    const task = outcome === 'executed' && tasks.size > 0 ? asId(read.task(r)) : undefined;
    const current = task === undefined ? undefined : tasks.get(task);
    if (current) {
      const revision = asQuantity(read.revision(r));
      const round = asQuantity(read.round(r));
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
    const key = asString(read.idempotencyKey(r));
    if (key === undefined) return;
    const original = originals.get(key);
    if (original === undefined) {
      originals.set(key, r);
      return;
    }
    if (this.payloadOf(original) === canonicalJson(read.payload(r))) {
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
