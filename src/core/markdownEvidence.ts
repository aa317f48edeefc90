import type { Analysis } from './analyze';
import { jsonText } from './canonical';
import { formatCount, plural } from './countText';
import { field, MESSAGE_ID_CHARS } from './fields';
import { evalIdentityOf } from './evalGroups';
import { normaliseStatus, type EvalIdentity, type EvalSummary } from './evals';
import { passRateRangeEnds, percent } from './passRate';
import type { ReportLimits, ReviewerAnnotation } from './markdownReportOptions';
import { cellCode, clip, clippedText, codeSpan, fencedBlock, inlineText, multilineText, tableHead, tableRow } from './markdownText';
import type { Finding, JsonValue, SeqRecord, Severity } from './model';
import { isNativeFormat } from './nativeFormat';
import { placeNoun, placesNoun } from './place';
import { rawRecordText } from './rawText';
import { nothingReadSentence, notWhollyRead } from './notWhollyRead';
import { recordedStatus, type RecordedStatus } from './recordedStatus';

/** The sections of the Markdown report that cite evidence: findings, rejected lines, evals, annotations. */

export interface ReportContext {
  readonly analysis: Analysis;
  readonly limits: ReportLimits;
}

export function whereOf(ctx: ReportContext, r: SeqRecord): string {
  return `${ctx.analysis.inputs[r.fileIndex]?.name ?? ''}:${r.line}`;
}

/**
 * An id as the report names it: in a code span, cut as finding messages cut
 * it (MESSAGE_ID_CHARS, never half a surrogate pair), with how much was
 * left out said outside the span, as a cut value is (clippedText). `code`
 * is cellCode in a table.
 */
export function idSpan(id: string, code: (text: string) => string = codeSpan): string {
  return clippedText(id, MESSAGE_ID_CHARS, code);
}

/** A record's id, or for an eval record without one the identity it is counted under. */
function nameOf(r: SeqRecord): string {
  if (r.hasId) return idSpan(String(r.id));
  return r.kind === 'eval' ? idSpan(evalIdentityOf(r).label) : 'no id';
}

const SEVERITY_TITLE: Record<Severity, string> = { error: 'Errors', warning: 'Warnings', info: 'Info' };

export function findingsSection(ctx: ReportContext): string[] {
  const { findings } = ctx.analysis;
  const out = ['## Findings', ''];
  if (findings.length === 0) {
    const { inputs } = ctx.analysis;
    // As the CLI and the page say it: a clean result over nothing read, or over part of the inputs, is not a clean log.
    if (ctx.analysis.records.length === 0) return [...out, nothingReadSentence(inputs)];
    const unread = notWhollyRead(inputs);
    return [...out, unread === null ? 'No findings.' : inlineText(`No findings in what was read, but not all of it was: ${unread}.`)];
  }
  out.push(
    `${findings.length === 1 ? 'Numbered F1.' : `Numbered F1 to F${findings.length} in the engine's order.`} Raw lines are quoted as stored; invisible and direction-changing characters are shown as ⟨U+XXXX⟩, and lines over ${formatCount(ctx.limits.rawLineChars)} characters are cut.`,
  );
  for (const severity of ['error', 'warning', 'info'] as const) {
    const list = findings.map((f, index) => ({ f, index })).filter((x) => x.f.severity === severity);
    if (list.length === 0) continue;
    out.push('', `### ${SEVERITY_TITLE[severity]} (${formatCount(list.length)})`);
    for (const { f, index } of list.slice(0, ctx.limits.findingsPerSeverity)) out.push('', ...findingBlock(ctx, f, index));
    const more = list.length - ctx.limits.findingsPerSeverity;
    if (more > 0) out.push('', `… and ${plural(more, `more ${severity} finding`)} (see \`seqscope check --json\`).`);
  }
  return out;
}

function findingBlock(ctx: ReportContext, f: Finding, index: number): string[] {
  const session = f.session === null ? '' : ` · session ${idSpan(f.session)}`;
  // One long name quoted by every finding's message must not make the report megabytes long.
  const message = clippedText(f.message, ctx.limits.messageChars, (text) => multilineText(text, 0));
  const out = [`#### F${index + 1} · ${codeSpan(f.code)}${session}`, '', message];
  const shown = Math.min(f.records.length, ctx.limits.recordsPerFinding);
  for (let k = 0; k < shown; k++) {
    const r = ctx.analysis.records[f.recordIndex[k] ?? -1];
    const ref = f.records[k]!;
    out.push('', ...(r ? quotedRecord(ctx, r) : [`**${codeSpan(`${ref.file}:${ref.line}`)}** · ${idSpan(String(ref.id))} (record not found in these inputs)`]));
  }
  if (f.records.length > shown) out.push('', `… and ${plural(f.records.length - shown, 'more record')} (see \`seqscope check --json\`).`);
  return out;
}

/** A record cited as `file:line` with its facts, then its raw text in a fence nothing inside can close. */
export function quotedRecord(ctx: ReportContext, r: SeqRecord): string[] {
  const raw = rawRecordText(ctx.analysis.inputs[r.fileIndex], r);
  const facts = [
    inlineText(r.kind || 'untyped'),
    nameOf(r),
    r.acceptSeq === null ? 'no accept\\_seq' : `accept\\_seq ${r.acceptSeq}`,
    ...(r.accepted ? [] : ['not accepted']),
    ...(raw.exact ? [] : [inexactNote(ctx.analysis.inputs[r.fileIndex]?.format)]),
  ];
  return [`**${codeSpan(whereOf(ctx, r))}** · ${facts.join(' · ')}`, '', ...rawTextBlock(raw.text, ctx.limits.rawLineChars)];
}

/** A raw line in a fence nothing inside can close, cut at `max` characters with how many more there were said after it. */
export function rawTextBlock(raw: string, max: number): string[] {
  const { text, omitted } = clip(raw, max);
  const out = [fencedBlock(text, /^\s*[[{]/.test(text) ? 'json' : '')];
  if (omitted > 0) out.push('', `… ${plural(omitted, 'more character')} not shown.`);
  return out;
}

/** A derived record's data is Seqscope's reading of the file, not its item re-serialised (core/nativeFormat.ts). */
export function inexactNote(format: string | undefined): string {
  return format !== undefined && !isNativeFormat(format)
    ? "shown as Seqscope read it, not the file's text (its text was not found in the file)"
    : 'shown as parsed (the input has no raw text for it)';
}

export function rejectedSection(ctx: ReportContext): string[] {
  const inputs = ctx.analysis.inputs.filter((i) => i.rejected.length > 0);
  // Counted over the inputs that rejected something, as the page's panel counts: an itemized input's rejections are items.
  const noun = placesNoun(inputs.length > 0 ? inputs : ctx.analysis.inputs);
  const out = [`## Rejected ${noun}s`];
  if (inputs.length === 0) return [...out, '', `No ${noun} was rejected.`];
  for (const input of inputs) {
    out.push('', `### ${idSpan(input.name)} (${formatCount(input.rejected.length)})`, '');
    for (const r of input.rejected.slice(0, ctx.limits.rejectedPerInput)) {
      // Reasons begin with their line or item number; the citation already gives it.
      const place = [`line ${r.line}: `, `item ${r.line}: `].find((p) => r.reason.startsWith(p));
      const reason = place ? r.reason.slice(place.length) : r.reason;
      out.push(`- ${codeSpan(`${input.name}:${r.line}`)} — ${inlineText(reason)}`);
    }
    const more = input.rejected.length - ctx.limits.rejectedPerInput;
    if (more > 0) out.push(`- … and ${plural(more, `more rejected ${placeNoun(input)}`)}`);
  }
  return out;
}

function passRateText(e: EvalSummary): string {
  const denominator = e.pass + e.fail + e.error;
  const rate = e.pass_rate === null ? 'n/a (no undisputed pass, fail or error)' : `${percent(e.pass_rate)} (${formatCount(e.pass)} of ${formatCount(denominator)} undisputed pass, fail or error)`;
  return `Pass rate: ${rate}${e.pass_rate_range ? rangeText(e.pass_rate_range) : ''}.`;
}

/** What resolving the disputes could make the pass rate, said as one value when every way gives it, as the page says it. */
function rangeText(range: readonly [number | null, number | null]): string {
  const [from, to] = passRateRangeEnds(range, percent);
  return to === undefined ? `; however the disputes are resolved, it would be ${from}` : `; resolving the disputes could give ${from} to ${to}`;
}

export function evalsSection(ctx: ReportContext): string[] {
  const evals = ctx.analysis.evals;
  if (!evals) return ['## Evals', '', 'No eval records were read.'];
  const e = evals.summary;
  const out = ['## Evals', ''];
  out.push(...tableHead(['Observations', 'Pass', 'Fail', 'Error', 'Skip', 'Unknown', 'Disputed', 'Replays'], new Set([0, 1, 2, 3, 4, 5, 6, 7])));
  out.push(tableRow([e.observations, e.pass, e.fail, e.error, e.skip, e.unknown, e.disputed, e.replays].map(formatCount)), '', passRateText(e));
  const disputed = evals.identities.filter((i) => i.disputed);
  if (disputed.length === 0) return out;
  out.push('', `### Disputed identities (${formatCount(disputed.length)})`, '', 'Every side is shown; none is chosen.');
  const shown = disputed.slice(0, ctx.limits.disputes);
  const derived = (r: SeqRecord) => recordedStatus(r, ctx.analysis.inputs[r.fileIndex]?.format).derived;
  if (shown.some((id) => id.records.slice(0, ctx.limits.sidesPerDispute).some(derived))) {
    out.push('', 'A real format writes no status word: for its records *Written as* gives what the file recorded (a score value, a success flag), which the status was read from.');
  }
  for (const id of shown) out.push('', ...disputeBlock(ctx, id));
  if (disputed.length > ctx.limits.disputes) out.push('', `… and ${plural(disputed.length - ctx.limits.disputes, 'more disputed identity', 'more disputed identities')}.`);
  return out;
}

function jsonCell(v: JsonValue | undefined): string {
  if (v === undefined) return '—';
  return typeof v === 'string' ? inlineText(v) : cellCode(jsonText(v));
}

function writtenCell(recorded: RecordedStatus): string {
  if (recorded.derived) return recorded.basis === undefined ? '—' : inlineText(recorded.basis);
  return recorded.written === undefined ? '—' : cellCode(jsonText(recorded.written));
}

function disputeBlock(ctx: ReportContext, id: EvalIdentity): string[] {
  const out = [`#### ${idSpan(id.label)}`, '', ...tableHead(['Status', 'Written as', 'Score', 'Note', 'Source', 'Where'])];
  for (const r of id.records.slice(0, ctx.limits.sidesPerDispute)) {
    out.push(
      tableRow([
        normaliseStatus(field(r, 'status')),
        writtenCell(recordedStatus(r, ctx.analysis.inputs[r.fileIndex]?.format)),
        jsonCell(field(r, 'score')),
        jsonCell(field(r, 'note')),
        jsonCell(field(r, 'source')),
        cellCode(whereOf(ctx, r)),
      ]),
    );
  }
  if (id.records.length > ctx.limits.sidesPerDispute) out.push('', `… and ${plural(id.records.length - ctx.limits.sidesPerDispute, 'more record')}.`);
  return out;
}

export function annotationsSection(ctx: ReportContext, annotations: readonly ReviewerAnnotation[]): string[] {
  if (annotations.length === 0) return [];
  const out = ['## Annotations', '', "A reviewer's notes. They change no record.", ''];
  const byPlace = recordsByPlace(ctx, annotations);
  for (const a of annotations.slice(0, ctx.limits.annotations)) {
    const t = a.target;
    let subject: string;
    if ('findingIndex' in t) {
      const f = ctx.analysis.findings[t.findingIndex];
      subject = f ? `**F${t.findingIndex + 1}** (${codeSpan(f.code)}${f.session === null ? '' : `, session ${idSpan(f.session)}`})` : `**finding ${t.findingIndex + 1}** (no such finding)`;
    } else {
      const r = byPlace.get(`${t.file}\u0000${t.line}`);
      const what = r ? `${inlineText(r.kind || 'untyped')} ${nameOf(r)}` : 'no record at this place';
      subject = `**${codeSpan(`${t.file}:${t.line}`)}** (${what})`;
    }
    out.push(`- ${subject}: ${multilineText(a.note, 2)}`);
  }
  if (annotations.length > ctx.limits.annotations) out.push(`- … and ${plural(annotations.length - ctx.limits.annotations, 'more note')}`);
  return out;
}

/** Records at the places the annotations name, found in one pass over the inputs they name. */
function recordsByPlace(ctx: ReportContext, annotations: readonly ReviewerAnnotation[]): Map<string, SeqRecord> {
  const wanted = new Set<string>();
  const files = new Set<string>();
  for (const a of annotations) {
    if ('findingIndex' in a.target) continue;
    wanted.add(`${a.target.file}\u0000${a.target.line}`);
    files.add(a.target.file);
  }
  const found = new Map<string, SeqRecord>();
  for (const input of ctx.analysis.inputs) {
    if (!files.has(input.name)) continue;
    for (const r of input.records) {
      const key = `${input.name}\u0000${r.line}`;
      if (wanted.has(key) && !found.has(key)) found.set(key, r);
    }
  }
  return found;
}
