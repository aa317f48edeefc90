import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readNativeColumns } from '../io/readNativeColumns';
import { chunksOf } from '../io/test/chunksOf';
import { analyze, type SessionAnalysis } from './analyze';
import { analyzeColumns, type ColumnsSessionAnalysis } from './analyzeColumns';
import type { CutoffIndex } from './cutoff';
import type { SeqRecord } from './model';
import { mixedLog } from './test/arbitraries';
import { toInput } from './test/build';
import { TableRows } from './tableRows';

const enc = new TextEncoder();

function indexShown<T>(index: CutoffIndex<T>, at: (r: T) => number): unknown {
  return {
    hasAcceptanceOrder: index.hasAcceptanceOrder,
    unknownKeys: index.unknownKeys,
    changes: [...index.changes].map(([key, c]) => [key, c.seqs, c.values, c.setters.map(at)]),
    participants: index.participants.map(at),
    seqSteps: [...index.seqSteps],
    prefixEnd: [...index.prefixEnd],
  };
}

function sessionShown<T>(s: SessionAnalysis | ColumnsSessionAnalysis, rows: readonly T[], at: (r: T) => number): unknown {
  return {
    session: s.session,
    rows: rows.map(at),
    accepted: s.accepted,
    unaccepted: s.unaccepted,
    index: indexShown(s.cutoffIndex as CutoffIndex<T>, at),
    cutoff: s.cutoff && { seq: s.cutoff.seq, state: { ...s.cutoff.state }, futureLeaks: (s.cutoff.futureLeaks as readonly T[]).map(at) },
  };
}

describe('analyzeColumns', () => {
  it('answers as analyze() does: sessions, cutoff, evals and every finding, for any cutoff and session asked', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mixedLog, { minLength: 1, maxLength: 2 }), fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }), fc.constantFrom(null, 's2'), async (files, cutoff, session) => {
        const inputs = files.map((records, i) => toInput(records, `f${i}.jsonl`, i));
        const names = inputs.map((i) => i.name);
        const objects = analyze(inputs, { cutoff, session });
        const position = new Map(objects.records.map((r, i) => [r, i]));
        const at = (r: SeqRecord) => position.get(r)!;
        const tables = [];
        for (const [i, input] of inputs.entries()) tables.push((await readNativeColumns(chunksOf(enc.encode(input.text), []), input.name, i)).columns);
        const columns = analyzeColumns(new TableRows(tables, names), names, { cutoff, session });
        expect(columns.findings).toEqual(objects.findings);
        const f = columns.findingPositions;
        expect({ count: f.count, codes: f.codes, severities: f.severities, sessions: f.sessions, messages: f.messages, recordIndex: f.recordIndex }).toEqual({
          count: objects.findings.length,
          codes: objects.findings.map((x) => x.code),
          severities: objects.findings.map((x) => x.severity),
          sessions: objects.findings.map((x) => x.session),
          messages: objects.findings.map((x) => x.message),
          recordIndex: objects.findings.map((x) => x.recordIndex),
        });
        expect(columns.evals?.summary).toEqual(objects.evals?.summary);
        expect(columns.sessions.map((s) => sessionShown(s, s.rows, (p: number) => p))).toEqual(objects.sessions.map((s) => sessionShown(s, s.records, at)));
      }),
      { numRuns: 300 },
    );
  });
});
