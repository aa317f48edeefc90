/** The packed analysis the worker sends rebuilds exactly what a structured clone would give, with shared records still shared. */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyze, analyzeInStages, type Analysis } from '../core/analyze';
import { directInput } from '../core/test/build';
import { isSmi } from '../io/test/isSmi';
import { analysisOf, O1, STALE_REFERENCE } from '../state/testAnalysis';
import { packAnalysis, packSessionsAhead, SESSIONS_PER_PART, unpackAnalysis, unpackSessions } from './packAnalysis';
import { CHUNK, CHUNK_CHARS } from './packRecords';
import { textUnits, unitsText } from './packedTexts';
import type { RecordsElsewhere } from './pageRecords';
import type { SeqRecord } from '../core/model';
import { canonicalJson } from '../core/canonical';
import { compareAnalyses } from '../core/compare';
import { loadInput } from '../io/loadInput';

/** What postMessage does to the packed form: a structured clone (the columns would be transferred). */
async function roundTrip(analysis: Analysis): Promise<Analysis> {
  const { packed } = packAnalysis(analysis);
  return unpackAnalysis(structuredClone(packed), async () => undefined);
}

describe('the packed analysis', () => {
  it('rebuilds the same analysis as a structured clone, records shared between every list that holds them', async () => {
    const analysis = await analysisOf(
      { name: 'o1.jsonl', lines: [...O1, { kind: 'input', id: 7, op: 'set', key: '__proto__', value: { polluted: true }, session: 'o1', accept_seq: 3 }] },
      { name: 'refs.jsonl', lines: [...STALE_REFERENCE.map((r) => ({ ...r, session: 'chat' })), { kind: 'eval', id: 'c1', status: 'pass' }, { kind: 'odd', note: 'no id' }] },
    );
    const back = await roundTrip(analysis);
    expect(back.findings.length).toBeGreaterThan(2);
    // Every session's per-participant effects stay in the worker (they only build the cutoff index).
    const clone = structuredClone(analysis);
    expect(back).toEqual({ ...clone, sessions: clone.sessions.map((s) => ({ ...s, replays: { ...s.replays, effects: [] } })) });
    const o1 = back.sessions.find((s) => s.session === 'o1')!;
    expect(back.records).toContain(o1.records[0]);
    expect(o1.ordering.participants[0]).toBe(o1.records[0]);
    expect(o1.cutoffIndex.participants).toBe(o1.ordering.participants);
    expect(back.inputs[0]!.records[1]).toBe(back.records[1]);
    expect(typeof back.records[2]!.id).toBe('number');
    // A state keyed by log text keeps `__proto__` as an ordinary key and no prototype.
    const storage = o1.replays.storage;
    expect(Object.getPrototypeOf(storage)).toBeNull();
    expect(Object.keys(storage)).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  // Before any test gives a record a line past 31 bits: V8 then boxes that field in every record of the same shape.
  it('keeps places, accept numbers and findings\' positions as small integers, and one list of all records', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => ({ kind: 'write', id: `w${i}`, resource: 'R', if_match: 'v0', version: `v${i + 1}`, session: 's', accept_seq: 300 - i }));
    const analysis = await analysisOf({ name: 'w.jsonl', lines });
    const back = await roundTrip(analysis);
    // Asked of each field itself: copying the numbers into a list would make small integers of them anyway.
    expect(back.records.every((r) => isSmi(r.line) && isSmi(r.offset) && isSmi(r.length) && isSmi(r.acceptSeq))).toBe(true);
    expect(back.findings.length).toBeGreaterThan(1);
    for (const f of back.findings) {
      expect(f.recordIndex.every((i) => isSmi(i))).toBe(true);
      expect(f.records.every((r) => isSmi(r.line))).toBe(true);
      expect(f.records).toHaveLength(f.recordIndex.length);
    }
    // One input, one session: its lists are the analysis's list, not copies of it.
    expect(back.inputs[0]!.records).toBe(back.records);
    expect(back.sessions[0]!.records).toBe(back.records);
  });

  it('sends many sessions in parts ahead of the rest, and rebuilds them in order with their records shared', async () => {
    const n = 2 * SESSIONS_PER_PART + 7;
    const lines = Array.from({ length: n }, (_, i) => [
      { kind: 'input', id: `s${i}-2`, session: `s-${String(i).padStart(5, '0')}`, accept_seq: 2, op: 'revoke' },
      { kind: 'input', id: `s${i}-1`, session: `s-${String(i).padStart(5, '0')}`, accept_seq: 1, op: 'allow' },
    ]).flat();
    const analysis = await analysisOf({ name: 'wide.jsonl', lines });
    const { packed, sessionParts } = packAnalysis(analysis);
    expect([packed.sessionParts, sessionParts.length]).toEqual([3, 3]);
    let yields = 0;
    const back = await unpackAnalysis(structuredClone(packed), async () => void yields++, undefined, sessionParts.map((p) => structuredClone(p)));
    expect(yields).toBeGreaterThanOrEqual(3);
    const clone = structuredClone(analysis);
    expect(back).toEqual({ ...clone, sessions: clone.sessions.map((s) => ({ ...s, replays: { ...s.replays, effects: [] } })) });
    const last = back.sessions[n - 1]!;
    expect(last.ordering.participants[0]).toBe(back.records[2 * n - 2]);
    expect(last.cutoffIndex.participants).toBe(last.ordering.participants);
    await expect(unpackAnalysis(structuredClone(packed), async () => undefined, undefined, sessionParts.slice(1))).rejects.toThrow('the sessions came in 2 of 3 parts');
  });

  it('transfers the large arrays of the analysis and its findings as postMessage would, each with one message only', async () => {
    // One session large enough for its ordering and cutoff arrays to pass TRANSFER_AT_BYTES (transfersByMessage.ts), stored out of order, beside many small ones.
    const big = Array.from({ length: 17_000 }, (_, i) => ({ kind: 'write', id: `w${i}`, resource: 'R', if_match: `v${i}`, version: `v${i + 1}`, session: 'big', accept_seq: i % 2 ? i : i + 2 }));
    const small = Array.from({ length: SESSIONS_PER_PART + 3 }, (_, i) => ({ kind: 'input', id: `s${i}`, session: `s-${String(i).padStart(5, '0')}`, accept_seq: 1, op: 'allow' }));
    const analysis = await analysisOf({ name: 'mixed.jsonl', lines: [...big, ...small] });
    const clone = structuredClone(analysis);
    const { packed, transfer, sessionParts, partTransfers } = packAnalysis(analysis);
    const bigSession = analysis.sessions.find((s) => s.session === 'big')!;
    const everyTransfer = [transfer, ...partTransfers].flat();
    expect(everyTransfer).toContain(bigSession.ordering.bySeq.buffer);
    expect(everyTransfer).toContain(packed.findings!.recordIndex.buffer);
    expect(new Set(everyTransfer).size).toBe(everyTransfer.length);
    // In the order the worker posts them: the parts first, then the rest; a buffer sent twice would throw here.
    const partsBack = sessionParts.map((part, k) => structuredClone(part, { transfer: partTransfers[k] }));
    const packedBack = structuredClone(packed, { transfer });
    expect(bigSession.ordering.bySeq.byteLength).toBe(0);
    const back = await unpackAnalysis(packedBack, async () => undefined, undefined, partsBack);
    expect(back).toEqual({ ...clone, sessions: clone.sessions.map((s) => ({ ...s, replays: { ...s.replays, effects: [] } })) });
  });

  it('splits the records into chunks and keeps their order across chunks', async () => {
    const lines = Array.from({ length: CHUNK + 10 }, (_, i) => ({ kind: 'read', id: `r${i}`, resource: 'R', version: `v${i}`, session: 's', accept_seq: i + 1 }));
    const analysis = await analysisOf({ name: 'big.jsonl', lines });
    const { packed } = packAnalysis(analysis);
    const sizes = packed.data.map((d) => (JSON.parse(new TextDecoder().decode(d)) as unknown[]).length);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(CHUNK);
    expect(sizes.reduce((a, b) => a + b)).toBe(CHUNK + 10);
    const back = await unpackAnalysis(packed, async () => undefined);
    expect(back.records.map((r) => r.id)).toEqual(analysis.records.map((r) => r.id));
    expect(back.records.map((r) => r.data)).toEqual(analysis.records.map((r) => r.data));
  });

  it('closes a chunk at about CHUNK_CHARS of JSON, so records that each keep a whole sample are read back in many short steps', async () => {
    const big = 'x'.repeat(20_000);
    const lines = Array.from({ length: 1000 }, (_, i) => ({ kind: 'input', id: `i${i}`, op: 'set', key: `k${i}`, value: `${i}${big}`, session: 's', accept_seq: i + 1 }));
    const analysis = await analysisOf({ name: 'big-records.jsonl', lines });
    const { packed } = packAnalysis(analysis);
    // About 20 MB of fields: five or more chunks, none much over CHUNK_CHARS (a record's size at most over it).
    expect(packed.data.length).toBeGreaterThanOrEqual(5);
    for (const d of packed.data) expect(new TextDecoder().decode(d).length).toBeLessThanOrEqual(CHUNK_CHARS + 21_000);
    let yields = 0;
    const back = await unpackAnalysis(packed, async () => void yields++);
    expect(yields).toBeGreaterThanOrEqual(packed.data.length - 1);
    expect(back.records.map((r) => r.data.value)).toEqual(analysis.records.map((r) => r.data.value));
  });

  it('keeps chunks near CHUNK_CHARS when small records of one file are followed by large ones of another', async () => {
    const small = Array.from({ length: 20_000 }, (_, i) => ({ kind: 'read', id: `r${i}`, resource: 'R', version: `v${i}`, session: 's', accept_seq: i + 1 }));
    const big = 'y'.repeat(20_000);
    const large = Array.from({ length: 1000 }, (_, i) => ({ kind: 'input', id: `i${i}`, op: 'set', key: `k${i}`, value: `${i}${big}`, session: 't', accept_seq: i + 1 }));
    const analysis = await analysisOf({ name: 'small.jsonl', lines: small }, { name: 'large.jsonl', lines: large });
    const { packed } = packAnalysis(analysis);
    // Guessed from the average so far, the first chunk after the small file took thousands of the large records: 400 MB of JSON.
    for (const d of packed.data) expect(new TextDecoder().decode(d).length).toBeLessThanOrEqual(1.1 * CHUNK_CHARS);
    const back = await unpackAnalysis(packed, async () => undefined);
    expect(back.records.map((r) => r.id)).toEqual(analysis.records.map((r) => r.id));
  });

  it('transfers the records\' fields as code units, not strings to copy, and reads back every text exactly, lone surrogates too', async () => {
    const lines = [
      { kind: 'input', id: 'a', op: 'set', key: 'k', value: 'half \ud800 of a pair, and 😀', session: 's', accept_seq: 1 },
      { kind: 'input', id: 'b', op: 'set', key: '\udc00', value: 7, session: 's', accept_seq: 2 },
    ];
    const analysis = await analysisOf({ name: 'text.jsonl', lines });
    const { packed, transfer } = packAnalysis(analysis);
    expect(packed.data.every((d) => d instanceof Uint16Array && transfer.includes(d.buffer as ArrayBuffer))).toBe(true);
    const back = await unpackAnalysis(structuredClone(packed), async () => undefined);
    expect(canonicalJson(back.records.map((r) => r.data))).toBe(canonicalJson(analysis.records.map((r) => r.data)));
    expect(back.records[0]!.data.value).toBe('half \ud800 of a pair, and 😀');
  });

  it('sends a chunk of ASCII fields one byte a character, and any other chunk one unit a character', () => {
    expect(textUnits('{"a":"plain"}')).toBeInstanceOf(Uint8Array);
    expect(unitsText(textUnits('{"a":"plain"}'))).toBe('{"a":"plain"}');
    for (const text of ['["naïve — “quoted” 🚀"]', '["\u007f\u0080"]', '["\ud83d\ude80 x"]', '["ÿ"]']) {
      const units = textUnits(text);
      expect(units).toBeInstanceOf(Uint16Array);
      expect(units.length).toBe(text.length);
      expect(unitsText(units)).toBe(text);
    }
  });

  it('leaves out the records of inputs the page read itself, and joins them back in input order', async () => {
    const analysis = await analysisOf(
      { name: 'a.jsonl', lines: O1.map((r) => ({ ...r, session: 'o1' })) },
      { name: 'b.jsonl', lines: STALE_REFERENCE.map((r) => ({ ...r, session: 'chat' })) },
    );
    const { packed } = packAnalysis(analysis, new Map([[analysis.inputs[1]!, { readOnPage: 4 }]]));
    expect(packed.recordsFrom).toEqual([null, { readOnPage: 4 }]);
    expect(packed.count).toBe(analysis.inputs[0]!.records.length);
    const built = structuredClone(analysis.inputs[1]!.records);
    const onPage = (records: readonly SeqRecord[]) => ({ records: (from: RecordsElsewhere) => ('readOnPage' in from && from.readOnPage === 4 ? records : undefined), heldInput: () => undefined });
    const back = await unpackAnalysis(structuredClone(packed), async () => undefined, onPage(built));
    expect(back.records).toEqual(analysis.records);
    expect(back.records[analysis.inputs[0]!.records.length]).toBe(built[0]);
    expect(back.sessions.find((s) => s.session === 'chat')!.ordering.participants[0]).toBe(built[0]);
    await expect(unpackAnalysis(structuredClone(packed), async () => undefined, onPage(built.slice(1)))).rejects.toThrow(/input 2 has \d+ records but the page holds/);
  });

  it('keeps a note\'s mark that its input was not read whole, which "No findings" on the page reads', async () => {
    const lines = Array.from({ length: 300 }, (_, i) => JSON.stringify({ kind: 'input', id: `r${i}`, session: 's', op: 'allow', accept_seq: i + 1, pad: `${i}`.repeat(20) }));
    const gz = gzipSync(lines.join('\n') + '\n');
    const analysis = analyze([await loadInput('cut.jsonl.gz', gz.subarray(0, Math.floor(gz.length * 0.6)), 0)]);
    expect(analysis.inputs[0]!.notes.filter((n) => n.partial === true)).toHaveLength(1);
    const back = await roundTrip(analysis);
    expect(back.inputs[0]!.notes).toEqual(analysis.inputs[0]!.notes);
  });

  it('spells out a finding\'s reference to a record the analysis does not hold, and reads the others from the records', async () => {
    const analysis = await analysisOf({ name: 'refs.jsonl', lines: STALE_REFERENCE.map((r) => ({ ...r, session: 'chat' })) });
    const [first, ...rest] = analysis.findings;
    const odd = { ...first!, records: [{ file: 'elsewhere.jsonl', line: 9, id: 5 }, ...first!.records], recordIndex: [-1, ...first!.recordIndex] };
    const withOdd = { ...analysis, findings: [odd, ...rest] };
    const back = await roundTrip(withOdd);
    expect(back.findings).toEqual(structuredClone(withOdd.findings));
    expect(JSON.stringify(back.findings)).toBe(JSON.stringify(withOdd.findings));
  });

  it('sends eval identities as columns and rebuilds them around the page\'s records, every basis and verdict kept', async () => {
    const analysis = await analysisOf({
      name: 'evals.jsonl',
      lines: [
        { kind: 'eval', id: 'e1', status: 'pass' },
        { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass', score: 1 },
        { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'fail', score: 0 },
        { kind: 'eval', case_id: 'c2', status: 'passed', note: 'a' },
        { kind: 'eval', case_id: 'c2', status: 'pass', note: 'b' },
        { kind: 'eval', case_id: 'c3', run_id: 'r', status: 'skip' },
        { kind: 'eval', case_id: 'c3', run_id: 'r', status: 'skip' },
        { kind: 'eval', status: 'weird' },
        { kind: 'input', id: 'i', op: 'allow', accept_seq: 1 },
      ],
    });
    const { packed } = packAnalysis(analysis);
    expect(packed.evals?.count).toBe(analysis.evals!.identities.length);
    const back = await unpackAnalysis(structuredClone(packed), async () => undefined);
    expect(back.evals).toEqual(structuredClone(analysis.evals));
    for (const id of back.evals!.identities) for (const r of id.records) expect(back.records).toContain(r);
    expect(back.evals!.identities.map((i) => i.basis).sort()).toEqual(['case', 'case+run', 'case+run', 'id', 'synthetic']);
  });

  it('finds records that share a line, or whose line runs far past the others, by identity all the same', async () => {
    const input = directInput([
      { kind: 'input', id: 'a', op: 'allow', accept_seq: 2 },
      { kind: 'input', id: 'b', op: 'revoke', accept_seq: 1 },
      { kind: 'read', id: 'c', resource: 'R', version: 'v', accept_seq: 3 },
    ]);
    const records = input.records.map((r, i) => ({ ...r, line: i === 2 ? 2 ** 31 + 5 : 7 }));
    const analysis = analyze([{ ...input, records }]);
    const back = await roundTrip(analysis);
    expect(back.records.map((r) => [r.id, r.line])).toEqual([['a', 7], ['b', 7], ['c', 2 ** 31 + 5]]);
    expect(back.sessions[0]!.ordering.participants).toEqual(back.records);
    expect(back.sessions[0]!.ordering.participants[1]).toBe(back.records[1]);
  });
});

describe('numbers beyond 2^53 − 1 in packed records', () => {
  const load = (name: string, text: string, i = 0) => loadInput(name, new TextEncoder().encode(text), i);

  it('cross with every digit, so the page compares two runs as the CLI does', async () => {
    const line = (amount: string) => `{"kind":"command","id":"c1","accept_seq":1,"idempotency_key":"k","payload":{"amount":${amount}}}\n`;
    const a = analyze([await load('a.jsonl', line('9007199254740993'))]);
    const b = analyze([await load('b.jsonl', line('9007199254740992'))]);
    expect(packAnalysis(a).packed.wideChunks).toEqual([0]);
    const [backA, backB] = [await roundTrip(a), await roundTrip(b)];
    expect(canonicalJson(backA.records[0]!.data)).toBe(canonicalJson(a.records[0]!.data));
    expect(canonicalJson(backA.records[0]!.data)).toContain('"amount":9007199254740993');
    expect(compareAnalyses(backA, backB).diverged).toBe(compareAnalyses(a, b).diverged);
    expect(compareAnalyses(a, b).diverged).toBe(true);
  });

  it('leave chunks without one to JSON.parse', async () => {
    const a = analyze([await load('a.jsonl', '{"kind":"input","id":"a","op":"set","key":"k","value":9007199254740991}\n')]);
    expect(packAnalysis(a).packed.wideChunks).toEqual([]);
    expect((await roundTrip(a)).records[0]!.data.value).toBe(9007199254740991);
  });
});

describe("a session's per-key facts, packed as columns", () => {
  const load = (name: string, text: string) => loadInput(name, new TextEncoder().encode(text), 0);

  it('rebuild the keys, both key states and the change lists, with setters shared and values exact', async () => {
    const lines = [
      { kind: 'input', id: 'a', op: 'set', key: 'big', value: '__WIDE__', accept_seq: 2 },
      { kind: 'input', id: 'b', op: 'set', key: 'big', value: 1, accept_seq: 1 },
      { kind: 'input', id: 'c', op: 'set', key: 'gap', value: { nested: [1, 'x'] } },
      { kind: 'input', id: 'd', op: 'set', key: 'gap', value: 'unknown', accept_seq: 3 },
      { kind: 'input', id: 'e', op: 'allow', accept_seq: 4 },
      { kind: 'input', id: 'f', op: 'revoke', accept_seq: 5 },
      { kind: 'input', id: 'g', op: 'set', key: '__proto__', value: null, accept_seq: 6 },
    ];
    const text = lines.map((l) => JSON.stringify(l).replace('"__WIDE__"', '9007199254740993')).join('\n');
    const analysis = analyze([await load('keys.jsonl', text)]);
    const back = await roundTrip(analysis);
    const [s, t] = [analysis.sessions[0]!, back.sessions[0]!];
    expect(canonicalJson(t.replays.keys as never)).toBe(canonicalJson(s.replays.keys as never));
    expect(canonicalJson(t.replays.storage as never)).toBe(canonicalJson(s.replays.storage as never));
    expect(canonicalJson(t.replays.acceptance as never)).toBe(canonicalJson(s.replays.acceptance as never));
    expect(canonicalJson(t.replays.acceptance as never)).toContain('"big":9007199254740993');
    expect(Object.getPrototypeOf(t.replays.acceptance)).toBeNull();
    expect(Object.keys(t.replays.acceptance)).toEqual(Object.keys(s.replays.acceptance));
    // A key set by an input without accept_seq is unknown, though an input sets the string "unknown" too.
    const gap = t.replays.keys.find((k) => k.key === 'gap')!;
    expect(gap.acceptanceSetter).toBeNull();
    expect(gap.unusableInputs).toEqual([back.records[2]]);
    expect(gap.unusableInputs[0]).toBe(back.records[2]);
    expect(t.replays.keys.find((k) => k.key === 'permission')!.storageSetter).toBe(back.records[5]);
    expect([...t.cutoffIndex.changes.keys()]).toEqual([...s.cutoffIndex.changes.keys()]);
    for (const [key, list] of s.cutoffIndex.changes) {
      const got = t.cutoffIndex.changes.get(key)!;
      expect(got.seqs).toEqual(list.seqs);
      expect(got.setters.map((r) => back.records.indexOf(r))).toEqual(list.setters.map((r) => analysis.records.indexOf(r)));
      expect(canonicalJson(got.values as never)).toBe(canonicalJson(list.values as never));
    }
    expect(t.cutoffIndex.unknownKeys).toEqual(['gap']);
  });
});

describe('sessions packed ahead of the checks', () => {
  it('transfer only the lists of record positions the packing made, never an array the worker\'s checks still read', async () => {
    // Records the session lists skip (an unaccepted input, an eval between them) make its participants a list, not a run.
    const lines = [...O1, { kind: 'input', id: 'u', op: 'allow', key: 'k', accepted: false, accept_seq: 9 }, { kind: 'eval', id: 'c1', status: 'pass' }, { kind: 'input', id: 'z', op: 'set', key: 'k', value: 1, accept_seq: 4 }];
    const whole = await analysisOf({ name: 'o1.jsonl', lines: lines.map((r) => (r.kind === 'eval' ? r : { ...r, session: 'o1' })) });
    const stages = analyzeInStages(whole.inputs);
    const ahead = packSessionsAhead(stages, new Map([[whole.inputs[0]!, { readOnPage: 0 }]]))!;
    const own = new Set<ArrayBufferLike>();
    const collect = (v: unknown, depth: number): void => {
      if (depth > 8 || v === null || typeof v !== 'object') return;
      if (ArrayBuffer.isView(v)) own.add(v.buffer);
      else if (Array.isArray(v)) v.forEach((x) => collect(x, depth + 1));
      else for (const x of Object.values(v)) collect(x, depth + 1);
    };
    const session = stages.sessions[0]!;
    collect({ ordering: session.ordering, replays: session.replays, cutoffIndex: session.cutoffIndex }, 0);
    expect(ahead.transfers[0]!.length).toBeGreaterThan(0);
    expect(ahead.transfers[0]!.filter((b) => own.has(b))).toEqual([]);
    const part = structuredClone(ahead.parts[0], { transfer: ahead.transfers[0] });
    // The worker finishes on its own arrays, untouched; the page rebuilds the same sessions from what crossed.
    expect(stages.finish().findings).toEqual(whole.findings);
    const [back] = await unpackSessions([part], whole.records, async () => undefined);
    expect(back!.ordering.participants.map((r) => r.id)).toEqual(session.ordering.participants.map((r) => r.id));
    expect(back!.cutoffIndex.seqSteps).toEqual(session.cutoffIndex.seqSteps);
  });
});
