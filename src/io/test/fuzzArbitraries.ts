/** fast-check generators of hostile inputs: raw bytes and text, JSON-ish lines and documents, and mutations of real files. */
import fc from 'fast-check';
import { gzipSync, strToU8 } from 'fflate';
import type { Seed } from './fuzzSeeds';

export interface FuzzInput {
  readonly name: string;
  readonly bytes: Uint8Array;
}

const enc = new TextEncoder();

export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Lines of a byte string, each with its `\n`, so line mutations work on any file, binary included. */
function splitLines(bytes: Uint8Array): Uint8Array[] {
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x0a) {
      lines.push(bytes.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < bytes.length) lines.push(bytes.subarray(start));
  return lines;
}

export interface Mutation {
  readonly label: string;
  apply(bytes: Uint8Array): Uint8Array;
}

/** A position as a fraction of the length, so one mutation fits files of every size. */
const where = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const pos = (bytes: Uint8Array, f: number) => Math.floor(bytes.length * f);

/** Bytes that break things most often: NUL, a lone continuation byte, a cut multi-byte lead, line ends, a BOM, JSON punctuation. */
const nastyBytes = fc.oneof(
  fc.uint8Array({ minLength: 1, maxLength: 8 }),
  fc.constantFrom(...[[0], [0xff], [0xc3], [0xe2, 0x82], [0x0d], [0x0a], [0x0d, 0x0a], [0xef, 0xbb, 0xbf], [0x22], [0x7b], [0x5b, 0x5b, 0x5b]].map((b) => Uint8Array.from(b))),
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  where.map((f) => ({ label: `truncate at ${f.toFixed(3)}`, apply: (b: Uint8Array) => b.subarray(0, pos(b, f)) })),
  fc.tuple(where, fc.integer({ min: 1, max: 255 })).map(([f, x]) => ({
    label: `flip byte at ${f.toFixed(3)} with ${x}`,
    apply: (b: Uint8Array) => {
      if (b.length === 0) return b;
      const out = Uint8Array.from(b);
      const at = pos(b, f);
      out[at] = out[at]! ^ x;
      return out;
    },
  })),
  fc.tuple(where, nastyBytes).map(([f, ins]) => ({ label: `insert [${ins.join(',')}] at ${f.toFixed(3)}`, apply: (b: Uint8Array) => concat(b.subarray(0, pos(b, f)), ins, b.subarray(pos(b, f))) })),
  fc.tuple(where, fc.integer({ min: 1, max: 64 })).map(([f, n]) => ({ label: `delete ${n} bytes at ${f.toFixed(3)}`, apply: (b: Uint8Array) => concat(b.subarray(0, pos(b, f)), b.subarray(pos(b, f) + n)) })),
  fc.tuple(where, fc.integer({ min: 1, max: 40 })).map(([f, times]) => ({
    label: `repeat line at ${f.toFixed(3)} ${times} times`,
    apply: (b: Uint8Array) => {
      const lines = splitLines(b);
      const i = Math.floor(lines.length * f);
      if (!lines[i]) return b;
      return concat(...lines.slice(0, i + 1), ...Array.from({ length: times }, () => lines[i]!), ...lines.slice(i + 1));
    },
  })),
  fc.tuple(where, where).map(([f, g]) => ({
    label: `swap lines at ${f.toFixed(3)} and ${g.toFixed(3)}`,
    apply: (b: Uint8Array) => {
      const lines = splitLines(b);
      const i = Math.floor(lines.length * f);
      const j = Math.floor(lines.length * g);
      if (!lines[i] || !lines[j]) return b;
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      return concat(...lines);
    },
  })),
  fc.constant({ label: 'gzip', apply: (b: Uint8Array) => gzipSync(b) }),
);

/** A seed with one to three mutations applied in turn. */
export function mutatedSeed(seeds: readonly Seed[]): fc.Arbitrary<FuzzInput & { readonly mutations: string }> {
  return fc.tuple(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([seed, ms]) => ({
    name: seed.name,
    bytes: ms.reduce((b, m) => m.apply(b), seed.bytes),
    mutations: ms.map((m) => m.label).join(', '),
  }));
}

/** Any text, lone surrogates included (UTF-8 encoding turns them into U+FFFD bytes). */
export const arbitraryText: fc.Arbitrary<FuzzInput> = fc.string({ unit: 'binary', maxLength: 400 }).map((s) => ({ name: 'text.jsonl', bytes: enc.encode(s) }));

const MAGIC = [[], [0x1f, 0x8b], [0x1f, 0x8b, 0x08, 0x00], [0x50, 0x4b, 0x03, 0x04], [...strToU8('SQLite format 3\u0000')], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]];

/** Any bytes, often behind the magic bytes of gzip, zip, SQLite or a byte-order mark so those readers see garbage too. */
export const arbitraryBytes: fc.Arbitrary<FuzzInput> = fc
  .tuple(fc.constantFrom(...MAGIC), fc.uint8Array({ maxLength: 600 }))
  .map(([magic, rest]) => ({ name: 'bytes.bin', bytes: concat(Uint8Array.from(magic), rest) }));

const deepArray = fc.integer({ min: 500, max: 3000 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`);
const protoKeys = fc.constantFrom(
  '{"kind":"input","id":"p","op":"set","key":"__proto__","value":{"polluted":true},"accept_seq":1}',
  '{"kind":"input","id":"c","op":"set","key":"constructor","value":1,"accept_seq":2,"__proto__":{"x":1}}',
  '{"kind":"eval","id":"e","status":"constructor","score":{"__proto__":1}}',
  '{"timestamp":"t","type":"__proto__","payload":{"__proto__":{}},"metadata":{"__proto__":1}}',
);
const rolloutLine = fc
  .record({ type: fc.constantFrom('response_item', 'event_msg', 'session_meta', 'retained_context', 'compacted', 'odd'), payload: fc.jsonValue({ maxDepth: 3 }), ordinal: fc.option(fc.integer({ min: -1, max: 5 })) })
  .map((r) => JSON.stringify({ timestamp: '2026-01-01T00:00:00Z', type: r.type, payload: r.payload, ...(r.ordinal === null ? {} : { ordinal: r.ordinal }) }));
const nativeLine = fc
  .record({
    kind: fc.constantFrom('input', 'write', 'read', 'response', 'request', 'clear', 'command', 'eval', 'other'),
    id: fc.oneof(fc.string(), fc.integer(), fc.boolean()),
    accept_seq: fc.oneof(fc.integer({ min: -1, max: 9 }), fc.double(), fc.string()),
    session: fc.constantFrom('s', 's\u200b', 'default'),
    op: fc.constantFrom('allow', 'revoke', 'set'),
    key: fc.constantFrom('permission', '__proto__', 'constructor'),
    value: fc.jsonValue({ maxDepth: 2 }),
  })
  .map((r) => JSON.stringify(r));

const lineText = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('', '   ', '\ufeff', '\u0000', '\ufeff{"kind":"input","id":"b"}'), fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)), deepArray, protoKeys, rolloutLine, nativeLine);

/** JSON Lines built from plausible and hostile lines, with every kind of line end, and sometimes no final one. */
export const jsonLines: fc.Arbitrary<FuzzInput> = fc
  .tuple(fc.array(fc.tuple(lineText, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 }), fc.boolean())
  .map(([parts, cut]) => {
    const text = parts.map(([l, s]) => l + s).join('');
    return { name: 'lines.jsonl', bytes: enc.encode(cut ? text.replace(/(\r\n|\r|\n)$/, '') : text) };
  });

const items = fc.array(fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.record({ id: fc.oneof(fc.string(), fc.integer()), testIdx: fc.integer({ min: -1, max: 3 }), promptIdx: fc.nat(2), success: fc.boolean(), scores: fc.jsonValue({ maxDepth: 2 }) })), { maxLength: 6 });

/** Whole documents shaped like each JSON document format, with arbitrary contents where the items go. */
export const jsonDocuments: fc.Arbitrary<FuzzInput> = fc
  .tuple(fc.constantFrom('inspect', 'promptfoo', 'runstate', 'array', 'records'), items, fc.jsonValue({ maxDepth: 2 }))
  .map(([shape, list, extra]) => {
    const doc =
      shape === 'inspect'
        ? { version: 2, status: extra, eval: { task: 't', run_id: 'r' }, samples: list }
        : shape === 'promptfoo'
          ? { evalId: extra, results: { version: 3, results: list } }
          : shape === 'runstate'
            ? { $schemaVersion: '1.17', previous_response_id: extra, model_responses: list, generated_items: list, original_input: list }
            : shape === 'array'
              ? list
              : { records: list };
    return { name: `${shape}.json`, bytes: enc.encode(JSON.stringify(doc)) };
  });
