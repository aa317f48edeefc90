import type { SessionAnalysis } from './analyze';
import type { ReportContext } from './markdownEvidence';
import { codeSpan, inlineText, plural } from './markdownText';
import { placeNoun } from './place';
import { boundaryName, sessionBoundaries } from './sessionBoundaries';

/** Turns can number in the thousands and change no history on their own: counted, not listed (the page draws them as light ticks). */
const TURNS: Record<string, 'starts' | 'ends'> = { 'turn-start': 'starts', 'turn-end': 'ends' };

/**
 * A session's boundaries (rollbacks, compactions, aborted turns, deleted
 * rows), input by input and line by line, with what each takes out of the
 * effective history; a boundary without a session belongs to every session
 * of its input. Empty when the inputs record none, as native logs never do.
 */
export function boundariesBlock(ctx: ReportContext, s: SessionAnalysis): string[] {
  const listed: string[] = [];
  const turns = { starts: 0, ends: 0 };
  let total = 0;
  for (const { file, boundaries } of sessionBoundaries(s.records, ctx.analysis.inputs, s.session)) {
    const input = ctx.analysis.inputs[file]!;
    for (const b of [...boundaries].sort((x, y) => x.line - y.line)) {
      const turn = TURNS[b.kind];
      if (turn) {
        turns[turn]++;
        continue;
      }
      total++;
      if (listed.length >= ctx.limits.boundariesPerSession) continue;
      const noun = placeNoun(input);
      const covers = b.covers ? `; takes ${noun}s ${b.covers.fromLine}–${b.covers.toLine} out of the effective history` : '';
      listed.push(`- ${codeSpan(`${input.name}:${b.line}`)} ${inlineText(boundaryName(b.kind))} — ${inlineText(b.label)}${covers}`);
    }
  }
  const out: string[] = [];
  if (total > 0) {
    out.push('Boundaries where its inputs say the effective history changes (what they cover is kept and analysed):', '', ...listed);
    if (total > listed.length) out.push(`- … and ${plural(total - listed.length, 'more boundary', 'more boundaries')}`);
  }
  if (turns.starts + turns.ends > 0) {
    if (out.length > 0) out.push('');
    out.push(`Turns: ${plural(turns.starts, 'start')} and ${plural(turns.ends, 'end')} recorded, not listed.`);
  }
  return out;
}
