/** Every limit of docs/limits.md, said plainly: what crosses it, and what the user is told. */
import { gzipSync, strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, formatSize, type InputLimits } from './limits';
import { loadInput, UnreadableInputError } from './loadInput';

const MiB = 1024 * 1024;
/** Small limits, so each case is kilobytes instead of hundreds of megabytes. */
const SMALL: InputLimits = { maxContentBytes: 64 * 1024, maxLineChars: 1000, maxDocumentChars: 4096, maxJsonDepth: 512 };

const enc = new TextEncoder();
const load = (name: string, bytes: Uint8Array | string, limits: InputLimits = DEFAULT_LIMITS) =>
  loadInput(name, typeof bytes === 'string' ? enc.encode(bytes) : bytes, 0, limits);

async function refusal(name: string, bytes: Uint8Array | string, limits: InputLimits = DEFAULT_LIMITS): Promise<string> {
  try {
    await load(name, bytes, limits);
  } catch (e) {
    expect(e).toBeInstanceOf(UnreadableInputError);
    expect((e as UnreadableInputError).internal).toBe(false);
    expect((e as UnreadableInputError).fileName).toBe(name);
    return (e as Error).message;
  }
  throw new Error(`${name} was not refused`);
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const rollout = (payload: string) => `{"timestamp":"2026-01-01T00:00:00Z","type":"response_item","payload":${payload}}`;

describe('a limit in a message', () => {
  it('reads in MiB or KiB when it is a whole number of them, else in units, every count grouped', () => {
    expect(formatSize(16 * 1024 * 1024)).toBe('16 MiB');
    expect(formatSize(2048 * 1024 * 1024)).toBe('2,048 MiB');
    expect(formatSize(1023 * 1024)).toBe('1,023 KiB');
    expect(formatSize(16_777_217, 'characters')).toBe('16,777,217 characters');
  });
});

describe('line length', () => {
  it('rejects a rollout line over 16 MiB with its length, as the native reader does, and reads the next', async () => {
    const long = rollout(`{"type":"message","role":"user","content":"${'x'.repeat(16 * MiB)}"}`);
    const input = await load('rollout.jsonl', `${rollout('{"type":"reasoning"}')}\n${long}\n${rollout('{"type":"reasoning"}')}\n`);
    expect(input.format).toBe('codex-rollout');
    expect(input.rejected).toEqual([{ line: 2, reason: `line 2: ${long.length.toLocaleString('en-US')} characters long, over the 16 MiB line limit; not parsed` }]);
    expect(input.records.map((r) => r.line)).toEqual([1, 3]);
  });

  it('applies the same limit to every line-based reader', async () => {
    const native = await load('n.jsonl', `{"id":"${'x'.repeat(1000)}"}\n{"id":"b"}`, SMALL);
    expect(native.rejected[0]!.reason).toBe('line 1: 1,009 characters long, over the 1,000 characters line limit; not parsed');
  });
});

describe('nesting depth', () => {
  it('rejects a line of 100,000 nested arrays with a located reason, in native and rollout files', async () => {
    const native = await load('n.jsonl', `{"id":"a"}\n{"id":"deep","v":${deep(100_000)}}\n${deep(100_000)}\n`);
    expect(native.records.map((r) => r.id)).toEqual(['a']);
    expect(native.rejected).toEqual([
      { line: 2, reason: 'line 2: JSON nested more than 512 levels deep, over the limit; not analysed' },
      { line: 3, reason: 'line 3: JSON nested more than 512 levels deep, over the limit; not analysed' },
    ]);
    const codex = await load('r.jsonl', `${rollout('{"type":"reasoning"}')}\n${rollout(deep(100_000))}\n`);
    expect(codex.rejected).toEqual([{ line: 2, reason: 'line 2: JSON nested more than 512 levels deep, over the limit; not analysed' }]);
  });

  it('keeps a value exactly at the limit', async () => {
    const input = await load('n.jsonl', `{"id":"edge","v":${deep(511)}}\n`);
    expect(input.records.map((r) => r.id)).toEqual(['edge']);
  });

  it('rejects the item, not the document, in arrays, Inspect logs and promptfoo exports', async () => {
    const array = await load('a.json', `[{"id":"a"},{"id":"b","v":${deep(600)}}]`);
    expect(array.rejected).toEqual([{ line: 2, reason: 'item 2: JSON nested more than 512 levels deep, over the limit; not analysed' }]);
    const log = `{"status":"success","eval":{"task":"t","run_id":"r"},"samples":[{"id":1,"scores":{"s":{"value":"C"}}},{"id":2,"x":${deep(600)}}]}`;
    const inspect = await load('log.json', log);
    expect([inspect.format, inspect.records.length, inspect.rejected[0]?.reason]).toEqual(['inspect-json', 1, 'item 2 (samples[1]): JSON nested more than 512 levels deep, over the limit; not analysed']);
    const pf = `{"evalId":"e","results":{"version":3,"results":[{"testIdx":0,"promptIdx":0,"success":true,"x":${deep(600)}}]}}`;
    expect((await load('pf.json', pf)).rejected[0]!.reason).toBe('item 1 (results.results[0]): JSON nested more than 512 levels deep, over the limit; not analysed');
  });

  it('refuses a RunState nested too deep as one rejection: the state itself is a record', async () => {
    const input = await load('state.json', `{"$schemaVersion":"1.17","model_responses":[],"context":${deep(600)}}`);
    expect(input.rejected).toEqual([{ line: 1, reason: 'line 1: this Agents SDK RunState is JSON nested more than 512 levels deep, over the limit; not analysed' }]);
  });
});

describe('whole JSON documents', () => {
  const pad = (doc: string) => doc.replace(/}$/, `,"padding":"${'p'.repeat(5000)}"}`);

  it('refuses an Inspect log, a promptfoo export or a RunState over the document limit with its size and the limit', async () => {
    const docs: [string, string, string][] = [
      ['log.json', '{"version":2,"status":"success","eval":{"task":"t","run_id":"r"},"samples":[]}', 'an Inspect eval log'],
      ['pf.json', '{"evalId":"e","results":{"version":3,"results":[]}}', 'a promptfoo results export'],
      ['state.json', '{"$schemaVersion":"1.17","model_responses":[]}', 'an Agents SDK RunState'],
    ];
    for (const [name, doc, what] of docs) {
      const input = await load(name, pad(doc), SMALL);
      expect(input.records).toEqual([]);
      expect(input.rejected).toEqual([
        { line: 1, reason: `line 1: this looks like ${what} but its text is ${pad(doc).length.toLocaleString('en-US')} characters, over the 4 KiB limit for one JSON document, so it was not parsed; see docs/limits.md` },
      ]);
    }
  });

  it('reads a native array over the document limit as JSON Lines, and says so', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `{"kind":"input","id":"r${i}"},`);
    const input = await load('a.json', `[\n${lines.join('\n')}\n]`, SMALL);
    expect(input.format).toBe('native-jsonl');
    expect(input.notes[0]!.message).toMatch(/^the text starts like one JSON document but is [\d,]+ characters, over the 4 KiB limit for a whole document, so it is read as JSON Lines/);
    expect(input.records.length + input.rejected.length + input.blank).toBe(input.lines);
  });
});

describe('content size, gzip and zip bombs', () => {
  it('refuses content over the limit before decoding it, naming the file, its size and the limit', async () => {
    const message = await refusal('huge.jsonl', new Uint8Array(SMALL.maxContentBytes + 1), SMALL);
    expect(message).toBe('huge.jsonl: 65,537 bytes, over the 64 KiB limit for one input (its text must fit in one JavaScript string). Split it into smaller files (JSON Lines can be split at any line end); see docs/limits.md.');
  });

  it('refuses a gzip bomb while inflating, without inflating it all', async () => {
    const bomb = gzipSync(new Uint8Array(8 * MiB));
    expect(bomb.length).toBeLessThan(SMALL.maxContentBytes);
    const message = await refusal('bomb.jsonl.gz', bomb, SMALL);
    expect(message).toMatch(/^bomb\.jsonl\.gz: a gzip file that decompresses to more than 64 KiB, the limit for one input; refused before inflating further\. Split it/);
  });

  it('refuses a zip whose members would inflate past the limit, from the sizes in its directory', async () => {
    const zip = zipSync({ 'header.json': strToU8('{"status":"success","eval":{"task":"t","run_id":"r"}}'), 'samples/1_epoch_1.json': new Uint8Array(3000).fill(0x20), 'samples/2_epoch_1.json': new Uint8Array(3000).fill(0x20) });
    const limits = { ...SMALL, maxContentBytes: 5000 };
    expect(await refusal('bomb.eval', zip, limits)).toBe('bomb.eval: a zip archive whose members would inflate to more than 5,000 bytes, the limit for one input; refused before inflating further.');
  });

  it('rejects one zip member over the document limit as an item, naming its size, and reads the rest', async () => {
    const sample = strToU8('{"id":1,"epoch":1,"scores":{"s":{"value":"C"}}}');
    const zip = zipSync({ 'header.json': strToU8('{"status":"success","eval":{"task":"t","run_id":"r"}}'), 'samples/1_epoch_1.json': sample, 'samples/2_epoch_1.json': new Uint8Array(5000).fill(0x20) });
    const input = await load('big-member.eval', zip, SMALL);
    expect(input.records).toHaveLength(1);
    expect(input.rejected).toEqual([{ line: 2, reason: 'item 2 (samples/2_epoch_1.json): inflates to 5,000 bytes, over the 4 KiB limit for one JSON document; not read' }]);
  });
});

describe('gzip read whole or not at all, never silently in part', () => {
  const lines = (from: number, n: number) => Array.from({ length: n }, (_, i) => `{"kind":"input","id":"r${from + i}"}\n`).join('');

  it('reads every member of a concatenated gzip (cat a.gz b.gz), not only the first', async () => {
    const both = new Uint8Array([...gzipSync(strToU8(lines(0, 3))), ...gzipSync(strToU8(lines(3, 2)))]);
    const input = await load('both.jsonl.gz', both);
    expect(input.records.map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);
    expect(input.notes).toEqual([]);
  });

  it('keeps what a gzip cut off while being written holds, and says the last line may be incomplete', async () => {
    const whole = gzipSync(strToU8(lines(0, 2000)));
    const input = await load('cut.jsonl.gz', whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect(input.format).toBe('native-jsonl+gzip');
    expect(input.records.length).toBeGreaterThan(100);
    expect(input.records.length + input.rejected.length + input.blank).toBe(input.lines);
    expect(input.notes[0]!.message).toMatch(/^the gzip stream ends early \(the file was probably cut off while being written\)/);
  });

  it('refuses a gzip cut off before any of its content could be decompressed in one sentence, with its size', async () => {
    const whole = gzipSync(strToU8(lines(0, 2000)));
    expect(await refusal('cut.jsonl.gz', whole.subarray(0, 40))).toBe(
      'cut.jsonl.gz: a gzip file cut off after 40 bytes, before any of its content could be decompressed, so there is nothing to read',
    );
  });

  it('says when the output does not match the trailer (damaged data or a lying size)', async () => {
    const damaged = gzipSync(strToU8(lines(0, 5)));
    damaged[damaged.length - 6] = damaged[damaged.length - 6]! ^ 0xff;
    const input = await load('crc.jsonl.gz', damaged);
    expect(input.records).toHaveLength(5);
    expect(input.notes[0]!.message).toMatch(/^the gzip data does not match its trailer \(size or CRC-32\): the file is damaged/);
  });

  it('refuses a damaged gzip header or a zip that is no eval log, naming the file', async () => {
    expect(await refusal('bad.gz', Uint8Array.from([0x1f, 0x8b, 9, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8]))).toMatch(/^bad\.gz: looks like gzip but cannot be decompressed \(/);
    expect(await refusal('x.zip', zipSync({ 'a.txt': strToU8('a') }))).toMatch(/^x\.zip: a zip archive without header\.json/);
  });

  it('says of a zip cut off before its end that it was probably cut off, and what to do', async () => {
    const whole = zipSync({ 'header.json': strToU8('{}'), 'samples/1_epoch_1.json': strToU8('{"id": 1}') });
    for (const length of [30, whole.length - 1]) {
      expect(await refusal('cut.eval', whole.subarray(0, length))).toBe(
        'cut.eval: a zip archive whose end is missing (the central directory, which lists its members), so the file was probably cut off while being written or copied; ' +
          'copy it again once it is complete, or recover the members written before the cut with zip -FF (see docs/limits.md)',
      );
    }
    // With its end there, a zip whose members are damaged is not called cut off.
    const damaged = Uint8Array.from(whole);
    damaged.fill(0, 4, 40);
    expect(await refusal('bad.eval', damaged)).toMatch(/^bad\.eval: looks like a zip archive but cannot be opened \(/);
  });
});
