import { explainEvalDifference, noDivergenceText, plural, revealInvisibles, type ComparedRecord, type Comparison, type DecisionSide, type UnmatchedFinding } from '../core/index';
import { COMPARE_FINDING_PLACES, COMPARE_LIST_LIMIT as LIST_LIMIT, comparedPassRate } from '../core/comparisonReport';
import { andMore, formatCount } from '../core/countText';
import { isItemizedFormat } from '../io/parsedInput';
import { shownName, shownWord } from './names';
import { fmtValue } from './stateText';
import { findingText, partlyReadLine } from './textReport';

function at(r: ComparedRecord | null): string {
  return r ? `${r.file}:${r.line}` : '-';
}

function named(r: ComparedRecord): string {
  return r.hasId ? `${String(r.id)} (${at(r)})` : at(r);
}

function capped<T>(items: readonly T[], line: (item: T) => string, indent = '  '): string[] {
  const out = items.slice(0, LIST_LIMIT).map((x) => `${indent}${line(x)}`);
  const more = andMore(items.length, LIST_LIMIT);
  if (more) out.push(`${indent}...${more} (see --json)`);
  return out;
}

function decisionText(d: DecisionSide | null): string {
  if (!d) return 'not set';
  // No setter: undetermined, said bare; a decided value, the string "unknown" included, is JSON.
  const value = d.setter === null ? 'unknown' : fmtValue(d.acceptance);
  return d.setter ? `${value} set by ${named(d.setter)}` : value;
}

function findingLine(f: UnmatchedFinding): string {
  return `${f.severity} ${findingText(f, COMPARE_FINDING_PLACES)}`;
}

function runLine(label: string, run: Comparison['base']): string {
  // The records of one JSON document or database are its items, and so are its rejected entries.
  const rejected = (n: number, format: string) => (n === 0 ? '' : `, ${plural(n, isItemizedFormat(format) ? 'item' : 'line')} rejected`);
  return `${label} ${run.inputs.map((i) => `${i.file} (${i.format}, sha256 ${i.sha256.slice(0, 12)}${rejected(i.rejected, i.format)})`).join(', ')}`;
}

/** The comparison as text: first divergence, sessions, decisions, evals, findings in one run only. */
export function renderCompareText(c: Comparison): string {
  const out = [runLine('Base: ', c.base), runLine('Other:', c.other), ''];
  // As `check` says it over its findings: agreement over nothing read, or over part of the runs, is not agreement.
  if (c.nothingRead !== null) out.push(c.nothingRead, '');
  const d = c.firstDivergence;
  if (d) {
    const where = d.scope === 'eval' ? `eval ${d.label}` : `session ${shownName(d.session!)}${d.seq === null ? '' : `, accept_seq ${d.seq}`}`;
    out.push(`First divergence: ${where}`, `  ${d.explanation}`);
  } else out.push(noDivergenceText(c));
  if (c.notWhollyRead !== null && c.nothingRead === null) out.push(partlyReadLine(c.notWhollyRead));

  if (c.sessions.length) {
    out.push('', 'Sessions');
    for (const s of c.sessions) {
      const k = s.counts;
      const presence = s.presence === 'both' ? 'both runs' : s.presence === 'base-only' ? 'base run only' : 'other run only';
      out.push(`  ${shownName(s.session)}: ${presence}; ${formatCount(k.same)} same, ${formatCount(k.changed)} changed, ${formatCount(k.renumbered)} renumbered, ${formatCount(k.onlyInBase)} only in base, ${formatCount(k.onlyInOther)} only in other`);
      out.push(...capped(s.differences, (x) => x.explanation, '    '));
    }
  }

  out.push('', `Decisions that differ: ${formatCount(c.decisions.length)}`);
  out.push(...capped(c.decisions, (x) => `${shownWord(x.session)} ${shownWord(x.key)}: base ${decisionText(x.base)}, other ${decisionText(x.other)}`));

  if (c.evals) {
    const e = c.evals;
    const rate = (s: typeof e.base) => (s ? `${plural(s.observations, 'observation')}, pass rate ${comparedPassRate(s)}` : 'no evals');
    out.push('', `Evals: base ${rate(e.base)}; other ${rate(e.other)}`);
    out.push(`  ${formatCount(e.counts.same)} same, ${formatCount(e.counts.changed)} changed, ${formatCount(e.counts.onlyInBase)} only in base, ${formatCount(e.counts.onlyInOther)} only in other`);
    out.push(...capped(e.differences, explainEvalDifference));
  }

  const f = c.findings;
  out.push('', `Findings in both runs: ${formatCount(f.common)}`);
  out.push(`Findings only in base: ${formatCount(f.onlyInBase.length)}`, ...capped(f.onlyInBase, findingLine));
  out.push(`Findings only in other: ${formatCount(f.onlyInOther.length)}`, ...capped(f.onlyInOther, findingLine));
  return out.map(revealInvisibles).join('\n') + '\n';
}
