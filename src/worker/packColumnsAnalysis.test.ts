import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeInStages, type SessionAnalysis } from '../core/analyze';
import { analyzeColumns } from '../core/analyzeColumns';
import { TableRows } from '../core/tableRows';
import { mixedLog } from '../core/test/arbitraries';
import { toInput } from '../core/test/build';
import { readNativeColumns } from '../io/readNativeColumns';
import { chunksOf } from '../io/test/chunksOf';
import { packAnalysis, packSessionsAhead, unpackAnalysis, unpackSessions } from './packAnalysis';
import { packColumnsAnalysis, packColumnsSessions } from './packColumnsAnalysis';
import type { RecordsElsewhere } from './pageRecords';

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

describe('packColumnsAnalysis', () => {
  it('packs the tables\' whole analysis so that the page rebuilds what it rebuilds of the object engine\'s, every input read on the page', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mixedLog, { minLength: 1, maxLength: 2 }), fc.option(fc.integer({ min: 0, max: 7 }), { nil: null }), fc.boolean(), async (files, cutoff, ahead) => {
        const inputs = files.map((records, i) => toInput(records, `f${i}.jsonl`, i));
        const onPage = { records: (from: RecordsElsewhere) => ('readOnPage' in from ? inputs[from.readOnPage]!.records : undefined), heldInput: () => undefined };
        const elsewhere = new Map(inputs.map((input, j) => [input, { readOnPage: j }]));
        const stages = analyzeInStages(inputs, { cutoff });
        const sentAhead = ahead ? packSessionsAhead(stages, elsewhere) : null;
        const objects = packAnalysis(stages.finish(), elsewhere, sentAhead?.parts.length ?? 0);
        const fromObjects = await unpackAnalysis(structuredClone(objects.packed), noWait, onPage, structuredClone(sentAhead?.parts ?? objects.sessionParts));

        const names = inputs.map((i) => i.name);
        const tables = [];
        for (const [i, input] of inputs.entries()) tables.push((await readNativeColumns(chunksOf(enc.encode(input.text), []), input.name, i)).columns);
        const analysis = analyzeColumns(new TableRows(tables, names), names, { cutoff });
        // As the worker would hold them: each input's facts, its records in the tables.
        const metas = inputs.map((input) => ({ ...input, records: [] }));
        const tablesAhead = ahead && analysis.sessions.length > 0 ? packColumnsSessions(analysis.sessions) : null;
        const columns = packColumnsAnalysis(analysis, metas, tables.map((t) => t.count), new Map(metas.map((input, j) => [input, { readOnPage: j }])), tablesAhead?.parts.length ?? 0);
        const fromTables = await unpackAnalysis(structuredClone(columns.packed), noWait, onPage, structuredClone(tablesAhead?.parts ?? columns.sessionParts));
        expect(fromTables).toEqual(fromObjects);
      }),
      { numRuns: 200 },
    );
  });
});
