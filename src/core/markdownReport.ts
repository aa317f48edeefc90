import { placeNoun, placesNoun } from './place';
import { sessionSpanNote } from './sessionFiles';
import type { Analysis, SessionAnalysis } from './analyze';
import { canonicalJson, jsonText } from './canonical';
import { andMore, formatCount, plural } from './countText';
import { storagePrefixEnd } from './cutoff';
import { boundariesBlock } from './markdownBoundaries';
import { annotationsSection, evalsSection, findingsSection, idSpan, rejectedSection, whereOf, type ReportContext } from './markdownEvidence';
import { DEFAULT_REPORT_LIMITS, type MarkdownReportOptions } from './markdownReportOptions';
import { cellCode, clippedText, codeSpan, inlineText, tableHead, tableRow } from './markdownText';
import type { SeqRecord, StateValue } from './model';
import { isUndetermined } from './replay';
import { buildStoragePrefixIndex, storagePrefixState } from './storagePrefix';

/**
 * The audit report as Markdown: what was read (with hashes), how it was
 * analysed, what each session decided, the state at the cutoff, every
 * finding with its records quoted, rejected lines, evals and disputes, and
 * a reviewer's annotations. Pure: the same analysis and options give the
 * same text; a generation time is whatever the caller passes.
 */
export function renderMarkdownReport(analysis: Analysis, options: MarkdownReportOptions = {}): string {
  const ctx: ReportContext = { analysis, limits: { ...DEFAULT_REPORT_LIMITS, ...options.limits } };
  const blocks: string[][] = [
    header(analysis, options),
    inputsSection(analysis),
    settingsSection(analysis, options),
    sessionsSection(ctx),
    findingsSection(ctx),
    rejectedSection(ctx),
    evalsSection(ctx),
    annotationsSection(ctx, options.annotations ?? []),
  ];
  return blocks
    .filter((b) => b.length > 0)
    .map((b) => b.join('\n'))
    .join('\n\n') + '\n';
}

function header(analysis: Analysis, options: MarkdownReportOptions): string[] {
  const out = [`# ${inlineText(options.title ?? 'Seqscope audit report')}`, ''];
  const files = analysis.inputs.map((i) => codeSpan(i.name)).join(', ') || 'no input';
  out.push(`Evidence read from ${files}${options.generatedAt ? `, reported at ${inlineText(options.generatedAt)}` : ''}.`);
  return out;
}

function inputsSection(analysis: Analysis): string[] {
  const out = ['## Inputs', ''];
  const places = placesNoun(analysis.inputs) === 'item' ? 'Items' : 'Lines';
  out.push(...tableHead(['#', 'File', 'Format', 'Bytes', places, 'Records', 'Rejected', 'Blank', 'SHA-256'], new Set([0, 3, 4, 5, 6, 7])));
  analysis.inputs.forEach((i, n) => {
    out.push(
      tableRow([
        String(n + 1),
        cellCode(i.name),
        cellCode(i.format),
        formatCount(i.bytes),
        formatCount(i.lines),
        formatCount(i.records.length),
        formatCount(i.rejected.length),
        formatCount(i.blank),
        i.sha256 ? cellCode(i.sha256) : 'not computed',
      ]),
    );
  });
  for (const i of analysis.inputs) {
    if (i.notes.length === 0) continue;
    out.push('', `Notes on ${codeSpan(i.name)}:`, '');
    for (const note of i.notes) out.push(`- ${note.line === null ? '' : `${placeNoun(i)} ${note.line}: `}${inlineText(note.message)}`);
  }
  return out;
}

function settingsSection(analysis: Analysis, options: MarkdownReportOptions): string[] {
  const cutoff = options.settings ? (options.settings.cutoff ?? null) : (analysis.sessions.find((s) => s.cutoff)?.cutoff?.seq ?? null);
  const session = options.settings?.session ?? null;
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of analysis.findings) counts[f.severity]++;
  return [
    '## Analysis settings',
    '',
    `- Cutoff: ${cutoff === null ? 'none' : `accept\\_seq ≤ ${cutoff} (the state as of acceptance number ${cutoff})`}`,
    `- Sessions: ${session === null ? 'all' : `only ${idSpan(session)}`} (${plural(analysis.sessions.length, 'session')} analysed; eval records are always summarised)`,
    `- Records: ${formatCount(analysis.records.length)} kept in ${plural(analysis.inputs.length, 'input')}`,
    `- Findings: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${formatCount(counts.info)} info`,
    '- Orders: acceptance order is `accept_seq` within a session; storage order is the position in the file. Times never order anything.',
  ];
}

/**
 * A value as the tables show it, its JSON cut at the report's limit (a value
 * can be megabytes, and the tables show it more than once); `undetermined`
 * says the acceptance replay could not decide it (the value is then the
 * marker, not a string a log set).
 */
function valueText(ctx: ReportContext, v: StateValue | undefined, undetermined = false): string {
  if (v === undefined) return 'not set';
  if (undetermined) return 'unknown';
  return clippedText(jsonText(v), ctx.limits.valueChars, cellCode);
}

function sessionsSection(ctx: ReportContext): string[] {
  const { analysis, limits } = ctx;
  if (analysis.sessions.length === 0) return ['## Sessions', '', 'No session has a non-eval record.'];
  const out = ['## Sessions'];
  for (const s of analysis.sessions.slice(0, limits.sessions)) out.push('', ...sessionBlock(ctx, s));
  const more = analysis.sessions.length - limits.sessions;
  if (more > 0) out.push('', `… and ${plural(more, 'more session')} (see \`seqscope check --json\`).`);
  return out;
}

function sessionBlock(ctx: ReportContext, s: SessionAnalysis): string[] {
  const o = s.ordering;
  const order = o.hasAcceptanceOrder
    ? `${plural(o.inversions, 'inversion')} between storage and acceptance order; checks ran in ${o.analysisOrderIsAcceptance ? 'acceptance' : 'file'} order`
    : 'no acceptance order recorded, so every acceptance value is unknown';
  const out = [
    `### Session ${idSpan(s.session)}`,
    '',
    `${plural(s.records.length, 'record')} (${formatCount(s.accepted)} accepted, ${formatCount(s.unaccepted)} unaccepted); ${order}.`,
  ];
  const span = sessionSpanNote(s, ctx.analysis.inputs);
  if (span) out.push('', inlineText(`${span.charAt(0).toUpperCase()}${span.slice(1)}.`));
  const boundaries = boundariesBlock(ctx, s);
  if (boundaries.length > 0) out.push('', ...boundaries);
  const keys = s.replays.keys;
  if (keys.length > 0) {
    // Acceptance first, as the page shows it: acceptance order is the one the specification says decides.
    out.push('', ...tableHead(['Key', 'Acceptance replay', 'Set by', 'Storage replay (file order)', 'Set by', 'Verdict']));
    for (const k of keys.slice(0, ctx.limits.keysPerSession)) {
      const verdict =
        isUndetermined(k) ? (o.hasAcceptanceOrder ? 'undetermined' : 'no order') : canonicalJson(k.acceptance) !== canonicalJson(k.storage) ? '**flip**' : 'same';
      out.push(
        tableRow([cellCode(k.key), valueText(ctx, k.acceptance, isUndetermined(k)), k.acceptanceSetter ? setterText(ctx, k.acceptanceSetter) : '—', valueText(ctx, k.storage), setterText(ctx, k.storageSetter), verdict]),
      );
    }
    if (keys.length > ctx.limits.keysPerSession) out.push('', `… and ${plural(keys.length - ctx.limits.keysPerSession, 'more key')}.`);
  } else out.push('', 'No accepted input sets a key in this session.');
  if (s.cutoff) out.push('', ...cutoffBlock(ctx, s));
  return out;
}

function setterText(ctx: ReportContext, r: SeqRecord): string {
  return `${idSpan(String(r.id), cellCode)} at ${cellCode(whereOf(ctx, r))}`;
}

function cutoffBlock(ctx: ReportContext, s: SessionAnalysis): string[] {
  const cutoff = s.cutoff!;
  const end = storagePrefixEnd(s.cutoffIndex, cutoff.seq);
  const participants = s.ordering.participants;
  const last = participants[end];
  const prefix = last
    ? `The storage prefix is the first ${plural(end + 1, 'accepted record')} of ${formatCount(participants.length)} in file order, up to ${codeSpan(whereOf(ctx, last))}.`
    : 'The storage prefix is empty: no accepted record has a number at or below the cutoff.';
  const prefixState = storagePrefixState(buildStoragePrefixIndex(s.ordering), end).state;
  const out = [`#### State at cutoff (accept\\_seq ≤ ${cutoff.seq})`, '', prefix];
  const keys = [...new Set([...Object.keys(cutoff.state), ...Object.keys(prefixState)])].sort();
  const undetermined = new Set(s.cutoffIndex.unknownKeys);
  if (keys.length > 0) {
    out.push('', ...tableHead(['Key', `Acceptance state as of ${cutoff.seq}`, 'Storage-prefix state', 'Verdict']));
    for (const key of keys.slice(0, ctx.limits.keysPerSession)) {
      const a = cutoff.state[key];
      const p = prefixState[key];
      const verdict = undetermined.has(key) ? 'undetermined' : canonicalJson(a) !== canonicalJson(p) ? '**differs**' : 'same';
      out.push(tableRow([cellCode(key), valueText(ctx, a, undetermined.has(key)), valueText(ctx, p), verdict]));
    }
  }
  const leaks = cutoff.futureLeaks;
  out.push('', leaks.length === 0 ? 'No future leaks.' : `Future leaks (${formatCount(leaks.length)}) — stored within the prefix but accepted after ${cutoff.seq}:`);
  if (leaks.length > 0) out.push('');
  for (const r of leaks.slice(0, ctx.limits.futureLeaks)) {
    out.push(`- ${codeSpan(whereOf(ctx, r))} ${inlineText(r.kind)} ${idSpan(String(r.id))}, accept\\_seq ${r.acceptSeq}`);
  }
  const more = andMore(leaks.length, ctx.limits.futureLeaks);
  if (more) out.push(`- …${more}`);
  return out;
}
