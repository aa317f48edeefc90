import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_SLOTS, recordOfRow } from '../core/recordColumns';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import { readNativeColumns } from './readNativeColumns';
import { readNativeStream } from './readNativeStream';
import { chunksOf } from './test/chunksOf';
import { jsonLines, mutatedSeed } from './test/fuzzArbitraries';
import { fuzzSeeds } from './test/fuzzSeeds';
import { repoRoot } from '../cli/test/runCli';
import { nativeSamplesDir } from './test/samples';

const enc = new TextEncoder();

/** Both readers on the same bytes, cut the same way: the columns must say all the object reader says. */
async function expectSameAsObjects(bytes: Uint8Array, cuts: number[] = [], limits: InputLimits = DEFAULT_LIMITS): Promise<number> {
  const objects = await readNativeStream(chunksOf(bytes, cuts), 'f.jsonl', 3, { compact: true, limits, splitAsText: false });
  const read = await readNativeColumns(chunksOf(bytes, cuts), 'f.jsonl', 3, limits);
  expect([read.lines, read.blank, read.contentBytes]).toEqual([objects.lines, objects.blank, objects.contentBytes]);
  expect(read.rejected).toEqual(objects.rejected);
  expect(read.notes).toEqual(objects.notes);
  expect(read.columns.count).toBe(objects.records.length);
  const rows = Array.from({ length: read.columns.count }, (_, i) => recordOfRow(read.columns, i, 'f.jsonl'));
  expect(rows).toEqual(objects.records.map((r) => ({ ...r, data: { ...r.data } })));
  return read.columns.count;
}

const scalar = fc.oneof(
  fc.constantFrom('"a"', '"\\u0061"', '"W/\\"1\\""', '"x\\\\y"', '"\\n"', '"é"', '"\\ud800"', '1', '1.0', '-0', '0', '10', '1e2', '9007199254740993', '1e400', 'true', 'false', 'null'),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s)),
  fc.integer().map(String),
);
const nested = fc.oneof(
  fc.constantFrom('{}', '[]', '{"a":1,"b":[1,2]}', '{ "b" : 2 , "a" : 1 }', '[{"x":9007199254740993}]', '{"a":{"b":{"c":[[[1]]]}}}', '[1,]', '{"a"}', '[tru]'),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
);
const names = ['kind', 'id', 'session', 'accepted', 'accept_seq', 'op', 'key', 'value', 'effects', 'actor', 'resource', 'version', 'if_match', 'fields', 'response_id', 'previous_response_id', 'refs', 'task', 'revision', 'round', 'payload', 'ts', 'note', '__proto__', 'ki\\u006ed'];
const kinds = fc.constantFrom('"input"', '"read"', '"write"', '"response"', '"request"', '"clear"', '"task"', '"command"', '"notice"', '"eval"', '"other"', '"toString"', '7', 'null');
const member = fc.tuple(fc.constantFrom(...names), fc.oneof(scalar, nested), fc.constantFrom(':', ' : ', ':\t'));
const recordLine = fc
  .tuple(kinds, fc.array(member, { maxLength: 7 }), fc.constantFrom('', ' ', '\t'), fc.boolean())
  .map(([kind, members, pad, kindFirst]) => {
    const parts = members.map(([name, value, colon]) => `"${name}"${colon}${value}`);
    const k = `"kind":${kind}`;
    return `${pad}{${kindFirst ? [k, ...parts].join(',') : [...parts, k].join(', ')}}${pad}`;
  });
const lineArb = fc.oneof(
  { weight: 6, arbitrary: recordLine },
  { weight: 1, arbitrary: fc.constantFrom('', '  ', '\t', '\uFEFF{"kind":"input","id":"b"}', '{"kind":"input"', '[1]', '"s"', '{"kind":"input","id":"a"} x', '{"kind":"input","id":"a","id":"b"}') },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 30 }) },
);

describe('readNativeColumns', () => {
  it('reads every line as the object reader does, for any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(lineArb, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 }), fc.array(fc.nat(), { maxLength: 6 }), async (parts, cuts) => {
        const bytes = enc.encode(parts.map(([line, end]) => line + end).join(''));
        await expectSameAsObjects(bytes, cuts);
      }),
      { numRuns: 600 },
    );
  });

  it('reads the fuzz corpus as the object reader does: hostile JSON Lines, and samples and real files cut, flipped and repeated', async () => {
    await fc.assert(
      fc.asyncProperty(jsonLines, fc.array(fc.nat(), { maxLength: 4 }), async ({ bytes }, cuts) => void (await expectSameAsObjects(bytes, cuts))),
      { numRuns: 500 },
    );
    const { seeds } = await fuzzSeeds(repoRoot);
    await fc.assert(
      fc.asyncProperty(mutatedSeed(seeds), async ({ bytes }) => void (await expectSameAsObjects(bytes, [65536]))),
      { numRuns: 300 },
    );
  });

  it('counts lines past the limits and invalid UTF-8 as the object reader does', async () => {
    const limits = { ...DEFAULT_LIMITS, maxLineChars: 60, maxJsonDepth: 2 };
    const text = ['{"kind":"input","id":"a","value":{"a":{"b":1}}}', '{"kind":"input","id":"a","value":{"a":1}}', `{"kind":"input","id":"${'x'.repeat(40)}"}`, `{"kind":"read","id":"${'x'.repeat(200)}"}`, '{"kind":"read"}'].join('\n');
    const bytes = enc.encode(`${text}\n`);
    const withInvalid = new Uint8Array([...bytes, ...enc.encode('{"kind":"read","id":"'), 0xff, ...enc.encode('"}\n')]);
    expect(await expectSameAsObjects(withInvalid, [7], limits)).toBe(3);
  });

  it('holds one value once, however many rows have it and however it is written', async () => {
    const text = '{"kind":"input","key":"mode","value":"a"}\n{"kind":"input","key":"mode","value":"\\u0061"}\n{"kind":"task","revision":1}\n{"kind":"task","revision":1.0}\n';
    const { columns } = await readNativeColumns(chunksOf(enc.encode(text), []), 'f', 0);
    const slot = (row: number, j: number) => columns.fields[row * FIELD_SLOTS + j];
    expect(slot(0, 1)).toBe(slot(1, 1));
    expect(slot(0, 2)).toBe(slot(1, 2));
    expect(slot(2, 1)).toBe(slot(3, 1));
    expect(columns.values.filter((v) => v === 'a')).toHaveLength(1);
  });

  it('reads the bundled samples as the object reader does', async () => {
    const files = readdirSync(nativeSamplesDir).filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) await expectSameAsObjects(readFileSync(join(nativeSamplesDir, f)), [4096]);
  });

  it('leaves to JSON.parse only the lines outside the common grammar', async () => {
    const text = ['{"kind":"input","id":"a","op":"set","key":"k","value":{"n":[1,2.5e3]}}', '{"kind":"read","version":"W/\\"1\\"","ts":123456789012345678901}', '{"kind":"eval","id":"e"}', '{"kind":"input","note":"é"}', '{"kind":"input","id":9007199254740993}', '', '{"kind":"read","id":"r"}'].join('\n');
    const read = await readNativeColumns(chunksOf(enc.encode(text), []), 'f', 0);
    expect([read.columns.count, read.blank, read.parsedLines]).toEqual([6, 1, 3]);
  });
});
