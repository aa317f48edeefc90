import type { Analysis } from './analyze';
import { jsonText } from './canonical';
import { explainEvalDifference } from './compare';
import type { ComparedRecord, ComparedRun, Comparison, DecisionSide, SessionComparison, UnmatchedFinding } from './comparison';
import { noDivergenceText } from './comparisonVerdict';
import { andMore, formatCount, plural } from './countText';
import type { ParsedInput, SeqRecord } from './model';
import type { EvalSummary } from './evals';
import { passRateRangeEnds, percent } from './passRate';
import { idSpan, inexactNote, rawTextBlock } from './markdownEvidence';
import { DEFAULT_REPORT_LIMITS } from './markdownReportOptions';
import { cellCode, clippedText, codeSpan, inlineText, tableHead, tableRow } from './markdownText';
import { partlyComparedSentence } from './notWhollyRead';
import { rawRecordText } from './rawText';

/**
 * How many entries of one list a comparison shows (differences of a session,
 * decisions, eval outcomes, findings of one run) before counting the rest:
 * the text output and the Markdown report stop at the same place.
 */
export const COMPARE_LIST_LIMIT = 50;

/** Places a finding in one run only is cited at before the rest are counted. */
export const COMPARE_FINDING_PLACES = 8;

/** A record's text as its input holds it; when `exact` is false, `inexact` says what is shown instead. */
export interface QuotedText {
  readonly text: string;
  readonly exact: boolean;
  readonly inexact?: string;
}

/** The two records' texts at the first divergence, quoted under its table as the page shows them side by side. */
export interface DivergenceTexts {
  readonly base: QuotedText | null;
  readonly other: QuotedText | null;
}

/** The records where two runs first part, each with its input (to read a streamed line back before quoting it). */
export function divergenceRecords(c: Comparison, base: Analysis | null, other: Analysis | null): { base: RunRecord | null; other: RunRecord | null } {
  const recordOf = (r: ComparedRecord | null | undefined, run: Analysis | null): RunRecord | null => {
    const record = r && run ? run.records[r.index] : undefined;
    return record && run ? { input: run.inputs[record.fileIndex], record } : null;
  };
  return { base: recordOf(c.firstDivergence?.base, base), other: recordOf(c.firstDivergence?.other, other) };
}

interface RunRecord {
  readonly input: ParsedInput | undefined;
  readonly record: SeqRecord;
}

/**
 * The texts of the records where two runs first part, read from the runs'
 * inputs. A streamed input's line not read back yet is given as parsed: a
 * caller that has its content reads it back first.
 */
export function divergenceTexts(c: Comparison, base: Analysis | null, other: Analysis | null): DivergenceTexts {
  const textOf = (r: RunRecord | null): QuotedText | null => {
    if (!r) return null;
    const { text, exact } = rawRecordText(r.input, r.record);
    return exact ? { text, exact } : { text, exact, inexact: inexactNote(r.input?.format) };
  };
  const records = divergenceRecords(c, base, other);
  return { base: textOf(records.base), other: textOf(records.other) };
}

export interface ComparisonReportOptions {
  /** When the report was made, as the caller's clock says (the engine has none); omitted when absent. */
  readonly generatedAt?: string;
  /** Quoted under the first divergence's table when given (divergenceTexts). */
  readonly divergenceTexts?: DivergenceTexts;
}

const MORE = '(see `seqscope compare --json`)';

/**
 * A sentence of the engine's, which quotes session names, keys and eval
 * labels whole: cut as the audit report cuts a finding's message, so a name
 * of a megabyte quoted in each of fifty entries cannot make the report
 * gigabytes long.
 */
function sentence(text: string): string {
  return clippedText(text, DEFAULT_REPORT_LIMITS.messageChars, inlineText);
}

/**
 * A run's pass rate as the page's comparison gives it: over its undisputed
 * identities, and with what its disputed ones could make it. "100.0%" beside
 * "50.0%" read as the better run where the 100% left out a case that failed.
 * n/a for a run without evals.
 */
export function comparedPassRate(s: EvalSummary | null): string {
  if (s === null) return 'n/a';
  const rate = percent(s.pass_rate);
  if (!s.pass_rate_range) return rate;
  const [lo, hi] = passRateRangeEnds(s.pass_rate_range, percent);
  return `${rate} (${plural(s.disputed, 'disputed identity', 'disputed identities')} left out: ${hi === undefined ? `${lo} however resolved` : `${lo} to ${hi} as resolved`})`;
}

/**
 * A comparison of two runs as Markdown: the runs with their hashes, where
 * they first part in acceptance terms, each session's counts and
 * differences, decisions and eval outcomes that differ, and findings in one
 * run only. It says what `seqscope compare` prints, in the same order and
 * with the same caps; every name, id and value taken from a log is escaped,
 * clipped and has its invisible characters marked. Pure.
 */
export function renderComparisonReport(c: Comparison, options: ComparisonReportOptions = {}): string {
  const blocks = [header(c, options), runsSection(c), divergenceSection(c, options.divergenceTexts), sessionsSection(c), decisionsSection(c), evalsSection(c), findingsSection(c)];
  return `${blocks
    .filter((b) => b.length > 0)
    .map((b) => b.join('\n'))
    .join('\n\n')}\n`;
}

function filesOf(run: ComparedRun): string {
  return run.inputs.map((i) => codeSpan(i.file)).join(', ') || 'no input';
}

function header(c: Comparison, options: ComparisonReportOptions): string[] {
  const at = options.generatedAt ? `, reported at ${inlineText(options.generatedAt)}` : '';
  return [
    '# Seqscope comparison report',
    '',
    `Base run ${filesOf(c.base)} compared with other run ${filesOf(c.other)}${at}.`,
    '',
    'Records are lined up by session, acceptance number (`accept_seq`) and identity, never by time or by their place in the file.',
  ];
}

function runsSection(c: Comparison): string[] {
  const out = ['## Runs', '', ...tableHead(['Run', 'File', 'Format', 'Rejected', 'SHA-256'], new Set([3]))];
  for (const [label, run] of [['base', c.base], ['other', c.other]] as const) {
    for (const i of run.inputs) out.push(tableRow([label, cellCode(i.file), cellCode(i.format), formatCount(i.rejected), i.sha256 ? cellCode(i.sha256) : 'not computed']));
  }
  out.push('', 'Rejected: lines (or items of one JSON document or database) that were not read as records; runs that agree on what was read may still have lost some.');
  return out;
}

/** A record as a table cell: where it is, its kind and id. */
function recordCell(r: ComparedRecord | null): string {
  if (!r) return 'nothing';
  const id = r.hasId ? ` ${idSpan(String(r.id), cellCode)}` : '';
  return `${cellCode(`${r.file}:${r.line}`)} ${cellCode(r.kind || 'untyped')}${id}`;
}

function seqCell(r: ComparedRecord | null): string {
  return r === null || r.seq === null ? '—' : String(r.seq);
}

/**
 * What was not read of the runs, as `seqscope compare` says it beside its verdict: the sentence that nothing was, before it;
 * what was not, after it. Names from the runs, cut and escaped as the rest.
 */
function unreadParts(c: Comparison): { before: string[]; after: string[] } {
  if (c.nothingRead !== null) return { before: [inlineText(c.nothingRead), ''], after: [] };
  return { before: [], after: c.notWhollyRead === null ? [] : ['', partlyComparedSentence(sentence(c.notWhollyRead))] };
}

function divergenceSection(c: Comparison, texts: DivergenceTexts | undefined): string[] {
  const d = c.firstDivergence;
  const unread = unreadParts(c);
  if (!d) return ['## First divergence', '', ...unread.before, noDivergenceText(c), ...unread.after];
  const where = d.scope === 'eval' ? `Eval ${idSpan(d.label ?? '')}` : `Session ${idSpan(d.session ?? '')}${d.seq === null ? '' : `, accept\\_seq ${d.seq}`}`;
  return [
    '## First divergence',
    '',
    ...unread.before,
    `**${where}.** ${sentence(d.explanation)}`,
    ...unread.after,
    '',
    ...tableHead(['Run', 'Record', 'accept\\_seq']),
    tableRow(['base', recordCell(d.base), seqCell(d.base)]),
    tableRow(['other', recordCell(d.other), seqCell(d.other)]),
    ...quotedSide('Base run', d.base, texts?.base),
    ...quotedSide('Other run', d.other, texts?.other),
  ];
}

/** One side's record at the divergence, its text in a fence nothing inside can close, cut as the audit report cuts a raw line. */
function quotedSide(title: string, r: ComparedRecord | null, quoted: QuotedText | null | undefined): string[] {
  if (!r || !quoted) return [];
  const how = quoted.exact ? '' : `, ${quoted.inexact ?? inexactNote(undefined)}`;
  return ['', `${title}, ${codeSpan(`${r.file}:${r.line}`)}${how}:`, '', ...rawTextBlock(quoted.text, DEFAULT_REPORT_LIMITS.rawLineChars)];
}

/** The first COMPARE_LIST_LIMIT items as list entries, then how many more there are. */
function cappedList<T>(items: readonly T[], entry: (item: T) => string): string[] {
  const out = items.slice(0, COMPARE_LIST_LIMIT).map((x) => `- ${entry(x)}`);
  const more = andMore(items.length, COMPARE_LIST_LIMIT);
  if (more) out.push(`- …${more} ${MORE}`);
  return out;
}

const PRESENCE: Record<SessionComparison['presence'], string> = { both: 'both runs', 'base-only': 'base run only', 'other-only': 'other run only' };

function sessionsSection(c: Comparison): string[] {
  if (c.sessions.length === 0) return [];
  const out = ['## Sessions', ''];
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8]);
  out.push(...tableHead(['Session', 'In', 'Base records', 'Other records', 'Same', 'Changed', 'Renumbered', 'Only in base', 'Only in other'], numeric));
  for (const s of c.sessions) {
    const k = s.counts;
    out.push(tableRow([idSpan(s.session, cellCode), PRESENCE[s.presence], ...[k.base, k.other, k.same, k.changed, k.renumbered, k.onlyInBase, k.onlyInOther].map(formatCount)]));
  }
  for (const s of c.sessions) {
    if (s.differences.length === 0) continue;
    out.push('', `### Session ${idSpan(s.session)}: ${plural(s.differences.length, 'difference')}`, '', ...cappedList(s.differences, (x) => sentence(x.explanation)));
  }
  return out;
}

/** One run's acceptance value as a cell; no setter means the replay could not decide it, said bare as the text says it. */
function decisionValue(d: DecisionSide | null): string {
  if (!d) return 'not set';
  if (d.setter === null) return 'unknown';
  return clippedText(jsonText(d.acceptance), DEFAULT_REPORT_LIMITS.valueChars, cellCode);
}

function decisionsSection(c: Comparison): string[] {
  const out = [`## Decisions that differ (${formatCount(c.decisions.length)})`, ''];
  if (c.decisions.length === 0) return [...out, 'Every key has the same acceptance-replay value in both runs.'];
  out.push('Acceptance replay: the value each run decided, and the record that set it.', '');
  out.push(...tableHead(['Session', 'Key', 'Base', 'Set by (base)', 'Other', 'Set by (other)']));
  for (const d of c.decisions.slice(0, COMPARE_LIST_LIMIT)) {
    out.push(tableRow([idSpan(d.session, cellCode), idSpan(d.key, cellCode), decisionValue(d.base), recordCell(d.base?.setter ?? null), decisionValue(d.other), recordCell(d.other?.setter ?? null)]));
  }
  const more = andMore(c.decisions.length, COMPARE_LIST_LIMIT);
  if (more) out.push('', `…${more} ${MORE}.`);
  return out;
}

function evalsSection(c: Comparison): string[] {
  const e = c.evals;
  if (!e) return [];
  const rate = (s: EvalSummary | null) => (s ? `${plural(s.observations, 'observation')}, pass rate ${comparedPassRate(s)}` : 'no evals');
  const k = e.counts;
  return [
    '## Eval outcomes',
    '',
    `Base run: ${rate(e.base)}. Other run: ${rate(e.other)}.`,
    '',
    `${formatCount(k.same)} same, ${formatCount(k.changed)} changed, ${formatCount(k.onlyInBase)} only in base, ${formatCount(k.onlyInOther)} only in other.`,
    ...(e.differences.length ? ['', ...cappedList(e.differences, (d) => sentence(explainEvalDifference(d)))] : []),
  ];
}

function findingEntry(f: UnmatchedFinding): string {
  const session = f.session === null ? '' : ` · session ${idSpan(f.session)}`;
  const shown = f.records.slice(0, COMPARE_FINDING_PLACES).map((r) => codeSpan(`${r.file}:${r.line}`));
  const places = shown.length ? ` — at ${shown.join(', ')}${andMore(f.records.length, COMPARE_FINDING_PLACES)}` : '';
  return `**${f.severity}** ${codeSpan(f.code)}${session}: ${sentence(f.message)}${places}`;
}

function findingsSection(c: Comparison): string[] {
  const f = c.findings;
  const out = ['## Findings', '', `In both runs: ${formatCount(f.common)}.`];
  for (const [side, list] of [['base', f.onlyInBase], ['other', f.onlyInOther]] as const) {
    out.push('', `### Only in the ${side} run (${formatCount(list.length)})`, '', ...(list.length ? cappedList(list, findingEntry) : ['None.']));
  }
  return out;
}
