import type { SessionAnalysis } from './analyze';
import type { ReportContext } from './markdownEvidence';
import { plural } from './countText';
import { codeSpan, inlineText } from './markdownText';
import { boundaryName, listSessionBoundaries } from './sessionBoundaries';

/**
 * A session's boundaries (rollbacks, compactions, aborted turns, deleted
 * rows), input by input and line by line, with what each takes out of the
 * effective history; a boundary without a session belongs to every session
 * of its input. Empty when the inputs record none, as native logs never do.
 */
export function boundariesBlock(ctx: ReportContext, s: SessionAnalysis): string[] {
  const inputs = ctx.analysis.inputs;
  const { listed, more, turnStarts, turnEnds } = listSessionBoundaries(s.records, inputs, s.session, ctx.limits.boundariesPerSession);
  const out: string[] = [];
  if (listed.length + more > 0) {
    out.push('Boundaries where its inputs say the effective history changes (what they cover is kept and analysed):', '');
    for (const { file, boundary: b, covers } of listed) {
      out.push(`- ${codeSpan(`${inputs[file]!.name}:${b.line}`)} ${inlineText(boundaryName(b.kind))} — ${inlineText(b.label)}${covers ? `; ${covers}` : ''}`);
    }
    if (more > 0) out.push(`- … and ${plural(more, 'more boundary', 'more boundaries')}`);
  }
  if (turnStarts + turnEnds > 0) {
    if (out.length > 0) out.push('');
    out.push(`Turns: ${plural(turnStarts, 'start')} and ${plural(turnEnds, 'end')} recorded, not listed.`);
  }
  return out;
}
