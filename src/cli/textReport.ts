import type { Analysis } from '../core/index';
import { passRateRangeEnds, plural as count, revealInvisibles, SEVERITY_RANK, type Severity } from '../core/index';
import { placeNoun, placesNoun } from '../core/place';
import { sessionSpanNote } from '../core/sessionFiles';
import { boundaryLines } from './boundaryLines';
import { shownName } from './names';
import { cutoffStateText, percent, replayLines } from './stateText';

const SEVERITY_TITLE: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

/** Future leaks named on a cutoff line; the rest are counted. */
const LISTED_LEAKS = 20;

/** A cutoff's future leaks by id: a log stored in reverse leaks nearly every record, and one line named them all (34,000 characters for 5,000). */
function leakList(ids: readonly string[]): string {
  if (ids.length === 0) return 'none';
  const listed = ids.slice(0, LISTED_LEAKS).join(', ');
  return ids.length > LISTED_LEAKS ? `${listed} and ${ids.length - LISTED_LEAKS} more (see --json)` : listed;
}

/** Notes on single lines listed per input, as boundaries are per session; the rest are counted. */
const LISTED_LINE_NOTES = 20;

/**
 * An input's notes: every note on the whole input, and the first notes on
 * single lines. A rollout with 3,000 aborted turns has a note on each, which
 * listed whole filled the terminal before the sessions and findings.
 */
function noteLines(notes: Analysis['inputs'][number]['notes'], noun: string): string[] {
  const out: string[] = [];
  let onLines = 0;
  for (const n of notes) {
    if (n.line && ++onLines > LISTED_LINE_NOTES) continue;
    out.push(`    note${n.line ? ` (${noun} ${n.line})` : ''}: ${n.message}`);
  }
  if (onLines > LISTED_LINE_NOTES) out.push(`    ... and ${count(onLines - LISTED_LINE_NOTES, `more note on a ${noun}`, `more notes on ${noun}s`)} (see --report)`);
  return out;
}

/** The human report: inputs, sessions, evals, then findings grouped by severity with file:line. */
export function renderTextReport(analysis: Analysis): string {
  const out: string[] = [];
  out.push('Inputs');
  for (const i of analysis.inputs) {
    // The records of one JSON document or database are its items: item 2 of a pretty-printed array is not on line 2.
    const noun = placeNoun(i);
    out.push(
      `  ${i.name}: ${i.format}, ${count(i.bytes, 'byte')}, ${count(i.lines, noun)}, ${count(i.records.length, 'record')}, ${i.rejected.length} rejected, ${i.blank} blank, sha256 ${i.sha256.slice(0, 12)}`,
    );
    out.push(...noteLines(i.notes, noun));
    for (const r of i.rejected.slice(0, 50)) out.push(`    rejected: ${r.reason}`);
    if (i.rejected.length > 50) out.push(`    ... and ${count(i.rejected.length - 50, `more rejected ${noun}`)} (see --json)`);
  }
  // "Findings: 0" alone would read as a clean log, when nothing in it was looked at.
  if (analysis.inputs.every((i) => i.records.length === 0)) {
    const rejecting = analysis.inputs.filter((i) => i.rejected.length > 0);
    out.push('', `Nothing was read as a record, so nothing was checked${rejecting.length ? `; see the rejected ${placesNoun(rejecting)}s above.` : ': the inputs hold none.'}`);
  }
  if (analysis.sessions.length) {
    out.push('', 'Sessions');
    for (const s of analysis.sessions) {
      const order = s.ordering.hasAcceptanceOrder ? count(s.ordering.inversions, 'inversion') : 'no acceptance order';
      out.push(`  ${shownName(s.session)}: ${count(s.records.length, 'record')} (${s.accepted} accepted, ${s.unaccepted} unaccepted), ${order}`);
      const span = sessionSpanNote(s, analysis.inputs);
      if (span) out.push(`    ${span}`);
      out.push(...boundaryLines(analysis, s));
      if (s.replays.keys.length) out.push(...replayLines(s));
      if (s.cutoff) {
        const leaks = leakList(s.cutoff.futureLeaks.map((r) => String(r.id)));
        out.push(`    as of accept_seq ${s.cutoff.seq}: ${cutoffStateText(s.cutoff.state, s.cutoffIndex.unknownKeys)}; future leaks: ${leaks}`);
      }
    }
  }
  if (analysis.evals) {
    const e = analysis.evals.summary;
    const rate = percent(e.pass_rate);
    const [lo, hi] = e.pass_rate_range ? passRateRangeEnds(e.pass_rate_range, percent) : [];
    const range = lo === undefined ? '' : hi === undefined ? `, ${lo} however the disputes are resolved` : `, range ${lo} to ${hi} if disputes were resolved`;
    out.push(
      '',
      'Evals',
      `  ${count(e.observations, 'observation')}: ${e.pass} pass, ${e.fail} fail, ${e.error} error, ${e.skip} skip, ${e.unknown} unknown, ${e.disputed} disputed, ${count(e.replays, 'replay')}`,
      `  pass rate ${rate} over undisputed${range}`,
    );
  }
  const groups = new Map<Severity, Analysis['findings'][number][]>();
  for (const f of analysis.findings) {
    const list = groups.get(f.severity);
    if (list) list.push(f);
    else groups.set(f.severity, [f]);
  }
  out.push('', `Findings: ${analysis.findings.length}`);
  for (const sev of (Object.keys(SEVERITY_RANK) as Severity[])) {
    const list = groups.get(sev);
    if (!list) continue;
    out.push('', `${SEVERITY_TITLE[sev]} (${list.length})`);
    for (const f of list) {
      const where = f.records.length ? ` [${f.records.slice(0, 8).map((r) => `${r.file}:${r.line}`).join(' ')}${f.records.length > 8 ? ' ...' : ''}]` : '';
      out.push(`  ${f.code}${f.session !== null ? ` (${shownName(f.session)})` : ''}: ${f.message}${where}`);
    }
  }
  // A terminal would hide zero-width characters and reorder text around direction marks; show them as marks.
  return out.map(revealInvisibles).join('\n') + '\n';
}
