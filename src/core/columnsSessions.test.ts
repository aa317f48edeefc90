import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNativeColumns } from '../io/readNativeColumns';
import { chunksOf } from '../io/test/chunksOf';
import { analyze, analyzeInStages, type SessionAnalysis } from './analyze';
import { columnsEvals } from './columnsEvals';
import { checkColumnsSessions, orderColumnsSessions, type ColumnsSession } from './columnsSessions';
import { FindingSink } from './findings';
import { TableRows } from './tableRows';
import type { SeqRecord } from './model';
import { inputBody, mixedLog } from './test/arbitraries';
import type { Rec } from './test/build';
import { toInput } from './test/build';

const enc = new TextEncoder();

/** The findings the first stage raises: ids, acceptance numbers, the replays. */
const STAGE_ONE_CODES = new Set(['missing-id', 'unaccepted-input', 'no-acceptance-order', 'missing-accept-seq', 'duplicate-accept-seq', 'storage-order-inversion', 'undetermined-decision', 'decision-flip']);
/** The findings of the evals' summary. */
const isEvalFinding = (code: string) => code.startsWith('eval-');

/** The object engine's session with every record as its position among all records, as the columns' session says it. */
function asPositions(s: SessionAnalysis, at: (r: SeqRecord) => number): unknown {
  const { ordering: o, replays: r } = s;
  const all = (rs: readonly SeqRecord[]) => rs.map(at);
  return {
    session: s.session,
    rows: all(s.records),
    accepted: s.accepted,
    ordering: {
      participants: all(o.participants),
      hasAcceptanceOrder: o.hasAcceptanceOrder,
      usable: [...o.usable],
      usableCount: o.usableCount,
      missing: all(o.missing),
      duplicates: o.duplicates.map((d) => ({ seq: d.seq, records: all(d.records) })),
      inversions: o.inversions,
      displaced: all(o.displaced),
      bySeq: [...o.bySeq],
      analysisOrder: all(o.analysisOrder),
      analysisOrderIsAcceptance: o.analysisOrderIsAcceptance,
    },
    replays: {
      storage: { ...r.storage },
      acceptance: { ...r.acceptance },
      keys: r.keys.map((k) => ({ ...k, storageSetter: at(k.storageSetter), acceptanceSetter: k.acceptanceSetter && at(k.acceptanceSetter), unusableInputs: all(k.unusableInputs) })),
      inputs: all(r.inputs),
      effects: r.effects,
    },
  };
}

function asShown(s: ColumnsSession): unknown {
  const { ordering: o, replays: r } = s;
  return {
    session: s.session,
    rows: s.rows,
    accepted: s.accepted,
    ordering: { ...o, usable: [...o.usable], bySeq: [...o.bySeq] },
    replays: { ...r, storage: { ...r.storage }, acceptance: { ...r.acceptance } },
  };
}

async function expectSameSessions(files: readonly Rec[][], only: string | null = null): Promise<void> {
  const inputs = files.map((records, i) => toInput(records, `f${i}.jsonl`, i));
  const stages = analyzeInStages(inputs, { session: only });
  const position = new Map(stages.records.map((r, i) => [r, i]));
  const at = (r: SeqRecord) => position.get(r)!;
  const tables = [];
  for (const [i, input] of inputs.entries()) tables.push((await readNativeColumns(chunksOf(enc.encode(input.text), []), input.name, i)).columns);
  const rows = new TableRows(tables, inputs.map((i) => i.name));
  const sink = new FindingSink<number>(inputs.map((i) => i.name), [], rows);
  const columns = orderColumnsSessions(rows, sink, only);
  expect(columns.sessions.map(asShown)).toEqual(stages.sessions.map((s) => asPositions(s, at)));
  const analysis = analyze(inputs, { session: only });
  const objects = analysis.findings;
  expect(sink.finishAt((p) => p, rows.count)).toEqual(objects.filter((f) => STAGE_ONE_CODES.has(f.code)));
  const checked = new FindingSink<number>(inputs.map((i) => i.name), [], rows);
  const stage = orderColumnsSessions(rows, checked, only);
  checkColumnsSessions(stage, rows, checked);
  const checkedOnly = checked.finishAt((p) => p, rows.count);
  expect(checkedOnly).toEqual(objects.filter((f) => !isEvalFinding(f.code)));
  const { evals, positionOf } = columnsEvals(rows, stage.evalRows, inputs.map((i) => i.name), checked);
  expect(checked.finishAt((p) => p, rows.count)).toEqual(objects);
  const evalsAt = (e: typeof evals) => e && { ...e, identities: e.identities.map((id) => ({ ...id, records: id.records.map((r) => positionOf.get(r) ?? at(r)) })) };
  expect(evalsAt(evals)).toEqual(evalsAt(analysis.evals));
  expect(columns.sessions.map((s) => [s.withoutId, s.unacceptedInputs])).toEqual(
    stages.sessions.map((s) => [s.records.filter((r) => !r.hasId).map(at), s.records.filter((r) => !r.accepted && r.kind === 'input').map(at)]),
  );
  expect(columns.evalRows).toEqual(stages.records.flatMap((r, i) => (r.kind === 'eval' ? [i] : [])));
}

describe('orderColumnsSessions', () => {
  it('orders, replays and checks every session and sums up the evals, raising every finding the object engine raises, over one input or two', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mixedLog, { minLength: 1, maxLength: 2 }), fc.constantFrom(null, 's1'), async (files, only) => {
        await expectSameSessions(files, only);
      }),
      { numRuns: 300 },
    );
  });

  it('decides and flips keys as the object engine does, in logs of inputs alone', async () => {
    const inputs = fc.array(fc.tuple(inputBody, fc.boolean()), { maxLength: 10 }).map((rows) => rows.map(([body, hasId], i) => ({ ...body, ...(hasId ? { id: `i${i}` } : {}) })));
    await fc.assert(
      fc.asyncProperty(fc.array(inputs, { minLength: 1, maxLength: 2 }), async (files) => {
        await expectSameSessions(files);
      }),
      { numRuns: 300 },
    );
  });

  it('takes the record at position 0 for a record in every check, as a first write, response, task or command', async () => {
    const logs: Rec[][] = [
      [{ kind: 'write', id: 'w0', resource: 'R', if_match: 'v0', version: 'v1' }, { kind: 'write', id: 'w1', resource: 'R', if_match: 'v0', version: 'v2' }],
      [{ kind: 'write', id: 'w0', actor: 'a', resource: 'R', if_match: 'v0', version: 'v1', outcome: 'conflict', fields: { a: 1 } }, { kind: 'write', id: 'w1', actor: 'a', resource: 'R', version: 'v2', fields: { a: 1 } }],
      [{ kind: 'response', id: 'r0', response_id: 'p1' }, { kind: 'clear', id: 'c' }, { kind: 'request', id: 'q', previous_response_id: 'p1' }],
      [{ kind: 'task', id: 't0', task: 'T', revision: 2 }, { kind: 'command', id: 'c1', task: 'T', revision: 1 }],
      [{ kind: 'command', id: 'c0', task: 'T', idempotency_key: 'k', payload: 1 }, { kind: 'command', id: 'c1', task: 'T', idempotency_key: 'k', payload: 2 }],
    ];
    for (const log of logs) await expectSameSessions([log]);
  });

  it('keeps a session per name across inputs, whose tables number their values apart', async () => {
    const a = [{ kind: 'input', id: 'a', session: 'x', op: 'set', key: 'k', value: 1, accept_seq: 2 }, { kind: 'input', id: 'b', session: 'y', op: 'allow', accept_seq: 1 }];
    const b = [{ kind: 'read', id: 'c', session: 'y', resource: 'r', version: 'v' }, { kind: 'input', id: 'd', session: 'x', op: 'set', key: 'k', value: 2, accept_seq: 1 }];
    await expectSameSessions([a, b]);
    const table = (await readNativeColumns(chunksOf(enc.encode(toInput(a).text), []), 'a', 0)).columns;
    const stage = orderColumnsSessions(new TableRows([table], ['a']), new FindingSink<number>(['a']));
    expect(stage.sessions.map((s) => [s.session, s.rows])).toEqual([
      ['x', [0]],
      ['y', [1]],
    ]);
  });
});
