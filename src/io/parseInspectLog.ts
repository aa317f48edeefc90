import { formatCount } from '../core/countText';
import type { InputNote, JsonObject } from '../core/model';
import { decodeUtf8 } from './decode';
import { isObject } from './derivedRecord';
import type { FormatBody, FormatProbe, TextFormat } from './formats';
import { inspectRecords, type InspectSample } from './inspectRecords';
import { SAMPLE_MEMBER, type EvalZip } from './inspectZip';
import { nestsDeeperThan, tooDeepReason } from './jsonDepth';
import { describeJsonBreak, escapeForMessage } from './jsonError';
import { arrayElementSpans } from './jsonSpans';
import { DEFAULT_LIMITS, formatSize, type InputLimits } from './limits';
import { wholeDocumentRejection } from './wholeDocument';

/** An EvalLog document: `{version, status, eval: {task, run_id, ...}, ...}`. */
function isEvalLog(v: unknown): boolean {
  return isObject(v) && isObject(v.eval) && (typeof v.eval.task === 'string' || typeof v.eval.run_id === 'string') && 'status' in v;
}

export const inspectJsonFormat: TextFormat = {
  id: 'inspect-json',
  label: 'Inspect AI eval log (.json)',
  sniff: (probe) =>
    isEvalLog(probe.document) ||
    (probe.documentError !== null && /"eval"\s*:\s*\{/.test(probe.head) && /"run_id"\s*:/.test(probe.head) && /"status"\s*:/.test(probe.head)),
  parse: (text, fileName, fileIndex, probe, limits) => parseInspectJson(text, fileName, fileIndex, probe, limits),
};

/** A `.json` EvalLog: the samples are `samples[]`, each record points at its sample's text. */
export function parseInspectJson(text: string, fileName: string, fileIndex: number, probe: FormatProbe, limits: InputLimits = DEFAULT_LIMITS): FormatBody {
  if (!isEvalLog(probe.document)) return wholeDocumentRejection('inspect-json', 'an Inspect eval log', text, probe);
  const log = probe.document as JsonObject;
  const list = Array.isArray(log.samples) ? log.samples : [];
  const spans = arrayElementSpans(text, ['samples']) ?? [];
  const samples: InspectSample[] = list.map((value, i) => {
    const span = spans[i];
    const length = span ? span.end - span.start : 0;
    const tooDeep = nestsDeeperThan(value, limits.maxJsonDepth, span ? length : Infinity);
    return { value, parseError: tooDeep ? tooDeepReason(limits) : null, source: `samples[${i}]`, offset: span?.start ?? -1, length };
  });
  const body = inspectRecords(log, samples, text, fileName, fileIndex);
  if (!Array.isArray(log.samples)) {
    body.notes.push({ line: null, message: 'this log holds no samples (written with log_samples off, or a header only): there is nothing to count.' });
  }
  return { format: 'inspect-json', lines: body.lines, blank: 0, rejected: body.rejected, records: body.records, notes: body.notes };
}

/**
 * A `.eval` zip: `header.json`, `samples/{id}_epoch_{n}.json`, summaries and
 * journal. The input's text is the sample members one after another (each
 * followed by a newline), so every record can show the JSON it came from.
 */
export function parseInspectEval(zip: EvalZip, fileName: string, fileIndex: number, limits: InputLimits = DEFAULT_LIMITS): FormatBody & { text: string } {
  const notes: InputNote[] = [];
  const readJson = (name: string): unknown => {
    const bytes = zip.members.get(name);
    if (!bytes) return undefined;
    try {
      return JSON.parse(decodeUtf8(bytes).text);
    } catch {
      return undefined;
    }
  };
  let header = readJson('header.json');
  if (!isObject(header)) {
    const start = readJson('_journal/start.json');
    header = isObject(start) ? { ...start, status: 'started' } : {};
    notes.push({ line: null, message: 'the zip has no readable header.json, so the eval had not finished writing it; the journal start record describes it.' });
  }
  const parts: string[] = [];
  let offset = 0;
  const samples: InspectSample[] = [];
  const counts = new Map<string, number>();
  for (const name of zip.names) counts.set(name, (counts.get(name) ?? 0) + 1);
  let repeated = 0;
  for (const [name, count] of counts) {
    if (!SAMPLE_MEMBER.test(name)) continue;
    if (count > 1 && ++repeated <= 5) notes.push({ line: null, message: `the zip lists ${formatCount(count)} members named ${escapeForMessage(name)}; only the last of them is read.` });
    const size = zip.oversize.get(name);
    const bytes = zip.members.get(name);
    if (size !== undefined || !bytes) {
      const parseError = `inflates to ${formatCount(size ?? 0)} bytes, over the ${formatSize(limits.maxDocumentChars)} limit for one JSON document; not read`;
      samples.push({ value: undefined, parseError, source: name, offset: -1, length: 0 });
      continue;
    }
    const { text: raw, invalidLines } = decodeUtf8(bytes);
    if (invalidLines.length > 0) notes.push({ line: null, message: `${escapeForMessage(name)} holds bytes that are not valid UTF-8; they are shown as U+FFFD (\u{FFFD}).` });
    samples.push({ ...parseMember(raw, limits), source: name, offset, length: raw.length });
    parts.push(raw, '\n');
    offset += raw.length + 1;
  }
  if (repeated > 5) notes.push({ line: null, message: `${formatCount(repeated - 5)} more sample names are listed more than once; only the last member of each is read.` });
  const text = parts.join('');
  const body = inspectRecords(header as JsonObject, samples, text, fileName, fileIndex);
  return {
    format: 'inspect-eval',
    lines: body.lines,
    blank: 0,
    rejected: body.rejected,
    records: body.records,
    notes: [...notes, ...body.notes],
    text,
  };
}

function parseMember(raw: string, limits: InputLimits): { value: unknown; parseError: string | null } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (e) {
    return { value: undefined, parseError: describeJsonBreak(e, raw, 'line', 'the member') };
  }
  return nestsDeeperThan(value, limits.maxJsonDepth, raw.length) ? { value: undefined, parseError: tooDeepReason(limits) } : { value, parseError: null };
}
