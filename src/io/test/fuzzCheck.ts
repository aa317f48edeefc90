/**
 * The invariants every input must keep, whatever its bytes: used by the unit
 * suite's fuzz tests and by `npm run fuzz`. A violation throws an Error that
 * says which invariant broke; fast-check then reports the seed and shrinks.
 */
import { analyze } from '../../core/analyze';
import { canonicalJson } from '../../core/canonical';
import { toCheckDocument } from '../../core/checkDocument';
import { renderMarkdownReport } from '../../core/markdownReport';
import type { JsonValue, ParsedInput } from '../../core/model';
import { holdsRoundedNumber, parseExact } from '../exactJson';
import { loadInput, UnreadableInputError } from '../loadInput';
import { isBlank, lineRanges } from '../lines';
import { streamedInput } from '../readNativeStream';
import { STREAM_HEAD_MAX_BYTES, streamedFormatOf } from '../streamDetect';
import { streamReaderOf } from '../streamReader';
import { chunksOf } from './chunksOf';

function fail(what: string): never {
  throw new Error(`invariant broken: ${what}`);
}

/** Loads the bytes and checks accounting, locations and the engine; returns the detected format, or null when the file was refused as unreadable. */
export async function checkInput(name: string, bytes: Uint8Array): Promise<string | null> {
  let input: ParsedInput;
  try {
    input = await loadInput(name, bytes, 0);
  } catch (e) {
    if (!(e instanceof UnreadableInputError)) fail(`loadInput threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
    if (e.internal) fail(`a reader failed: ${e.message}`);
    if (!e.message.startsWith(`${name}: `)) fail(`the unreadable-input message does not start with the file name: ${e.message}`);
    return null;
  }
  checkAccounting(input);
  await checkStreamed(name, bytes, input);
  checkEngine(input);
  return input.format;
}

/**
 * What the CLI and the page would stream must read the same streamed as whole, in chunks as small as a
 * byte and split either way. They stream what their detection says they may (UTF-16, a file that is only
 * a byte-order mark and other oddities are read whole), so that decides here too.
 */
async function checkStreamed(name: string, bytes: Uint8Array, whole: ParsedInput): Promise<void> {
  const head = bytes.subarray(0, STREAM_HEAD_MAX_BYTES);
  const format = streamedFormatOf(head, head.length === bytes.length);
  if (format === null) return;
  const read = streamReaderOf(format);
  const facts = (i: ParsedInput) => ({
    counts: [i.lines, i.blank],
    rejected: i.rejected,
    records: i.records.map((r) => [r.line, r.kind, r.id, r.session, r.acceptSeq, r.accepted]),
    notes: i.notes,
  });
  const expected = JSON.stringify(facts(whole));
  for (const splitAsText of [true, false]) {
    const body = await read(chunksOf(bytes, [1, bytes.length >> 1, bytes.length - 1]), name, 0, { splitAsText });
    const streamed = streamedInput(body, { name, gzip: false, bytes: bytes.length, sha256: whole.sha256 });
    if (JSON.stringify(facts(streamed)) !== expected) fail(`${whole.format} streamed (split ${splitAsText ? 'as text' : 'by bytes'}) reads differently from the whole file`);
  }
}

/** kept + rejected + blank = lines, every line accounted once, every rejection located, every record pointing into the text. */
export function checkAccounting(input: ParsedInput): void {
  const { lines, blank, rejected, records, text } = input;
  if (!Number.isInteger(lines) || lines < 0 || !Number.isInteger(blank) || blank < 0) fail(`bad counts lines=${lines} blank=${blank}`);
  if (records.length + rejected.length + blank !== lines) {
    fail(`${records.length} kept + ${rejected.length} rejected + ${blank} blank != ${lines} lines (${input.format})`);
  }
  const seen = new Set<number>();
  for (const r of rejected) {
    if (!Number.isInteger(r.line) || r.line < 1 || r.line > lines) fail(`rejected line ${r.line} outside 1..${lines}`);
    if (seen.has(r.line)) fail(`line ${r.line} rejected twice`);
    seen.add(r.line);
    const located = new RegExp(`^(line|item) ${r.line}\\b`);
    if (!located.test(r.reason)) fail(`rejection of line ${r.line} does not say where: ${r.reason.slice(0, 120)}`);
  }
  for (const r of records) {
    if (!Number.isInteger(r.line) || r.line < 1 || r.line > lines) fail(`record line ${r.line} outside 1..${lines}`);
    if (seen.has(r.line)) fail(`line ${r.line} both kept or rejected twice`);
    seen.add(r.line);
    if (r.offset !== -1 && (r.offset < 0 || r.length < 0 || r.offset + r.length > text.length)) fail(`record at line ${r.line} points outside the text`);
  }
  const format = input.format.replace(/\+gzip$/, '');
  if (format === 'native-jsonl' || format === 'codex-rollout') checkTextLines(input, format);
}

/** For JSON Lines formats the counts must be those of the text itself, and nothing kept may differ from its line. */
function checkTextLines(input: ParsedInput, format: string): void {
  const { text } = input;
  const ranges = lineRanges(text);
  if (ranges.count !== input.lines) fail(`${input.lines} lines reported, the text has ${ranges.count}`);
  let blank = 0;
  for (let i = 0; i < ranges.count; i++) if (isBlank(text, ranges.starts[i]!, ranges.ends[i]!)) blank++;
  if (blank !== input.blank) fail(`${input.blank} blank lines reported, the text has ${blank}`);
  for (const r of input.records) {
    const i = r.line - 1;
    if (r.offset !== ranges.starts[i] || r.offset + r.length !== ranges.ends[i]) fail(`record at line ${r.line} does not point at its line`);
    if (format !== 'native-jsonl') continue;
    const raw = text.slice(r.offset, r.offset + r.length).replace(/^\ufeff/, '');
    // A number JSON.parse would round is kept as written (exactJson.ts); the rest is JSON.parse's reading.
    const parsed: unknown = JSON.parse(raw);
    const written = (holdsRoundedNumber(parsed) ? parseExact(raw, 0) : parsed) as JsonValue;
    if (canonicalJson(r.data) !== canonicalJson(written)) fail(`record at line ${r.line} differs from what its line says`);
  }
}

/** The engine and what is built on it must never throw on a loaded input. */
export function checkEngine(input: ParsedInput): void {
  const analysis = analyze([input]);
  JSON.stringify(toCheckDocument(analysis));
  const firstSeq = input.records.find((r) => r.acceptSeq !== null)?.acceptSeq ?? 0;
  const cut = analyze([input], { cutoff: firstSeq });
  renderMarkdownReport(cut, { generatedAt: 'fuzz' });
}
