import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeInStages, type SessionAnalysis } from '../core/analyze';
import { analyzeColumns } from '../core/analyzeColumns';
import { TableRows } from '../core/tableRows';
import { mixedLog } from '../core/test/arbitraries';
import { toInput } from '../core/test/build';
import { readNativeColumns } from '../io/readNativeColumns';
import { chunksOf } from '../io/test/chunksOf';
import { packSessionsAhead, unpackSessions } from './packAnalysis';
import { packColumnsSessions } from './packColumnsSessions';

const enc = new TextEncoder();
const noWait = async () => undefined;

/** Which lists of a session are one list in two places. */
const shared = (s: SessionAnalysis) => [s.ordering.analysisOrder === s.ordering.participants, s.cutoffIndex.participants === s.ordering.participants];

describe('packColumnsSessions', () => {
  it('packs the tables\' sessions so that the page rebuilds the sessions the object engine packs, around its own records', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mixedLog, { minLength: 1, maxLength: 2 }), fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }), async (files, cutoff) => {
        const inputs = files.map((records, i) => toInput(records, `f${i}.jsonl`, i));
        const stages = analyzeInStages(inputs, { cutoff });
        const ahead = packSessionsAhead(stages, new Map(inputs.map((input, j) => [input, { readOnPage: j }])));
        const fromObjects = ahead ? await unpackSessions(structuredClone(ahead.parts), stages.records, noWait) : [];
        const names = inputs.map((i) => i.name);
        const tables = [];
        for (const [i, input] of inputs.entries()) tables.push((await readNativeColumns(chunksOf(enc.encode(input.text), []), input.name, i)).columns);
        const { parts } = packColumnsSessions(analyzeColumns(new TableRows(tables, names), names, { cutoff }).sessions);
        const fromTables = await unpackSessions(structuredClone(parts), stages.records, noWait);
        expect(fromTables).toEqual(fromObjects);
        expect(fromTables.map(shared)).toEqual(fromObjects.map(shared));
      }),
      { numRuns: 200 },
    );
  });
});
