/** The page's streamed reading: what the whole-file loader reads, hashed alike, gzip too, and work linear in the bytes. */
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadInput } from '../io/loadInput';
import { sha256Hex } from '../io/sha256';
import { cutOutcome, readOutcome, type CutOutcome } from '../io/test/cutOutcome';
import { NOT_HASHED } from '../core/fileHash';
import { hashFileOf } from './unhashedFiles';
import { readSources } from './readSources';
import { GzipStreamError, STREAM_MIN_BYTES, STREAM_MIN_GZIP_BYTES, streamJsonLinesFile } from './streamFile';

/** A token that compresses poorly, so a gzip of the log is still large enough to be streamed. */
const token = (i: number) => (Math.imul(i + 1, 2654435761) >>> 0).toString(36) + (Math.imul(i + 7, 40503) >>> 0).toString(36);
const line = (i: number) =>
  i % 97 === 13 ? 'not json' : i % 89 === 5 ? '' : JSON.stringify({ kind: i % 3 ? 'input' : 'read', id: `r${i}`, session: 's', accept_seq: i, op: 'allow', resource: 'R', token: token(i) });

function logOf(bytes: number): Uint8Array<ArrayBuffer> {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const l = line(i);
    lines.push(l);
    size += l.length + 1;
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

afterEach(() => vi.restoreAllMocks());

describe('the streamed read of a large native file', () => {
  const bytes = logOf(STREAM_MIN_BYTES + 1000);

  it('reads the same lines, records (every field) and rejections as the whole-file loader, and the same SHA-256 once hashed', async () => {
    const streamed = (await streamJsonLinesFile(new Blob([bytes]), 'big.jsonl', 0, () => undefined))!.input;
    const whole = await loadInput('big.jsonl', bytes, 0);
    expect([streamed.format, streamed.lines, streamed.blank, streamed.rejected]).toEqual([whole.format, whole.lines, whole.blank, whole.rejected]);
    expect(streamed.records.map((r) => [r.line, r.id, r.offset, r.length, r.acceptSeq])).toEqual(whole.records.map((r) => [r.line, r.id, r.offset, r.length, r.acceptSeq]));
    // Every parsed field is kept, as the whole-file read keeps it: two runs compare alike whichever way they were read.
    expect(streamed.records.map((r) => r.data)).toEqual(whole.records.map((r) => r.data));
    expect(streamed.sha256).toBe(NOT_HASHED);
    await hashFileOf(streamed);
    expect(streamed.sha256).toBe(whole.sha256);
    expect(streamed.text).toBe('');
    expect(streamed.streamed?.content?.size).toBe(bytes.length);
  });

  it('takes the SHA-256 the page knows already, and hashes nothing then', async () => {
    const given = (await streamJsonLinesFile(new Blob([bytes]), 'big.jsonl', 0, () => undefined, undefined, 'f'.repeat(64)))!.input;
    expect(given.sha256).toBe('f'.repeat(64));
    await hashFileOf(given);
    expect(given.sha256).toBe('f'.repeat(64));
  });

  it('streams a gzip through DecompressionStream: the hash is of the compressed bytes, the content kept for raw lines is decompressed', async () => {
    const gz = new Uint8Array(gzipSync(bytes));
    const streamed = (await streamJsonLinesFile(new Blob([gz]), 'big.jsonl.gz', 0, () => undefined))!.input;
    expect(streamed.format).toBe('native-jsonl+gzip');
    await hashFileOf(streamed);
    expect(streamed.sha256).toBe(await sha256Hex(gz));
    expect(streamed.streamed?.content?.size).toBe(bytes.length);
    const r = streamed.records[7]!;
    const raw = new TextDecoder().decode(new Uint8Array(await streamed.streamed!.content!.slice(r.offset, r.offset + r.length).arrayBuffer()));
    expect(JSON.parse(raw).id).toBe(r.id);
  });

  it('streams a file whose first line is longer than the head it looks at, reading on until that line is whole', async () => {
    const first = new TextEncoder().encode(`${JSON.stringify({ kind: 'input', id: 'big', op: 'allow', accept_seq: 1, payload: 'x'.repeat(3 * 1024 * 1024) })}\n`);
    const long = new Uint8Array(first.length + bytes.length);
    long.set(first);
    long.set(bytes, first.length);
    // A browser reads a File 64 KiB at a time; this Blob does too.
    class SmallReads extends Blob {
      override stream() {
        const all = long;
        let at = 0;
        return new ReadableStream<Uint8Array<ArrayBuffer>>({
          pull(controller) {
            if (at >= all.length) controller.close();
            else controller.enqueue(all.slice(at, (at += 64 * 1024)));
          },
        });
      }
    }
    const streamed = (await streamJsonLinesFile(new SmallReads([long]), 'long.jsonl', 0, () => undefined))?.input;
    const whole = await loadInput('long.jsonl', long, 0);
    expect(streamed?.text).toBe('');
    expect([streamed?.lines, streamed?.records.length, streamed?.records[0]?.id]).toEqual([whole.lines, whole.records.length, 'big']);
  });

  it('leaves small files, other formats and damaged gzip to the whole-file loader', async () => {
    expect(await streamJsonLinesFile(new Blob([logOf(1000)]), 'small.jsonl', 0, () => undefined)).toBeNull();
    const array = new TextEncoder().encode(`[${'{"kind":"input","id":"a"},'.repeat(200_000)}{"kind":"input","id":"b"}]`);
    expect(await streamJsonLinesFile(new Blob([array]), 'array.json', 0, () => undefined)).toBeNull();
    const gz = new Uint8Array(gzipSync(bytes));
    const damaged = gz.slice();
    damaged.fill(0, 5000, 9000);
    await expect(streamJsonLinesFile(new Blob([damaged]), 'broken.jsonl.gz', 0, () => undefined)).rejects.toBeInstanceOf(GzipStreamError);
  });

  it('reports progress with the bytes of the file read and the records so far', async () => {
    const seen: { fileBytes: number; records: number }[] = [];
    await streamJsonLinesFile(new Blob([bytes]), 'big.jsonl', 0, (p) => seen.push(p));
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]!.fileBytes).toBe(bytes.length);
    expect(seen.every((p, i) => i === 0 || (p.records >= seen[i - 1]!.records && p.fileBytes >= seen[i - 1]!.fileBytes))).toBe(true);
  });

  it('decodes each byte about once: 4× the file is about 4× the bytes decoded (work counted, not timed)', async () => {
    const decoded = async (size: number) => {
      let n = 0;
      const decode = TextDecoder.prototype.decode;
      const spy = vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(function (this: TextDecoder, input?: AllowSharedBufferSource, options?: TextDecodeOptions) {
        n += input ? input.byteLength : 0;
        return decode.call(this, input, options);
      });
      await streamJsonLinesFile(new Blob([logOf(size)]), 'f.jsonl', 0, () => undefined);
      spy.mockRestore();
      return n;
    };
    const small = await decoded(STREAM_MIN_BYTES);
    const large = await decoded(4 * STREAM_MIN_BYTES);
    expect(large / small).toBeGreaterThan(3.5);
    expect(large / small).toBeLessThan(4.6);
  });
});

describe('the decoding of a streamed file', () => {
  const ascii = logOf(4 * STREAM_MIN_BYTES);
  // Multi-byte characters send every chunk the byte way (streamLines.ts), which decodes its lines in pieces too.
  const accented = new TextEncoder().encode(new TextDecoder().decode(ascii).replaceAll('"session":"', '"session":"é'));
  it.each([
    ['single-byte', ascii],
    ['multi-byte', accented],
  ])('makes no string of more than 64 KiB of its lines, %s: a mebibyte at a time cost 17 times as much (work counted, not timed)', async (_, log) => {
    const sizes: number[] = [];
    const decode = TextDecoder.prototype.decode;
    const spy = vi.spyOn(TextDecoder.prototype, 'decode').mockImplementation(function (this: TextDecoder, input?: AllowSharedBufferSource, options?: TextDecodeOptions) {
      sizes.push(input ? input.byteLength : 0);
      return decode.call(this, input, options);
    });
    await streamJsonLinesFile(new Blob([log]), 'f.jsonl', 0, () => undefined);
    spy.mockRestore();
    // The first decoding is of the head, looked at once to tell the format (here the whole file: Node's Blob streams it as one chunk).
    const [, ...lines] = sizes;
    expect(lines.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(log.length);
    expect(Math.max(...lines)).toBeLessThanOrEqual(64 * 1024);
  });
});

describe('the streamed read of a large Codex rollout', () => {
  const envelope = (i: number, type: string, payload: object, metadata?: object) =>
    JSON.stringify({ timestamp: `2026-11-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`, type, payload, ...(metadata ? { metadata } : {}) });
  const rollout = (bytes: number): Uint8Array<ArrayBuffer> => {
    const lines = [envelope(0, 'session_meta', { id: 'thread-1', cli_version: '0.140.0', history_mode: 'paginated' })];
    let size = lines[0]!.length;
    for (let i = 1; size < bytes; i++) {
      const l =
        i % 50 === 7
          ? 'not json'
          : i % 3 === 0
            ? envelope(i, 'event_msg', { type: 'task_complete', turn_id: `turn-${i}` })
            : envelope(i, 'response_item', { type: 'message', role: 'user', content: [{ type: 'input_text', text: `ask ${token(i)} ${token(i * 7)} ${token(i * 13)}` }] }, { user_input_order: i });
      lines.push(l);
      size += l.length + 1;
    }
    return new TextEncoder().encode(lines.join('\n') + '\n');
  };
  const bytes = rollout(STREAM_MIN_BYTES + 1000);

  it('reads what the whole-file loader reads — lines, records with every field, rejections, notes, boundaries — and leaves no records to the page', async () => {
    let toPage = 0;
    const seen: number[] = [];
    const streamed = (await streamJsonLinesFile(new Blob([bytes]), 'rollout.jsonl', 0, (p) => seen.push(p.records), undefined, null, () => toPage++))!;
    const whole = await loadInput('rollout.jsonl', bytes, 0);
    const input = streamed.input;
    expect(whole.format).toBe('codex-rollout');
    expect([input.format, input.lines, input.blank, input.rejected, input.notes, input.boundaries]).toEqual([whole.format, whole.lines, whole.blank, whole.rejected, whole.notes, whole.boundaries]);
    expect(input.records.map((r) => [r.line, r.id, r.kind, r.session, r.acceptSeq, r.data])).toEqual(whole.records.map((r) => [r.line, r.id, r.kind, r.session, r.acceptSeq, r.data]));
    await hashFileOf(input);
    expect(input.sha256).toBe(await sha256Hex(bytes));
    expect(input.text).toBe('');
    // A rollout's records are made once it has ended, so the page takes them from the analysis rather than reading the file itself.
    expect([streamed.readOnPage, toPage]).toEqual([false, 0]);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen[seen.length - 1]).toBeGreaterThan(0);
    const r = input.records[5]!;
    const raw = new TextDecoder().decode(new Uint8Array(await input.streamed!.content!.slice(r.offset, r.offset + r.length).arrayBuffer()));
    expect(JSON.parse(raw)).toEqual(r.data.codex);
  });

  it('streams a gzipped rollout through DecompressionStream', async () => {
    const gz = new Uint8Array(gzipSync(bytes));
    expect(gz.length).toBeGreaterThan(STREAM_MIN_GZIP_BYTES);
    const streamed = (await streamJsonLinesFile(new Blob([gz]), 'rollout.jsonl.gz', 0, () => undefined))!.input;
    const whole = await loadInput('rollout.jsonl.gz', gz, 0);
    await hashFileOf(streamed);
    expect([streamed.format, streamed.lines, streamed.records.length, streamed.sha256]).toEqual([whole.format, whole.lines, whole.records.length, whole.sha256]);
  });
});

describe('a gzip cut short, on the page', () => {
  const gz = new Uint8Array(gzipSync(logOf(STREAM_MIN_BYTES + 1000)));
  const name = 'cut.jsonl.gz';

  /** What the page makes of the file: streamed when it is large enough, else (or when the stream fails) read whole. */
  const onPage = async (bytes: Uint8Array<ArrayBuffer>): Promise<CutOutcome> => {
    const { inputs, unreadable } = await readSources([{ name, blob: new Blob([bytes]) }], 0, { reading: () => undefined, progress: () => undefined });
    return unreadable[0] ? { kind: 'refused', words: unreadable[0].reason } : cutOutcome(inputs[0]!);
  };
  const byLoader = (bytes: Uint8Array): Promise<CutOutcome> => readOutcome(() => loadInput(name, bytes, 0));

  it('gives what the whole-file loader gives wherever the cut falls, streamed or not: refused, kept saying it ends early, or whole', async () => {
    expect(gz.length).toBeGreaterThan(STREAM_MIN_GZIP_BYTES + 1000);
    const small = [1, 2, 9, 10, 11, 20, 40, 4096];
    const streamed = [STREAM_MIN_GZIP_BYTES, STREAM_MIN_GZIP_BYTES + 777, gz.length >> 1, gz.length - 9, gz.length - 8, gz.length - 5, gz.length - 1];
    for (const n of [...small, ...streamed, gz.length]) {
      const cut = gz.slice(0, n);
      const page = await onPage(cut);
      expect(page, `cut at ${n} of ${gz.length}`).toEqual(await byLoader(cut));
      if (n === gz.length) expect(page.kind).toBe('whole');
      else if (page.kind === 'refused') expect(page.words).toMatch(/^a gzip file cut off after [\d,]+ bytes?, before any of its content could be decompressed/);
      else expect([page.kind, page.words]).toEqual(['kept', expect.stringMatching(/^the gzip stream ends early \(the file was probably cut off while being written\)/)]);
    }
    expect(await onPage(gz.slice(0, 10))).toEqual({ kind: 'refused', words: 'a gzip file cut off after 10 bytes, before any of its content could be decompressed, so there is nothing to read' });
  });
});
