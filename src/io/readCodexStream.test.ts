import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, ParsedInput, SeqRecord } from '../core/model';
import { compactRecordData } from './compactRecord';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import { loadInput } from './loadInput';
import { readCodexStream } from './parseCodexRollout';
import { streamedInput } from './readNativeStream';
import { chunksOf } from './test/chunksOf';
import { concat } from './test/fuzzArbitraries';

const enc = new TextEncoder();
const NAME = 'rollout-0199dddd-0000-7000-8000-000000000004.jsonl';
/** Small enough that a line of the generator goes over it, large enough for every ordinary line. */
const LIMITS: InputLimits = { ...DEFAULT_LIMITS, maxLineChars: 400 };

const user = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
const event = (payload: JsonObject) => ({ type: 'event_msg', payload });

/** Envelopes of every kind the reader tells apart; `order` becomes their acceptance number where they carry one. */
const ENVELOPES: ((order: number) => JsonObject)[] = [
  () => ({ type: 'session_meta', payload: { id: 'thread-1', cli_version: '0.140.0', history_mode: 'paginated' } }),
  () => ({ type: 'session_meta', payload: { id: '', cli_version: '0.99.0' } }),
  (n) => ({ type: 'response_item', payload: user(`answer ${n} é✓𝄞`), metadata: { user_input_order: n } }),
  () => ({ type: 'response_item', payload: user('an input without its number') }),
  () => ({ type: 'response_item', payload: user('<environment_context>cwd</environment_context>') }),
  (n) => ({ type: 'response_item', payload: user('from the parent'), metadata: { user_input_order: n, inherited_user_message: true } }),
  (n) => ({ type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'done' }] }, metadata: { user_input_order: n } }),
  () => ({ type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'thinking' }] } }),
  (n) => ({ type: 'response_item', payload: { type: 'function_call', name: 'exec', arguments: '{}', call_id: 'c1' }, metadata: { user_input_order: n } }),
  () => ({ type: 'response_item', payload: { type: 'function_call_output', call_id: 'c1', output: 'ok' } }),
  () => ({ type: 'response_item', payload: { type: 'reasoning', summary: [] } }),
  (n) => event({ type: n % 2 ? 'task_started' : 'turn_started', turn_id: `turn-${n}` }),
  (n) => event({ type: 'task_complete', turn_id: `turn-${n}` }),
  () => event({ type: 'turn_aborted', turn_id: 'turn-1', reason: 'interrupted' }),
  (n) => event({ type: 'thread_rolled_back', num_turns: n }),
  () => event({ type: 'context_compacted' }),
  () => event({ type: 'user_message', message: 'typed' }),
  () => event({ type: 'token_count', info: null }),
  () => ({ type: 'compacted', payload: { message: 'summary', replacement_history: [user('kept')] } }),
  (n) => ({ type: 'retained_context', payload: { type: 'verified_answer', call_id: `ask-${n}`, acceptance_order: n, questions: [{ question: 'Go?', answer: 'Yes' }] } }),
  () => ({ type: 'retained_context', payload: { type: 'verified_answer', questions: [] } }),
  () => ({ type: 'turn_context', payload: { turn_id: 'turn-2', cwd: '/w' } }),
  () => ({ type: 'mystery_item', payload: { note: 'written by a newer Codex' } }),
];

/** Damaged and unusual lines: blank, not JSON, cut off, wrong envelopes, over the line limit, a byte-order mark left by joining files (or two), bytes that are not UTF-8. */
const DAMAGED: (string | Uint8Array)[] = [
  '',
  ' \t ',
  '\uFEFF',
  'not json',
  '{"type":"event_msg","payload":{"type":"task_started"',
  '[1,2]',
  '{"type":"response_item"}',
  '{"type":"response_item","payload":{},"ordinal":-1}',
  '{"type":"response_item","payload":{},"metadata":{"user_input_order":"2"}}',
  '{"type":"response_item","payload":{},"metadata":{"inherited_user_message":1}}',
  '{"type":"retained_context","payload":{"acceptance_order":1.5}}',
  `{"type":"event_msg","payload":{"pad":"${'x'.repeat(450)}"}}`,
  `\uFEFF{"type":"event_msg","timestamp":"t","payload":{"type":"task_complete"}}`,
  `\uFEFF\uFEFF{"type":"event_msg","timestamp":"t","payload":{"type":"task_complete"}}`,
  concat(enc.encode('{"type":"event_msg","timestamp":"t","payload":{"type":"agent_message","message":"'), Uint8Array.of(0xc3, 0x28, 0xff), enc.encode('"}}')),
];

interface Drawn {
  readonly envelope: number;
  readonly order: number;
  readonly ordinal: number | null;
}

const drawnEnvelope = fc.record({
  envelope: fc.nat({ max: ENVELOPES.length - 1 }),
  order: fc.nat({ max: 6 }),
  ordinal: fc.option(fc.nat({ max: 30 }), { freq: 10 }),
});
const drawnLine = fc.oneof({ weight: 4, arbitrary: drawnEnvelope }, { weight: 1, arbitrary: fc.constantFrom(...DAMAGED) });

function lineBytes(line: Drawn | string | Uint8Array, paginated: boolean): Uint8Array {
  if (typeof line === 'string') return enc.encode(line);
  if (line instanceof Uint8Array) return line;
  const { type, ...rest } = ENVELOPES[line.envelope]!(line.order);
  const ordinal = paginated && line.ordinal !== null ? { ordinal: line.ordinal } : {};
  return enc.encode(JSON.stringify({ timestamp: '2026-09-18T09:31:00.000Z', ...ordinal, type, ...rest }));
}

/** A rollout as bytes: a first envelope (so it is detected as one), then any lines, any line ends, maybe a byte-order mark. */
const rolloutBytes = fc
  .record({
    bom: fc.boolean(),
    paginated: fc.boolean(),
    first: drawnEnvelope,
    rest: fc.array(fc.tuple(drawnLine, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 40, size: 'max' }),
    lastEnd: fc.constantFrom('', '\n', '\r\n'),
  })
  .map(({ bom, paginated, first, rest, lastEnd }) => {
    const parts = [bom ? Uint8Array.of(0xef, 0xbb, 0xbf) : new Uint8Array(0), lineBytes(first, paginated)];
    for (const [line, end] of rest) parts.push(enc.encode(end), lineBytes(line, paginated));
    parts.push(enc.encode(lastEnd));
    return { bytes: concat(...parts), bom };
  });

const ignoringBom = new TextDecoder('utf-8', { ignoreBOM: true });

/** An input without what depends on how it was read: its text, and where records are (characters of the text, or bytes). */
function readAlike(input: ParsedInput): object {
  return { ...input, text: undefined, records: input.records.map((r) => ({ ...r, offset: undefined, length: undefined })) };
}

/** What a compact record keeps of a whole one: the fields the engine reads, and the mark of a rollback. */
function compacted(r: SeqRecord): SeqRecord {
  const data = compactRecordData(r.data, r.kind);
  if (r.data.rolled_back_at_line !== undefined) data.rolled_back_at_line = r.data.rolled_back_at_line;
  return { ...r, data };
}

describe('readCodexStream', () => {
  it('reads what the whole-file loader reads, for any chunking: records, notes, boundaries, rejected lines, damaged lines included', async () => {
    await fc.assert(
      fc.asyncProperty(rolloutBytes, fc.array(fc.nat(), { maxLength: 10 }), fc.boolean(), async ({ bytes, bom }, cuts, splitAsText) => {
        const whole = await loadInput(NAME, bytes, 2, LIMITS);
        fc.pre(whole.format === 'codex-rollout');
        const file = { name: NAME, gzip: false, bytes: bytes.length, sha256: whole.sha256 };
        const body = await readCodexStream(chunksOf(bytes, cuts), NAME, 2, { limits: LIMITS, splitAsText });
        const streamed = streamedInput(body, file);
        expect(readAlike(streamed)).toEqual(readAlike(whole));
        expect(body.contentBytes).toBe(bytes.length);
        // Each record points at its own line: bytes of the content when streamed, characters of the text when read whole.
        streamed.records.forEach((r, i) => {
          const w = whole.records[i]!;
          const from = r.offset === 0 && bom ? 3 : r.offset;
          expect(ignoringBom.decode(bytes.subarray(from, r.offset + r.length))).toBe(whole.text.slice(w.offset, w.offset + w.length));
        });

        const compact = streamedInput(await readCodexStream(chunksOf(bytes, cuts), NAME, 2, { limits: LIMITS, splitAsText, compact: true }), file);
        expect(readAlike(compact)).toEqual(readAlike({ ...whole, records: whole.records.map(compacted) }));
      }),
      { numRuns: 300 },
    );
  });

  it('rejects a line longer than the limit in bytes by its length without decoding it, and reads the next line', async () => {
    const huge = `{"type":"event_msg","timestamp":"t","payload":{"pad":"${'x'.repeat(2000)}"}}`;
    const text = [lineOf(ENVELOPES[0]!(0)), huge, lineOf(ENVELOPES[12]!(1))].join('\n');
    const bytes = enc.encode(text);
    const whole = await loadInput(NAME, bytes, 0, LIMITS);
    for (const cuts of [[], [300], [300, 1200, 1900]]) {
      const body = await readCodexStream(chunksOf(bytes, cuts), NAME, 0, { limits: LIMITS, compact: true });
      expect(body.rejected).toEqual([{ line: 2, reason: `line 2: ${huge.length.toLocaleString('en-US')} bytes long, over the 400 characters line limit; not parsed` }]);
      expect(whole.rejected).toEqual([{ line: 2, reason: `line 2: ${huge.length.toLocaleString('en-US')} characters long, over the 400 characters line limit; not parsed` }]);
      expect(body.records.map((r) => [r.line, r.kind, r.id])).toEqual(whole.records.map((r) => [r.line, r.kind, r.id]));
    }
  });

  it('keeps no envelope in compact records, only the fields the engine reads', async () => {
    const text = [0, 2, 19, 8].map((k) => lineOf(ENVELOPES[k]!(3))).join('\n');
    const body = await readCodexStream(chunksOf(enc.encode(text), [40]), NAME, 0, { compact: true });
    expect(body.records.map((r) => [r.kind, Object.keys(r.data).sort()])).toEqual([
      ['meta', []],
      ['input', ['actor', 'key', 'op', 'value']],
      ['input', ['actor', 'effects', 'key', 'op', 'value']],
      ['tool_call', []],
    ]);
  });
});

function lineOf(envelope: JsonObject): string {
  return JSON.stringify({ timestamp: '2026-09-18T09:31:00.000Z', ...envelope });
}
