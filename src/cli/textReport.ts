import type { Analysis } from '../core/index';
import { passRateRangeEnds, percent, plural as count, revealInvisibles, SEVERITY_RANK, type Severity } from '../core/index';
import { andMore, formatCount } from '../core/countText';
import { DEFAULT_REPORT_LIMITS } from '../core/markdownReportOptions';
import { nothingReadSentence, notWhollyRead } from '../core/notWhollyRead';
import { placeNoun } from '../core/place';
import { sessionSpanNote } from '../core/sessionFiles';
import { boundaryLines, LISTED_BOUNDARIES } from './boundaryLines';
import { shownName } from './names';
import { cutoffStateText, LISTED_KEYS, replayLines } from './stateText';

const SEVERITY_TITLE: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

/** What lifts every cap below, said where a list is cut short: --all prints what the text report would count, --json gives it all. */
const SEE_ALL = '(see --all or --json)';

/** Future leaks named on a cutoff line; the rest are counted. */
const LISTED_LEAKS = 20;

/** A cutoff's future leaks by id: a log stored in reverse leaks nearly every record, and one line named them all (34,000 characters for 5,000). */
function leakList(ids: readonly string[], limit: number): string {
  if (ids.length === 0) return 'none';
  const listed = ids.slice(0, limit).join(', ');
  const more = andMore(ids.length, limit);
  return more ? `${listed}${more} ${SEE_ALL}` : listed;
}

/** Notes on single lines listed per input, as boundaries are per session; the rest are counted. */
const LISTED_LINE_NOTES = 20;

/** Rejected lines listed per input: a file in no format Seqscope reads rejects every line, and listed whole it filled the terminal. */
const LISTED_REJECTED = 50;

/**
 * An input's notes: every note on the whole input, and the first notes on
 * single lines. A rollout with 3,000 aborted turns has a note on each, which
 * listed whole filled the terminal before the sessions and findings.
 */
function noteLines(notes: Analysis['inputs'][number]['notes'], noun: string, limit: number): string[] {
  const out: string[] = [];
  let onLines = 0;
  for (const n of notes) {
    if (n.line && ++onLines > limit) continue;
    out.push(`    note${n.line ? ` (${noun} ${n.line})` : ''}: ${n.message}`);
  }
  if (onLines > limit) out.push(`    ... and ${count(onLines - limit, `more note on a ${noun}`, `more notes on ${noun}s`)} ${SEE_ALL}`);
  return out;
}

/** Sessions listed, as many as the Markdown report lists; the rest are counted. */
const LISTED_SESSIONS = DEFAULT_REPORT_LIMITS.sessions;

/** Findings of one code listed, as notes, leaks and keys are listed 20 at a time; the rest are counted. */
const LISTED_PER_CODE = 20;

type Finding = Analysis['findings'][number];

export interface TextReportOptions {
  /** List everything (--all): every session, finding, rejected line, note, boundary, key, future leak and finding's record, not the first ones of each. */
  readonly all?: boolean;
}

/**
 * Findings by severity, each severity's in the engine's order. Past 20 of
 * one code the rest are counted at the end of its severity, and a count of
 * every code heads the list: a log with 119,000 findings printed 119,000
 * lines, in which a code raised a few times was lost among the thousands of
 * another, and its count was nowhere. A log with no code past 20 prints as
 * it always did, every finding listed.
 */
function findingLines(findings: readonly Finding[], all: boolean): string[] {
  const bySeverity = new Map<Severity, Finding[]>();
  const byCode = new Map<string, { severity: Severity; count: number }>();
  for (const f of findings) {
    const list = bySeverity.get(f.severity);
    if (list) list.push(f);
    else bySeverity.set(f.severity, [f]);
    const tally = byCode.get(f.code);
    if (tally) tally.count++;
    else byCode.set(f.code, { severity: f.severity, count: 1 });
  }
  // Most raised first within a severity, so the summary and the counted rest read alike.
  const codes = [...byCode].sort(([a, x], [b, y]) => SEVERITY_RANK[x.severity] - SEVERITY_RANK[y.severity] || y.count - x.count || (a < b ? -1 : 1));
  const out = [`Findings: ${formatCount(findings.length)}`];
  if (codes.some(([, t]) => t.count > LISTED_PER_CODE)) {
    const width = formatCount(Math.max(...codes.map(([, t]) => t.count))).length;
    for (const [code, t] of codes) out.push(`  ${t.severity.padEnd(7)} ${formatCount(t.count).padStart(width)}  ${code}`);
  }
  for (const sev of Object.keys(SEVERITY_RANK) as Severity[]) {
    const list = bySeverity.get(sev);
    if (!list) continue;
    out.push('', `${SEVERITY_TITLE[sev]} (${formatCount(list.length)})`);
    const listed = new Map<string, number>();
    for (const f of list) {
      const n = (listed.get(f.code) ?? 0) + 1;
      listed.set(f.code, n);
      if (all || n <= LISTED_PER_CODE) out.push(findingLine(f, all ? Infinity : LISTED_RECORDS));
    }
    if (all) continue;
    for (const [code, t] of codes) {
      if (t.severity === sev && t.count > LISTED_PER_CODE) out.push(`  ... and ${count(t.count - LISTED_PER_CODE, `more ${code} finding`)} ${SEE_ALL}`);
    }
  }
  return out;
}

/** Places of one finding's records listed after it: a duplicate-accept-seq can name thousands. */
const LISTED_RECORDS = 8;

function findingLine(f: Finding, limit: number): string {
  return `  ${findingText(f, limit)}`;
}

/** A finding as one line of text, its first `limit` places after it and how many more: `check`'s findings and `compare`'s findings in one run only. */
export function findingText(f: Pick<Finding, 'code' | 'session' | 'message' | 'records'>, limit: number): string {
  const more = andMore(f.records.length, limit);
  const where = f.records.length ? ` [${f.records.slice(0, limit).map((r) => `${r.file}:${r.line}`).join(' ')}${more && ` ...${more}`}]` : '';
  return `${f.code}${f.session !== null ? ` (${shownName(f.session)})` : ''}: ${f.message}${where}`;
}

/**
 * The line under `check`'s "No findings" and `compare`'s verdict when the inputs were not read whole (`notWhollyRead`'s
 * words): what it says holds only in what was read.
 */
export function partlyReadLine(unread: string): string {
  return `  in what was read; not all of it was: ${unread}.`;
}

/** The human report: inputs, sessions, evals, then findings grouped by severity with file:line. */
export function renderTextReport(analysis: Analysis, options: TextReportOptions = {}): string {
  const all = options.all === true;
  const cap = (limit: number) => (all ? Infinity : limit);
  const out: string[] = [];
  out.push('Inputs');
  for (const i of analysis.inputs) {
    // The records of one JSON document or database are its items: item 2 of a pretty-printed array is not on line 2.
    const noun = placeNoun(i);
    out.push(
      `  ${i.name}: ${i.format}, ${count(i.bytes, 'byte')}, ${count(i.lines, noun)}, ${count(i.records.length, 'record')}, ${formatCount(i.rejected.length)} rejected, ${formatCount(i.blank)} blank, sha256 ${i.sha256.slice(0, 12)}`,
    );
    out.push(...noteLines(i.notes, noun, cap(LISTED_LINE_NOTES)));
    // Not spread into push: with --all, a million rejected lines overflow the stack.
    for (const r of i.rejected.slice(0, cap(LISTED_REJECTED))) out.push(`    rejected: ${r.reason}`);
    if (i.rejected.length > cap(LISTED_REJECTED)) out.push(`    ... and ${count(i.rejected.length - LISTED_REJECTED, `more rejected ${noun}`)} ${SEE_ALL}`);
  }
  // "Findings: 0" alone would read as a clean log, when nothing in it was looked at.
  if (analysis.inputs.every((i) => i.records.length === 0)) out.push('', nothingReadSentence(analysis.inputs));
  if (analysis.sessions.length) {
    out.push('', 'Sessions');
    // A log of 100,000 sessions printed 300,000 lines before its findings.
    const listed = all ? analysis.sessions : analysis.sessions.slice(0, LISTED_SESSIONS);
    for (const s of listed) {
      const order = s.ordering.hasAcceptanceOrder ? count(s.ordering.inversions, 'inversion') : 'no acceptance order';
      out.push(`  ${shownName(s.session)}: ${count(s.records.length, 'record')} (${formatCount(s.accepted)} accepted, ${formatCount(s.unaccepted)} unaccepted), ${order}`);
      const span = sessionSpanNote(s, analysis.inputs);
      if (span) out.push(`    ${span}`);
      for (const line of boundaryLines(analysis, s, cap(LISTED_BOUNDARIES))) out.push(line);
      if (s.replays.keys.length) out.push(...replayLines(s, cap(LISTED_KEYS)));
      if (s.cutoff) {
        const leaks = leakList(s.cutoff.futureLeaks.map((r) => String(r.id)), cap(LISTED_LEAKS));
        out.push(`    as of accept_seq ${s.cutoff.seq}: ${cutoffStateText(s.cutoff.state, s.cutoffIndex.unknownKeys, cap(LISTED_KEYS))}; future leaks: ${leaks}`);
      }
    }
    const more = analysis.sessions.length - listed.length;
    if (more > 0) out.push(`  ... and ${count(more, 'more session')} ${SEE_ALL}`);
  }
  if (analysis.evals) {
    const e = analysis.evals.summary;
    const rate = percent(e.pass_rate);
    const [lo, hi] = e.pass_rate_range ? passRateRangeEnds(e.pass_rate_range, percent) : [];
    const range = lo === undefined ? '' : hi === undefined ? `, ${lo} however the disputes are resolved` : `, range ${lo} to ${hi} if disputes were resolved`;
    out.push(
      '',
      'Evals',
      `  ${count(e.observations, 'observation')}: ${formatCount(e.pass)} pass, ${formatCount(e.fail)} fail, ${formatCount(e.error)} error, ${formatCount(e.skip)} skip, ${formatCount(e.unknown)} unknown, ${formatCount(e.disputed)} disputed, ${count(e.replays, 'replay')}`,
      `  pass rate ${rate} over undisputed${range}`,
    );
  }
  out.push('');
  // Not spread into push: with --all, hundreds of thousands of arguments overflow the stack.
  for (const line of findingLines(analysis.findings, all)) out.push(line);
  const unread = analysis.findings.length === 0 && analysis.records.length > 0 ? notWhollyRead(analysis.inputs) : null;
  if (unread !== null) out.push(partlyReadLine(unread));
  // A terminal would hide zero-width characters and reorder text around direction marks; show them as marks.
  return out.map(revealInvisibles).join('\n') + '\n';
}
