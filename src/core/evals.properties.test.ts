/**
 * Spec 3.7: the eval analysis against a straightforward reference — records
 * grouped by a key made per record, identities sorted by label then key, statuses and
 * content compared by canonical text — on random sweeps with odd spellings,
 * repeats, keys in another order, extra fields and values JSON cannot write.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical';
import { analyzeEvals, normaliseStatus, type EvalIdentity } from './evals';
import { asId } from './fields';
import { FindingSink } from './findings';
import type { JsonObject, ParsedInput, SeqRecord } from './model';
import { permutationOf } from './test/arbitraries';

/** The identity key as the specification states it, made for every record. */
function referenceIdentity(r: SeqRecord): { key: string; basis: EvalIdentity['basis']; label: string } {
  if (r.hasId) return { key: `id\u0000${String(r.id)}`, basis: 'id', label: String(r.id) };
  const caseId = asId(r.data.case_id);
  const runId = asId(r.data.run_id);
  if (caseId !== undefined && runId !== undefined) return { key: `run\u0000${caseId}\u0000${runId}`, basis: 'case+run', label: `${caseId} / ${runId}` };
  if (caseId !== undefined) return { key: `case\u0000${caseId}`, basis: 'case', label: caseId };
  return { key: `syn\u0000${String(r.id)}`, basis: 'synthetic', label: String(r.id) };
}

function referenceIdentities(records: readonly SeqRecord[]) {
  const groups = new Map<string, { basis: EvalIdentity['basis']; label: string; records: SeqRecord[] }>();
  for (const r of records) {
    const id = referenceIdentity(r);
    const g = groups.get(id.key);
    if (g) g.records.push(r);
    else groups.set(id.key, { basis: id.basis, label: id.label, records: [r] });
  }
  // By label as the table shows it, then by key: an id and a case of one text are two identities.
  const byLabel = (a: string, b: string) => {
    const la = groups.get(a)!.label;
    const lb = groups.get(b)!.label;
    return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : 1;
  };
  return [...groups.keys()].sort(byLabel).map((key) => {
    const g = groups.get(key)!;
    const statuses = g.records.map((r) => normaliseStatus(r.data.status));
    const outcomes = new Set(g.records.map((r, i) => `${statuses[i]}\u0000${canonicalJson(r.data.score)}`));
    const variants = new Set(g.records.map((r) => canonicalJson(r.data))).size;
    const disputed = outcomes.size > 1;
    return {
      key,
      basis: g.basis,
      label: g.label,
      lines: g.records.map((r) => r.line),
      statuses,
      disputed,
      replays: g.records.length - variants,
      variance: !disputed && variants > 1,
      status: disputed ? null : statuses[0]!,
    };
  });
}

/** Records as a reader makes them: a string or finite-number id is an id, anything else a synthetic `file:line`. */
function inputOf(datas: readonly JsonObject[]): ParsedInput {
  const records: SeqRecord[] = datas.map((data, i) => {
    const hasId = typeof data.id === 'string' || (typeof data.id === 'number' && Number.isFinite(data.id));
    return { fileIndex: 0, line: i + 1, offset: -1, length: 0, kind: 'eval', id: hasId ? (data.id as string | number) : `sweep:${i + 1}`, hasId, session: 'default', accepted: true, acceptSeq: null, data };
  });
  return { name: 'sweep', format: 'test', bytes: 0, sha256: '', lines: records.length, blank: 0, rejected: [], records, text: '', notes: [] };
}

const idText = fc.constantFrom<unknown>(undefined, 'a', 'b', 'a\u0000b', 'b\u0000c', 'c', '', 7, 7.5, '7', null, true, NaN);
const status = fc.constantFrom<unknown>(undefined, 'pass', 'PASS', ' Passed ', 'success', 'true', true, false, 'fail', 'FAILED', 'error', 'errored', 'skip', 'Skipped', 'maybe', 1, null, '__proto__', 'constructor');
const score = fc.constantFrom<unknown>(undefined, 0, -0, 1, 0.5, '1', null, NaN, [1], { a: 1, b: [2] }, { b: [2], a: 1 });
const note = fc.constantFrom<unknown>(undefined, 'a', 'b', { x: 1, y: 'z' }, { y: 'z', x: 1 });

/** An eval record with fields in one of two orders; undefined fields are kept only in some, as other readers may. */
const evalData: fc.Arbitrary<JsonObject> = fc
  .record({ id: idText, case_id: idText, run_id: idText, status, score, note, reversed: fc.boolean(), keepUndefined: fc.boolean() })
  .map(({ reversed, keepUndefined, ...fields }) => {
    const entries = Object.entries({ kind: 'eval', ...fields }).filter(([, v]) => keepUndefined || v !== undefined);
    return Object.fromEntries(reversed ? entries.reverse() : entries) as JsonObject;
  });

/** A sweep drawn from a small pool, so the same record (or the same object twice) repeats. */
const sweep: fc.Arbitrary<JsonObject[]> = fc
  .array(evalData, { minLength: 1, maxLength: 8 })
  .chain((pool) => fc.array(fc.nat(pool.length - 1), { maxLength: 30 }).map((picks) => picks.map((i) => (i % 2 ? pool[i]! : { ...pool[i]! }))));

/** What a test compares of an identity: records by line, everything else as is. */
function shown(identities: readonly EvalIdentity[]) {
  return identities.map(({ records, ...rest }) => ({ ...rest, lines: records.map((r) => r.line) }));
}

describe('analyzeEvals equals the reference', () => {
  it('on random sweeps: the same identities in the same order, statuses, classes and summary', () => {
    fc.assert(
      fc.property(sweep, (datas) => {
        const records = inputOf(datas).records;
        const got = analyzeEvals(records, null);
        const want = referenceIdentities(records);
        expect(got === null ? [] : shown(got.identities)).toEqual(want);
        // The worker packs identities as columns only when they have exactly these fields, in this order.
        for (const i of got?.identities ?? []) expect(Object.keys(i).join()).toBe('key,basis,label,records,statuses,disputed,replays,variance,status');
        expect(got === null).toBe(records.length === 0);
      }),
      { numRuns: 500 },
    );
  });

  it('raises one finding of the expected code for each identity that has one, naming its records', () => {
    fc.assert(
      fc.property(sweep, (datas) => {
        const input = inputOf(datas);
        const sink = new FindingSink([input.name]);
        analyzeEvals(input.records, sink);
        const want = referenceIdentities(input.records).flatMap((id) => [
          ...(id.basis === 'case' ? [{ code: 'eval-weak-identity', lines: id.lines }] : []),
          ...(id.disputed ? [{ code: 'eval-conflict', lines: id.lines }] : id.variance ? [{ code: 'eval-annotation-variance', lines: id.lines }] : []),
          ...(id.replays > 0 && !id.disputed && !id.variance ? [{ code: 'eval-replay', lines: id.lines }] : []),
        ]);
        const key = (f: { code: string; lines: number[] }) => `${f.code} ${f.lines.join()}`;
        const got = sink.finish(input.records).map((f) => ({ code: f.code, lines: f.records.map((r) => r.line) }));
        expect(got.map(key).sort()).toEqual(want.map(key).sort());
      }),
      { numRuns: 300 },
    );
  });

  it('groups the same identities with the same classes and summary whatever the storage order', () => {
    const arb = sweep.chain((datas) => fc.tuple(fc.constant(datas), permutationOf(datas)));
    fc.assert(
      fc.property(arb, ([datas, shuffled]) => {
        // Synthetic ids name a position, so only records with an id or a case keep their identity when moved.
        const kept = (ds: JsonObject[]) => ds.filter((d) => asId(d.case_id) !== undefined || typeof d.id === 'string');
        const a = analyzeEvals(inputOf(kept(datas)).records, null);
        const b = analyzeEvals(inputOf(kept(shuffled)).records, null);
        expect(b?.summary).toEqual(a?.summary);
        const classes = (x: typeof a) => x?.identities.map((i) => [i.key, i.label, i.disputed, i.replays, i.variance, i.status, [...i.statuses].sort()]);
        expect(classes(b)).toEqual(classes(a));
      }),
      { numRuns: 300 },
    );
  });
});

describe('an identity with many variants', () => {
  it('counts its replays as the reference does, past the few variants compared one by one', () => {
    const datas: JsonObject[] = [];
    for (let round = 0; round < 3; round++) {
      for (let n = 0; n < 12; n++) datas.push(round === 1 ? { note: `n${n}`, status: 'pass', kind: 'eval', id: 'A' } : { kind: 'eval', id: 'A', status: 'pass', note: `n${n}` });
    }
    const records = inputOf(datas).records;
    expect(shown(analyzeEvals(records, null)!.identities)).toEqual(referenceIdentities(records));
    expect(analyzeEvals(records, null)!.identities[0]).toMatchObject({ replays: 24, variance: true });
  });
});

describe('case and run holding U+0000', () => {
  it('are one identity where their keys are one string, as the reference says', () => {
    const records = inputOf([
      { kind: 'eval', case_id: 'a\u0000b', run_id: 'c', status: 'pass' },
      { kind: 'eval', case_id: 'a', run_id: 'b\u0000c', status: 'fail' },
      { kind: 'eval', case_id: 'a', run_id: 'b', status: 'pass' },
    ]).records;
    const got = analyzeEvals(records, null)!.identities;
    expect(shown(got).map((i) => [i.key, i.lines, i.disputed])).toEqual([
      // By label: `a␀b / c` (the first record's) comes before `a / b`.
      ['run\u0000a\u0000b\u0000c', [1, 2], true],
      ['run\u0000a\u0000b', [3], false],
    ]);
  });
});
