import { formatCount } from '../core/countText';
import type { InputNote, JsonObject, RejectedLine, SeqRecord } from '../core/model';
import { derivedRecord, isNonNegativeInteger, isObject, stringOf } from './derivedRecord';
import type { FormatBody, FormatProbe, TextFormat } from './formats';
import { nonNegativeIntegerReason } from './integerField';
import { nestsDeeperThan, tooDeepReason } from './jsonDepth';
import { describeValue, jsonTypeName } from './jsonError';
import { arrayElementSpans } from './jsonSpans';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import { wholeDocumentRejection } from './wholeDocument';

/** promptfoo's ResultFailureReason: 0 none, 1 an assertion failed, 2 the provider or test errored. */
const FAILURE_REASON_ERROR = 2;

/** `promptfoo eval -o results.json`: `{evalId, results: {version, results: [...]}, config, ...}`. */
function isPromptfooExport(v: unknown): boolean {
  return isObject(v) && isObject(v.results) && Array.isArray(v.results.results) && ('evalId' in v || 'config' in v || 'version' in v.results);
}

/**
 * What to tell a person whose file is a promptfoo summary with `results` at
 * the top level: the shape early promptfoo releases wrote with `-o` (version
 * 1, whose results carry no testIdx, promptIdx or evalId) and that a script
 * writes when it saves the summary evaluate() returns. Its results cannot be
 * given the identity the export's can, so it is not read; null for any other object.
 */
export function promptfooSummaryHint(doc: JsonObject): string | null {
  const summaryKeys = ['version', 'timestamp', 'stats', 'table', 'evalId'];
  if (!Array.isArray(doc.results) || !summaryKeys.some((k) => k in doc)) return null;
  return 'It looks like a promptfoo summary with its results at the top level (early promptfoo releases wrote it with -o; a script saving what evaluate() returns writes it too). Seqscope reads the export current promptfoo writes, {"evalId", "results": {"results": [...]}}, with `promptfoo eval -o results.json` or `promptfoo export <evalId>`; see docs/formats.md';
}

export const promptfooFormat: TextFormat = {
  id: 'promptfoo',
  label: 'promptfoo results (.json)',
  sniff: (probe) =>
    isPromptfooExport(probe.document) || (probe.documentError !== null && /^\s*\{\s*"evalId"\s*:/.test(probe.head) && /"results"\s*:\s*\{/.test(probe.head)),
  parse: (text, fileName, fileIndex, probe, limits) => parsePromptfoo(text, fileName, fileIndex, probe, limits),
};

/**
 * One eval record per result, in array order: promptfoo appends results as
 * they complete, so the array is completion order and that is storage order.
 * Identity is (testIdx, promptIdx, provider) as `case_id` within the `evalId`.
 */
export function parsePromptfoo(text: string, fileName: string, fileIndex: number, probe: FormatProbe, limits: InputLimits = DEFAULT_LIMITS): FormatBody {
  if (!isPromptfooExport(probe.document)) return wholeDocumentRejection('promptfoo', 'a promptfoo results export', text, probe);
  const doc = probe.document as JsonObject;
  const results = (doc.results as JsonObject).results as unknown[];
  const evalId = stringOf(doc.evalId);
  const spans = arrayElementSpans(text, ['results', 'results']) ?? [];
  const records: SeqRecord[] = [];
  const rejected: RejectedLine[] = [];
  results.forEach((result, i) => {
    const line = i + 1;
    const span = spans[i];
    const tooDeep = nestsDeeperThan(result, limits.maxJsonDepth, span ? span.end - span.start : Infinity);
    const problem = tooDeep ? tooDeepReason(limits) : resultProblem(result, span ? text : null, span?.start ?? 0);
    if (problem) {
      rejected.push({ line, reason: `item ${line} (results.results[${i}]): ${problem}` });
      return;
    }
    const r = result as JsonObject;
    const provider = providerOf(r.provider ?? null);
    const errored = r.failureReason === FAILURE_REASON_ERROR;
    const fields: JsonObject = {
      case_id: `test ${r.testIdx} prompt ${r.promptIdx} provider ${provider}`,
      status: errored ? 'error' : r.success ? 'pass' : 'fail',
      // The file's own flag (or error code), which the status is read from.
      status_basis: errored ? `failureReason ${FAILURE_REASON_ERROR} (an error)` : `success ${String(r.success)}`,
      test_idx: r.testIdx as number,
      prompt_idx: r.promptIdx as number,
      provider,
      source: `results.results[${i}]`,
    };
    if (evalId !== null) fields.run_id = evalId;
    if (typeof r.score === 'number') fields.score = r.score;
    const reason = isObject(r.gradingResult) ? stringOf(r.gradingResult.reason) : null;
    const note = stringOf(r.error) ?? reason;
    if (note !== null) fields.note = note;
    records.push(
      derivedRecord(
        { fileName, fileIndex, line, offset: span ? span.start : -1, length: span ? span.end - span.start : 0 },
        { kind: 'eval', session: evalId ?? 'promptfoo', fields, namespace: 'promptfoo', original: r },
      ),
    );
  });
  const notes: InputNote[] = [
    {
      line: null,
      message: `promptfoo eval ${evalId ?? '(no evalId)'}: ${formatCount(results.length)} results in completion order, which is the order shown as storage order; promptfoo records no other order.`,
    },
  ];
  if (evalId === null) notes.push({ line: null, message: 'the export has no evalId: separate runs of the same tests cannot be told apart (eval-weak-identity).' });
  return { format: 'promptfoo', lines: results.length, blank: 0, rejected, records, notes };
}

/** Why a result is not one this reader takes; `text` from `start` is the result, which a reason quotes a number from. */
function resultProblem(v: unknown, text: string | null, start: number): string | null {
  if (!isObject(v)) return `a result must be a JSON object, found ${jsonTypeName(v)} ${describeValue(v)}`;
  if (!isNonNegativeInteger(v.testIdx)) return nonNegativeIntegerReason('testIdx', v.testIdx, ['testIdx'], text, start);
  if (!isNonNegativeInteger(v.promptIdx)) return nonNegativeIntegerReason('promptIdx', v.promptIdx, ['promptIdx'], text, start);
  if (typeof v.success !== 'boolean') return `success must be true or false, got ${describeValue(v.success)}`;
  return null;
}

/** A provider is written as `{id, label}` or a plain id string. */
function providerOf(p: unknown): string {
  if (typeof p === 'string') return p;
  if (isObject(p)) return stringOf(p.label) || stringOf(p.id) || describeValue(p);
  return 'unknown';
}
