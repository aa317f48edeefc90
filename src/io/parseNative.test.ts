import fc from 'fast-check';
import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/canonical';
import type { SeqRecord } from '../core/model';
import { loadInput } from './loadInput';
import { parseNative } from './parseNative';
import { nativeOrRefused } from './test/nativeOrRefused';

const enc = new TextEncoder();

describe('parseNative line accounting', () => {
  it('keeps, rejects with located reasons, and counts blanks', () => {
    const text = [
      '{"kind":"input","id":"ok1","op":"allow","accept_seq":1}',
      '{"kind":"input","id":"broken","op":',
      '',
      '{"kind":"input","id":"ok2","op":"revoke","accept_seq":"2"}',
      '   ',
      '[1,2]',
      '{"kind":"input","id":"neg","accept_seq":-1}',
      '{"kind":"input","id":"frac","accept_seq":1.5}',
      '{"kind":"input","id":{"x":1}}',
      '{"kind":7}',
      '{"kind":"input","accepted":"yes"}',
      '{"kind":"input","session":3}',
    ].join('\n');
    const body = parseNative(text, 'f.jsonl', 0);
    expect(body.lines).toBe(12);
    expect(body.blank).toBe(2);
    expect(body.records.map((r) => r.line)).toEqual([1]);
    expect(body.rejected).toEqual([
      { line: 2, reason: 'line 2: not valid JSON (Unexpected end of JSON input)' },
      { line: 4, reason: 'line 4: accept_seq must be a non-negative integer, got "2"' },
      { line: 6, reason: 'line 6: expected a JSON object, found an array [1,2]' },
      { line: 7, reason: 'line 7: accept_seq must be a non-negative integer, got -1' },
      { line: 8, reason: 'line 8: accept_seq must be a non-negative integer, got 1.5' },
      { line: 9, reason: 'line 9: id must be a string or a number, got {"x":1}' },
      { line: 10, reason: 'line 10: kind must be a string, got 7' },
      { line: 11, reason: 'line 11: accepted must be true or false, got "yes"' },
      { line: 12, reason: 'line 12: session must be a string, got 3' },
    ]);
  });

  it('names the column of a JSON syntax error', () => {
    const body = parseNative('{"kind":"input","id":"a",}', 'f', 0);
    expect(body.rejected[0]!.reason).toMatch(/^line 1: not valid JSON \(.+ at column \d+\)$/);
  });

  it('treats CRLF, lone CR and a missing final newline as line ends', () => {
    const a = '{"id":"a","kind":"input","op":"allow"}';
    const b = '{"id":"b","kind":"input","op":"revoke"}';
    for (const text of [`${a}\r\n${b}\r\n`, `${a}\r${b}`, `${a}\n${b}`, `${a}\n\n${b}\n`]) {
      const body = parseNative(text, 'f', 0);
      expect(body.records.map((r) => r.id)).toEqual(['a', 'b']);
      expect(body.records.length + body.rejected.length + body.blank).toBe(body.lines);
    }
  });

  it('keeps the raw line exactly, by offset into the text', () => {
    const line2 = '  {"id":"b", "kind":"input",   "op":"revoke"}  ';
    const text = `{"id":"a","kind":"input","op":"allow"}\r\n${line2}\r\n`;
    const r = parseNative(text, 'f', 0).records[1]!;
    expect(text.slice(r.offset, r.offset + r.length)).toBe(line2);
  });

  it('reads a JSON array and {"records": [...]} with the 1-based position as the line', () => {
    const items = [{ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 }, 'junk', { kind: 'input', id: 'b', op: 'revoke' }];
    for (const text of [JSON.stringify(items), JSON.stringify({ records: items }, null, 2)]) {
      const body = parseNative(text, 'f.json', 0);
      expect(body.lines).toBe(3);
      expect(body.records.map((r) => [r.id, r.line])).toEqual([
        ['a', 1],
        ['b', 3],
      ]);
      expect(body.rejected).toEqual([{ line: 2, reason: 'item 2: expected a JSON object, found a string "junk"' }]);
    }
  });

  it('quotes an accept_seq beyond 2^53 − 1 as the file writes it, not as JSON.parse rounds it', () => {
    const limit = 'accept_seq must be a non-negative integer of at most 9007199254740991 (2^53 − 1), the largest a JSON number holds exactly; got';
    const lines = [
      '{"kind":"input","id":"a","accept_seq":9007199254740993}',
      '{"kind":"input","id":"b","accept_seq":9007199254740992}',
      '\uFEFF { "accept_seq" : 1e400 }',
      '{"accept_seq":1,"id":"c","accept_seq":12345678901234567890}',
      `{"accept_seq":1${'0'.repeat(100)}}`,
      '{"accept_seq":-9007199254740993}',
      '{"kind":"input","id":"max","accept_seq":9007199254740991}',
    ];
    const body = parseNative(lines.join('\n'), 'f', 0);
    expect(body.rejected).toEqual([
      { line: 1, reason: `line 1: ${limit} 9007199254740993` },
      { line: 2, reason: `line 2: ${limit} 9007199254740992` },
      { line: 3, reason: `line 3: ${limit} 1e400` },
      { line: 4, reason: `line 4: ${limit} 12345678901234567890` },
      { line: 5, reason: `line 5: ${limit} 1${'0'.repeat(56)}...` },
      { line: 6, reason: 'line 6: accept_seq must be a non-negative integer, got -9007199254740993' },
    ]);
    expect(body.records.map((r) => r.acceptSeq)).toEqual([Number.MAX_SAFE_INTEGER]);
    const items = '[{"kind":"input","id":"a","accept_seq":1},\n {"kind":"input", "accept_seq": 9007199254740993}]';
    for (const text of [items, `{"records": ${items}}`]) {
      expect(parseNative(text, 'f.json', 0).rejected).toEqual([{ line: 2, reason: `item 2: ${limit} 9007199254740993` }]);
    }
  });

  it('rejects a line over the length limit with its length, and reads the next', () => {
    const long = `{"kind":"input","id":"big","note":"${'x'.repeat(16 * 1024 * 1024)}"}`;
    const body = parseNative(`${long}\n{"kind":"input","id":"b"}`, 'f', 0);
    expect(body.rejected).toEqual([{ line: 1, reason: `line 1: ${long.length.toLocaleString('en-US')} characters long, over the 16 MiB line limit; not parsed` }]);
    expect(body.records.map((r) => r.id)).toEqual(['b']);
  });

  it('gives defaults and a synthetic id', () => {
    const [r] = parseNative('{"kind":"input","op":"allow"}', 'log.jsonl', 0).records;
    expect(r).toMatchObject({ id: 'log.jsonl:1', hasId: false, session: 'default', accepted: true, acceptSeq: null });
  });

  it('keeps __proto__ and friends as plain data without polluting prototypes', () => {
    const [r] = parseNative('{"kind":"input","id":"p","__proto__":{"polluted":true},"constructor":{"prototype":{"x":1}}}', 'f', 0).records;
    expect(Object.prototype.hasOwnProperty.call(r!.data, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accounts for every line of arbitrary text', () => {
    const lineArb = fc.oneof(
      fc.string(),
      fc.constant(''),
      fc.constant('   '),
      fc.constant('{"kind":"input","id":"x","op":"allow","accept_seq":3}'),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ kind: fc.string(), accept_seq: fc.oneof(fc.integer(), fc.double(), fc.string()) }).map((v) => JSON.stringify(v)),
    );
    const sep = fc.constantFrom('\n', '\r\n', '\r');
    fc.assert(
      fc.property(fc.array(fc.tuple(lineArb, sep)), fc.string(), (parts, tail) => {
        const text = parts.map(([l, s]) => l + s).join('') + tail;
        const body = nativeOrRefused(text);
        fc.pre(body !== null);
        const rejectedLines = new Set(body.rejected.map((r) => r.line));
        const keptLines = new Set(body.records.map((r) => r.line));
        expect(body.records.length + body.rejected.length + body.blank).toBe(body.lines);
        expect(rejectedLines.size).toBe(body.rejected.length);
        for (const l of keptLines) expect(rejectedLines.has(l)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('loadInput', () => {
  const jsonl = '{"kind":"input","id":"a","op":"allow","accept_seq":1}\n';

  it('hashes the bytes as given and reads gzip of every form', async () => {
    for (const text of [jsonl, JSON.stringify([{ kind: 'input', id: 'a' }]), JSON.stringify({ records: [{ kind: 'input', id: 'a' }] })]) {
      const gz = gzipSync(enc.encode(text));
      const input = await loadInput('x.gz', gz, 0);
      expect(input.records).toHaveLength(1);
      expect(input.format).toMatch(/\+gzip$/);
      expect(input.bytes).toBe(gz.length);
      expect(input.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('computes the SHA-256 of the bytes', async () => {
    const input = await loadInput('x', enc.encode('abc'), 0);
    expect(input.sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('drops a UTF-8 byte-order mark and reads UTF-16 with BOM', async () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...enc.encode(jsonl)]);
    expect((await loadInput('b', bom, 0)).records).toHaveLength(1);
    const u16 = new Uint8Array(2 + jsonl.length * 2);
    u16[0] = 0xff;
    u16[1] = 0xfe;
    for (let i = 0; i < jsonl.length; i++) u16[2 + i * 2] = jsonl.charCodeAt(i);
    expect((await loadInput('u16', u16, 0)).records).toHaveLength(1);
  });

  it('refuses a corrupt gzip stream with the file named', async () => {
    await expect(loadInput('bad.gz', new Uint8Array([0x1f, 0x8b, 1, 2, 3]), 0)).rejects.toThrow(/bad\.gz: looks like gzip/);
  });

  it('reads an empty file as zero lines', async () => {
    const input = await loadInput('empty', new Uint8Array(), 0);
    expect([input.lines, input.records.length, input.rejected.length, input.blank]).toEqual([0, 0, 0, 0]);
  });
});

describe('numbers beyond 2^53 − 1', () => {
  const lines = [
    '{"kind":"eval","id":9007199254740993,"status":"pass"}',
    '\uFEFF{"kind":"command","id":9007199254740992,"idempotency_key":"k","payload":{"amount":12345678901234567891}}',
    '{"kind":"eval","case_id":18446744073709551615,"run_id":-9007199254740993,"status":"fail","score":1e400}',
    '{"kind":"input","id":7,"op":"set","value":9007199254740991}',
  ];
  // Canonical JSON writes a wide number with every digit, so it shows what the engine compares.
  const compared = (r: SeqRecord) => canonicalJson(r.data);

  it('keep an id as the digits the line writes, and every such number exactly', () => {
    const body = parseNative(lines.join('\n'), 'f.jsonl', 0);
    expect(body.rejected).toEqual([]);
    expect(body.records.map((r) => r.id)).toEqual(['9007199254740993', '9007199254740992', 'f.jsonl:3', 7]);
    expect(body.records.map((r) => r.hasId)).toEqual([true, true, false, true]);
    expect(compared(body.records[1]!)).toContain('"payload":{"amount":12345678901234567891}');
    expect(compared(body.records[2]!)).toBe('{"case_id":18446744073709551615,"kind":"eval","run_id":-9007199254740993,"score":1e+400,"status":"fail"}');
    // A number JavaScript holds exactly stays a plain number.
    expect(body.records[3]!.data.value).toBe(9007199254740991);
  });

  it('are read again only where the engine reads them: a nanosecond timestamp on every line leaves the parsed record as it was', () => {
    const text = ['{"kind":"input","id":"a","op":"set","key":"k","value":1,"ts_ns":1732960000123456789}', '{"kind":"input","id":"b","op":"set","key":"k","value":9007199254740993}'].join('\n');
    const [plain, wide] = parseNative(text, 'f.jsonl', 0).records;
    expect(typeof plain!.data.ts_ns).toBe('number');
    expect(typeof wide!.data.value).toBe('object');
    expect(canonicalJson(wide!.data)).toContain('"value":9007199254740993');
  });

  it('leave the raw line as it is in the file', () => {
    const text = lines.join('\n');
    const body = parseNative(text, 'f.jsonl', 0);
    expect(body.records.map((r) => text.slice(r.offset, r.offset + r.length))).toEqual(lines);
  });

  it('read alike in a JSON array, a records object and JSON Lines', () => {
    const jsonl = parseNative(lines.join('\n'), 'f', 0);
    // A byte-order mark may open a line, not an item.
    const items = lines.map((l) => l.replace('\uFEFF', ''));
    for (const text of [`[\n${items.join(',\n')}\n]`, `{"records": [${items.join(', ')}]}`]) {
      const body = parseNative(text, 'f', 0);
      expect(body.records.map((r) => r.id)).toEqual(['9007199254740993', '9007199254740992', 'f:3', 7]);
      expect(body.records.map(compared)).toEqual(jsonl.records.map(compared));
    }
  });

  it('find the top-level id among ids nested in it, repeated, or written with escapes', () => {
    const cases: [string, string][] = [
      ['{"payload":{"id":9007199254740992},"id":9007199254740993}', '9007199254740993'],
      ['{"id":9007199254740993,"payload":[{"id":9007199254740992}]}', '9007199254740993'],
      ['{"id":1,"id" : 9007199254740993}', '9007199254740993'],
      ['{"id":9007199254740992,"id":9007199254740993}', '9007199254740993'],
      ['{"\\u0069d":9007199254740993,"x":{"id":9007199254740992}}', '9007199254740993'],
      ['{"note":"\\"id\\":9007199254740992","id":9.007199254740993e15}', '9007199254740993'],
      ['{"x \\"id": 9007199254740992, "id": 9007199254740993}', '9007199254740993'],
    ];
    for (const [line, id] of cases) {
      const body = parseNative(line, 'f', 0);
      expect(body.records.map((r) => r.id), line).toEqual([id]);
      expect(compared(body.records[0]!), line).toContain(`"id":${id}`);
    }
  });

  it('take an id of 1e400 as the number it writes, not as Infinity', () => {
    const body = parseNative('{"kind":"read","id":1e400}\n{"kind":"read","id":1E+400}', 'f', 0);
    expect(body.records.map((r) => r.id)).toEqual(['1e+400', '1e+400']);
  });
});
