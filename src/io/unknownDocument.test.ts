import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { detectInputFormat } from './detect';
import { loadInput, UnreadableInputError } from './loadInput';
import { realSamplesDir } from './test/samples';

const enc = new TextEncoder();
const pretty = (v: unknown) => enc.encode(JSON.stringify(v, null, 2));

/** The message loadInput refuses the bytes with, or the format it read them as. */
async function outcome(name: string, bytes: Uint8Array): Promise<{ refused: string } | { format: string; records: number; rejected: number }> {
  try {
    const input = await loadInput(name, bytes, 0);
    return { format: input.format, records: input.records.length, rejected: input.rejected.length };
  } catch (e) {
    if (!(e instanceof UnreadableInputError)) throw e;
    expect(e.internal).toBe(false);
    return { refused: e.message };
  }
}

const refusal = async (name: string, bytes: Uint8Array) => {
  const o = await outcome(name, bytes);
  if (!('refused' in o)) throw new Error(`${name} was read as ${o.format}`);
  return o.refused;
};

const records = [
  { kind: 'input', id: 'm2', session: 's1', accept_seq: 2, op: 'revoke' },
  { kind: 'input', id: 'm1', session: 's1', accept_seq: 1, op: 'allow' },
];

describe('one JSON document in no format Seqscope reads', () => {
  it('refuses a pretty-printed object of an unknown shape, naming the file and its first keys', async () => {
    const message = await refusal('state.json', pretty({ baseline: 'v1', features: [{ a: 1 }], resume: [], security: {}, versions: ['1.0'], extra: 1 }));
    expect(message).toMatch(/^state\.json: a single JSON object \(keys: "baseline", "features", "resume", "security", "versions", … 6 keys in all\) over several lines, in no format Seqscope reads\./);
    expect(message).toContain('see docs/formats.md');
  });

  it.skipIf(!existsSync(realSamplesDir))('refuses the provenance file beside the real RunState samples', async () => {
    const bytes = new Uint8Array(readFileSync(join(realSamplesDir, 'openai-agents-python', 'run_state-sources.json')));
    expect(await refusal('run_state-sources.json', bytes)).toContain('(keys: "baseline", "features", "resume", "security", "versions")');
  });

  it('quotes hostile keys escaped and cut, as every reason quotes the file', async () => {
    const message = await refusal('k.json', pretty({ '\u001b]0;pwned\u0007': 1, ['x'.repeat(200)]: 2 }));
    expect(message).toContain('"\\u001b]0;pwned\\u0007"');
    expect(message).not.toContain('\u001b');
    expect(message).not.toContain('x'.repeat(100));
  });

  it('says so when the object is one native record written over several lines', async () => {
    expect(await refusal('one.json', pretty(records[0]))).toContain('It looks like one native record written over several lines');
  });

  it('says what to do with a promptfoo summary whose results are at the top level', async () => {
    const early = { version: 1, results: [{ prompt: { raw: 'p', display: 'p' }, vars: {}, response: { output: 'o' }, success: true }], stats: { successes: 1, failures: 0 }, table: {} };
    const script = { evalId: 'eval-1', results: [{ testIdx: 0, promptIdx: 0, success: true, score: 1, provider: { id: 'p' } }] };
    for (const doc of [early, script]) {
      const message = await refusal('results.json', pretty(doc));
      expect(message).toContain('a promptfoo summary with its results at the top level');
      expect(message).toContain('promptfoo export <evalId>');
    }
  });

  it('refuses a non-empty array that holds no object, and gzipped the same', async () => {
    expect(await refusal('n.json', pretty([1, 'two', [3]]))).toMatch(/^n\.json: a JSON array of 3 items, none of them an object \(found: a number, a string, an array\), so no records\. Seqscope reads /);
    expect(await refusal('n.json.gz', gzipSync(pretty([1, 2])))).toMatch(/^n\.json\.gz: a JSON array of 2 items, none of them an object \(found: a number\)/);
  });

  it('refuses {"records": [...]} whose records hold no object, as it refuses the bare array', async () => {
    expect(await refusal('r.json', pretty({ records: [1, 2] }))).toMatch(/^r\.json: a \{"records": \[\.\.\.\]\} document whose records are 2 items, none of them an object \(found: a number\), so no records\./);
    expect(await refusal('r.json', enc.encode('{"records": [1, 2]}'))).toMatch(/none of them an object/);
  });

  it('detection reports such a document as unreadable', () => {
    expect(detectInputFormat(pretty({ a: 1, b: [2] }))).toBe('unreadable');
    expect(detectInputFormat(pretty(records))).toBe('native-array');
  });
});

describe('what keeps loading as it did', () => {
  it('a pretty-printed array of records and {"records": [...]}, however it is laid out', async () => {
    const byHand = (open: string, close: string) => enc.encode(`${open}\n${records.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n${close}\n`);
    expect(await outcome('a.json', pretty(records))).toEqual({ format: 'native-array', records: 2, rejected: 0 });
    expect(await outcome('a.json', byHand('[', ']'))).toEqual({ format: 'native-array', records: 2, rejected: 0 });
    expect(await outcome('r.json', pretty({ records, note: 'other fields are ignored' }))).toEqual({ format: 'native-records', records: 2, rejected: 0 });
    expect(await outcome('r.json', byHand('{"records": [', ']}'))).toEqual({ format: 'native-records', records: 2, rejected: 0 });
  });

  it('an empty array, and an array where some items are objects (the others are rejected items)', async () => {
    expect(await outcome('e.json', enc.encode('[]'))).toEqual({ format: 'native-array', records: 0, rejected: 0 });
    expect(await outcome('m.json', pretty([records[0], 7]))).toEqual({ format: 'native-array', records: 1, rejected: 1 });
  });

  it('an object on one line, which is a JSON Lines file of one record', async () => {
    expect(await outcome('one.jsonl', enc.encode(`${JSON.stringify({ baseline: 'v1', features: [] })}\n`))).toEqual({ format: 'native-jsonl', records: 1, rejected: 0 });
  });

  it('JSON Lines with bad lines, and a text that is no JSON at all: every bad line listed', async () => {
    const lines = [JSON.stringify(records[0]), '{"kind":"input","id":"broken","op":', JSON.stringify(records[1])].join('\n');
    expect(await outcome('bad.jsonl', enc.encode(lines))).toEqual({ format: 'native-jsonl', records: 2, rejected: 1 });
    expect(await outcome('notes.txt', enc.encode('meeting notes\n- call Bob\n'))).toEqual({ format: 'native-jsonl', records: 0, rejected: 2 });
  });
});
