import type { Analysis, SessionAnalysis } from '../core/index';
import { plural } from '../core/index';
import { placeLabel } from '../core/place';
import { boundaryName, listSessionBoundaries } from '../core/sessionBoundaries';

/** Boundaries listed per session; the rest are counted. */
export const LISTED_BOUNDARIES = 20;

/**
 * Where a session's inputs say its effective history changes, for the text
 * report: rollbacks (with what they take out), compactions, aborted turns,
 * deleted rows, one to a line and the first `limit` only; turns are counted, as
 * the Markdown report counts them (a rollout has one per user message).
 */
export function boundaryLines(analysis: Analysis, s: SessionAnalysis, limit: number): string[] {
  const { listed, more, turnStarts, turnEnds } = listSessionBoundaries(s.records, analysis.inputs, s.session, limit);
  const out = listed.map(
    ({ file, boundary: b, covers }) => `    boundary at ${placeLabel(analysis.inputs, file, b.line)}: ${boundaryName(b.kind)} — ${b.label}${covers ? `; ${covers}` : ''}`,
  );
  if (more > 0) out.push(`    ... and ${plural(more, 'more boundary', 'more boundaries')} (see --all or --report)`);
  const turns = turnStarts + turnEnds;
  if (turns > 0) out.push(`    ${plural(turns, 'turn start or end', 'turn starts and ends')} recorded, not listed`);
  return out;
}
