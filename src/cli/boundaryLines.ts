import type { Analysis, SessionAnalysis } from '../core/index';
import { plural } from '../core/index';
import { placeLabel, placeNoun } from '../core/place';
import { boundaryName, sessionBoundaries } from '../core/sessionBoundaries';

const LISTED = 20;
const TURNS = new Set(['turn-start', 'turn-end']);

/**
 * Where a session's inputs say its effective history changes, for the text
 * report: rollbacks (with what they take out), compactions, aborted turns,
 * deleted rows, one to a line and the first few only; turns are counted, as
 * the Markdown report counts them (a rollout has one per user message).
 */
export function boundaryLines(analysis: Analysis, s: SessionAnalysis): string[] {
  const listed: string[] = [];
  let more = 0;
  let turns = 0;
  for (const { file, boundaries } of sessionBoundaries(s.records, analysis.inputs, s.session)) {
    const input = analysis.inputs[file];
    for (const b of [...boundaries].sort((x, y) => x.line - y.line)) {
      if (TURNS.has(b.kind)) {
        turns++;
        continue;
      }
      if (listed.length === LISTED) {
        more++;
        continue;
      }
      const covers = b.covers ? `; takes ${placeNoun(input)}s ${b.covers.fromLine}–${b.covers.toLine} out of the effective history` : '';
      listed.push(`    boundary at ${placeLabel(analysis.inputs, file, b.line)}: ${boundaryName(b.kind)} — ${b.label}${covers}`);
    }
  }
  if (more > 0) listed.push(`    ... and ${plural(more, 'more boundary', 'more boundaries')} (see --report)`);
  if (turns > 0) listed.push(`    ${plural(turns, 'turn start or end', 'turn starts and ends')} recorded, not listed`);
  return listed;
}
