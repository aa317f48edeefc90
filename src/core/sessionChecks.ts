import { TaskCheck } from './commands';
import type { FindingSink } from './findings';
import type { SeqRecord } from './model';
import type { OrderingEvidence } from './ordering';
import { OBJECT_FIELDS, type RecordFields } from './recordFields';
import { ReferenceCheck } from './references';
import { REFERENCE_CHECK, RESOURCE_CHECK, TASK_CHECK } from './sessionScan';
import { ResourceCheck } from './writers';

/** A session's participants as its checks read them (SessionScan, or the rows of record tables). */
export interface CheckedParticipants<T> {
  readonly participants: readonly T[];
  /** Participant i's check (NO_CHECK, RESOURCE_CHECK, REFERENCE_CHECK or TASK_CHECK). */
  checkOf(i: number): number;
  /** Participant i's position among every record analysed. */
  positionOf(i: number): number;
  /** The participants some check reads, by index, in the analysis order of `ordering`. */
  checkedInAnalysisOrder(ordering: OrderingEvidence<T>): Int32Array;
}

/** A session ready for its checks: its scan, and the ordering evidence made from the scan's participants. */
export interface SessionToCheck<T = SeqRecord> {
  readonly name: string;
  readonly scan: CheckedParticipants<T>;
  readonly ordering: OrderingEvidence<T>;
}

/**
 * The writer, reference and task command checks of every session, in one walk.
 *
 * Each session's checks must see its records in its analysis order, but the
 * sessions need not wait for each other. Walked session by session, a log of
 * a few interleaved sessions had each pass hop over the others' records, and
 * reaching a record and its fields cost ~150 ns where a walk in storage order
 * costs ~30 (measured at a million records: the hardware prefetches what is
 * laid out in order). So the sessions' walks are interleaved into one that
 * follows storage order wherever each session's own order allows, and each
 * record is handed to the one check that reads its kind.
 *
 * What is found is the same: each check sees the same records in the same
 * order. Findings are raised in another order across sessions and checks,
 * and FindingSink orders findings by session and code before the order they
 * were raised in, and no two checks raise the same code.
 */
export function runSessionChecks<T = SeqRecord>(
  sessions: readonly SessionToCheck<T>[],
  recordCount: number,
  sink: FindingSink<T>,
  read: RecordFields<T> = OBJECT_FIELDS as unknown as RecordFields<T>,
): void {
  const resources: (ResourceCheck<T> | undefined)[] = [];
  const references: (ReferenceCheck<T> | undefined)[] = [];
  const tasks: (TaskCheck<T> | undefined)[] = [];
  const { sessionOf, participantOf } = walkOrder(sessions, recordCount);
  for (let j = 0; j < participantOf.length; j++) {
    const s = sessionOf[j]!;
    const i = participantOf[j]!;
    const { scan, name } = sessions[s]!;
    const r = scan.participants[i]!;
    switch (scan.checkOf(i)) {
      case RESOURCE_CHECK:
        (resources[s] ??= new ResourceCheck(name, sink, read)).visit(r);
        break;
      case REFERENCE_CHECK:
        (references[s] ??= new ReferenceCheck(name, sink, read)).visit(r);
        break;
      case TASK_CHECK:
        (tasks[s] ??= new TaskCheck(name, sink, read)).visit(r);
        break;
    }
  }
  for (const check of references) check?.end();
}

/**
 * The checked participants of every session as one walk: entry j is
 * participant `participantOf[j]` of session `sessionOf[j]`. Each session's
 * entries come in its analysis order; across sessions, an entry's place is
 * the furthest position in storage its session's walk has reached with it
 * (nondecreasing along each session's walk, so sorting by it keeps every
 * session's order). A record in its place in acceptance order is thereby at
 * its own position, and one accepted earlier than stored comes just after
 * the record stored before it.
 */
function walkOrder<T>(sessions: readonly SessionToCheck<T>[], recordCount: number): { sessionOf: Int32Array; participantOf: Int32Array } {
  const orders = sessions.map((s) => s.scan.checkedInAnalysisOrder(s.ordering));
  if (orders.length === 0) return { sessionOf: new Int32Array(0), participantOf: new Int32Array(0) };
  if (orders.length === 1) return { sessionOf: new Int32Array(orders[0]!.length), participantOf: orders[0]! };
  let total = 0;
  for (const order of orders) total += order.length;
  // Counting sort by place: places are positions among the records, so at most recordCount of them.
  const starts = new Int32Array(recordCount + 1);
  const places = new Int32Array(total);
  let e = 0;
  for (let s = 0; s < orders.length; s++) {
    const order = orders[s]!;
    const scan = sessions[s]!.scan;
    let furthest = -1;
    for (let k = 0; k < order.length; k++) {
      const position = scan.positionOf(order[k]!);
      if (position > furthest) furthest = position;
      places[e++] = furthest;
      starts[furthest + 1]!++;
    }
  }
  for (let p = 0; p < recordCount; p++) starts[p + 1]! += starts[p]!;
  const sessionOf = new Int32Array(total);
  const participantOf = new Int32Array(total);
  e = 0;
  for (let s = 0; s < orders.length; s++) {
    const order = orders[s]!;
    for (let k = 0; k < order.length; k++) {
      const at = starts[places[e++]!]!++;
      sessionOf[at] = s;
      participantOf[at] = order[k]!;
    }
  }
  return { sessionOf, participantOf };
}
