import type { Analysis } from '../core/analyze';
import { formatCount } from '../core/countText';
import { clipChars, LABEL_CHARS } from '../core/markdownText';
import { cutoffRange, sessionOf } from './selectors';
import { parseUrlView } from './url';
import type { RestoredView } from './viewFromUrl';

const quoted = (text: string) => `“${clipChars(text, LABEL_CHARS)}”`;

/**
 * What an address asked to show that the view it restored does not show, one
 * sentence each. A link whose session, cutoff, record, finding or filter the
 * inputs do not have still opens (on the session of the most severe finding,
 * N clamped, nothing selected), but a reviewer following it must not take
 * that view for the one the link was made from: a finding number from another
 * version of Seqscope, or a hand-edited address, would otherwise show other
 * evidence without a word.
 */
export function droppedFromLink(search: string, analysis: Analysis, shown: RestoredView, from: 'link' | 'bundle' = 'link'): string[] {
  const subject = `The ${from}`;
  const params = new URLSearchParams(search);
  const asked = parseUrlView(search);
  const said: string[] = [];
  const rawSession = params.get('session');
  const sessionKept = rawSession === null || rawSession === shown.session;
  if (!sessionKept) {
    said.push(`${subject}'s session ${quoted(rawSession)} is not in these inputs; ${shown.session === null ? 'they have no session' : `session ${quoted(shown.session)} is shown`}.`);
  }
  const rawCutoff = params.get('cutoff');
  if (sessionKept && rawCutoff !== null && shown.cutoff !== null && asked.cutoff !== shown.cutoff) {
    const range = cutoffRange(sessionOf(analysis, shown.session));
    said.push(
      asked.cutoff === null
        ? `${subject}'s cutoff ${quoted(rawCutoff)} is not an acceptance number; N = ${shown.cutoff} is shown.`
        : `${subject}'s cutoff N = ${asked.cutoff} is outside this session's acceptance numbers${range ? ` (${range.min} to ${range.max})` : ''}; N = ${shown.cutoff} is shown.`,
    );
  }
  const rawSel = params.get('sel');
  const focus = shown.selection.focus === null ? undefined : analysis.records[shown.selection.focus];
  if (rawSel !== null && !(asked.sel && focus && focus.fileIndex === asked.sel.file && focus.line === asked.sel.line)) {
    const input = asked.sel ? analysis.inputs[asked.sel.file] : undefined;
    const what = !asked.sel
      ? `${subject}'s selection ${quoted(rawSel)} names no record`
      : input
        ? `${subject} selects line ${asked.sel.line} of ${quoted(input.name)}, which holds no record`
        : `${subject} selects line ${asked.sel.line} of input ${asked.sel.file + 1}, which is not open`;
    said.push(`${what}; ${focus ? 'the first record of its finding is selected' : 'no record is selected'}.`);
  }
  const rawFinding = params.get('finding');
  if (rawFinding !== null && (asked.finding === null || shown.selection.finding !== asked.finding)) {
    const count = analysis.findings.length;
    const why = asked.finding !== null && asked.finding < count ? 'but also selects a record that finding does not name' : `but these inputs have ${count === 0 ? 'no finding' : count === 1 ? '1 finding' : `${formatCount(count)} findings`}`;
    said.push(`${subject} chooses finding ${asked.finding === null ? quoted(rawFinding) : `F${asked.finding + 1}`}, ${why}; no finding is chosen.`);
  }
  const rawCode = params.get('code');
  if (rawCode && shown.codeFilter !== rawCode) said.push(`${subject} shows only findings coded ${quoted(rawCode)}, which no finding of these inputs has; every finding is shown.`);
  return said;
}
