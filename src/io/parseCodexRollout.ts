import type { InputNote, JsonObject, RejectedLine, SeqRecord } from '../core/model';
import { classifyCodexLine, envelopeProblem, type CodexLine } from './codexLine';
import { CodexTurnTracker } from './codexTurns';
import { baseName, derivedRecord, isObject, isNonNegativeInteger, stringOf } from './derivedRecord';
import type { FormatBody, TextFormat } from './formats';
import { parseJsonLine } from './jsonLine';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import { isBlank, lineRanges } from './lines';

const MAX_ORDINAL_NOTES = 5;

/** A first line shaped like a rollout envelope: `{timestamp, type, payload}` and no native `kind`. */
function looksLikeRolloutLine(v: unknown): boolean {
  return (
    isObject(v) &&
    !('kind' in v) &&
    typeof v.type === 'string' &&
    'payload' in v &&
    (typeof v.timestamp === 'string' || isNonNegativeInteger(v.ordinal))
  );
}

export const codexRolloutFormat: TextFormat = {
  id: 'codex-rollout',
  label: 'Codex CLI rollout (JSON Lines)',
  sniff: (probe) => looksLikeRolloutLine(probe.firstValue),
  parse: (text, fileName, fileIndex, _probe, limits) => parseCodexRollout(text, fileName, fileIndex, limits),
};

/**
 * A Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`), legacy
 * or paginated, into the native model. Storage order is `ordinal` where every
 * line has one, else the line; acceptance order is `metadata.user_input_order`
 * and a verified answer's `acceptance_order`, never invented.
 */
export function parseCodexRollout(text: string, fileName: string, fileIndex: number, limits: InputLimits = DEFAULT_LIMITS): FormatBody {
  const { starts, ends, count } = lineRanges(text);
  const rejected: RejectedLine[] = [];
  const kept: CodexLine[] = [];
  let blank = 0;
  for (let i = 0; i < count; i++) {
    const start = starts[i]!;
    const end = ends[i]!;
    const line = i + 1;
    if (isBlank(text, start, end)) {
      blank++;
      continue;
    }
    const parsed = parseJsonLine(text, start, end, limits);
    if (parsed.reason !== null) {
      const lastWithoutEnd = i === count - 1 && end === text.length && parsed.reason.startsWith('not valid JSON');
      const cut = lastWithoutEnd ? '; it is the last line and has no line end, so Codex was probably still writing it' : '';
      rejected.push({ line, reason: `line ${line}: ${parsed.reason}${cut}` });
      continue;
    }
    const value = parsed.value;
    const problem = envelopeProblem(value);
    if (problem) {
      rejected.push({ line, reason: `line ${line}: ${problem}` });
      continue;
    }
    const v = value as JsonObject;
    kept.push({ line, start, end, value: v, ordinal: isNonNegativeInteger(v.ordinal) ? v.ordinal : null });
  }

  const notes: InputNote[] = [];
  const ordered = storageOrder(kept, notes);
  const thread = threadIdOf(kept, fileName);
  const inheritedSession = `${thread} (inherited)`;
  const tracker = new CodexTurnTracker(thread);
  const records: SeqRecord[] = [];
  const datas: JsonObject[] = [];
  const unknownTypes = new Map<string, number>();
  let unusedOrderLine: number | null = null;
  for (const l of ordered) {
    const item = classifyCodexLine(l);
    if (item.event) tracker.apply(item.event, l.line, records.length, datas);
    const fields = { ...item.fields };
    if (!('turn_id' in fields) && tracker.currentTurn !== null) fields.turn_id = tracker.currentTurn;
    const record = derivedRecord(
      { fileName, fileIndex, line: l.line, offset: l.start, length: l.end - l.start },
      {
        kind: item.kind,
        id: item.id,
        session: item.inherited ? inheritedSession : thread,
        acceptSeq: item.acceptSeq,
        fields,
        namespace: 'codex',
        original: l.value,
      },
    );
    records.push(record);
    datas.push(record.data);
    if (item.unknownType !== null && !unknownTypes.has(item.unknownType)) unknownTypes.set(item.unknownType, l.line);
    if (item.unusedOrder && unusedOrderLine === null) unusedOrderLine = l.line;
  }

  notes.unshift(...acceptanceNotes(kept, records, thread, inheritedSession));
  for (const [type, line] of unknownTypes) {
    notes.push({ line, message: `unknown rollout item type "${type}" (first at this line): kept and shown, not analysed.` });
  }
  if (unusedOrderLine !== null) {
    notes.push({
      line: unusedOrderLine,
      message: 'user_input_order on an item that is neither a user message nor a delivered assistant message: kept in the record, not used as acceptance order.',
    });
  }
  notes.push(...tracker.notes);
  // Statements about the whole file first, then the rest by line, so a reader can follow the file.
  notes.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return { format: 'codex-rollout', lines: count, blank, rejected, records, notes, boundaries: tracker.boundaries };
}

/** Lines in storage order: by `ordinal` when every line has one (ties by line), else as written. */
function storageOrder(lines: CodexLine[], notes: InputNote[]): CodexLine[] {
  const numbered = lines.filter((l) => l.ordinal !== null);
  if (numbered.length === 0) return lines;
  if (numbered.length < lines.length) {
    const first = lines.find((l) => l.ordinal === null)!;
    notes.push({
      line: first.line,
      message: `${lines.length - numbered.length} of ${lines.length} lines have no ordinal (the first is this one), so storage order is the line order.`,
    });
    return lines;
  }
  const sorted = [...lines].sort((a, b) => a.ordinal! - b.ordinal! || a.line - b.line);
  const firstMoved = sorted.findIndex((l, i) => l !== lines[i]);
  if (firstMoved >= 0) {
    const moved = sorted.filter((l, i) => l !== lines[i]).length;
    const l = sorted[firstMoved]!;
    notes.push({
      line: l.line,
      message: `storage order follows ordinal: ${moved} lines are written out of ordinal order (this line has ordinal ${l.ordinal}).`,
    });
  }
  const irregular: InputNote[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (a.ordinal === b.ordinal) {
      irregular.push({ line: b.line, message: `ordinal ${b.ordinal} appears again (also on line ${a.line}); those lines keep their line order.` });
    } else if (b.ordinal! > a.ordinal! + 1) {
      irregular.push({
        line: b.line,
        message: `ordinals jump from ${a.ordinal} (line ${a.line}) to ${b.ordinal}: ${b.ordinal! - a.ordinal! - 1} lines of this thread are not in this file.`,
      });
    }
  }
  // A handful say what is going on; hundreds would bury every other note.
  notes.push(...irregular.slice(0, MAX_ORDINAL_NOTES));
  if (irregular.length > MAX_ORDINAL_NOTES) {
    const rest = irregular.length - MAX_ORDINAL_NOTES;
    notes.push({ line: irregular[MAX_ORDINAL_NOTES]!.line, message: `${rest} more ordinal jump${rest === 1 ? '' : 's'} or repeat${rest === 1 ? '' : 's'} from this line on.` });
  }
  if (sorted[0]!.ordinal! > 0) {
    notes.push({ line: sorted[0]!.line, message: `ordinals start at ${sorted[0]!.ordinal}: the earlier lines of this thread are not in this file.` });
  }
  return sorted;
}

/** The thread id: the first `session_meta` payload id (a fork lists its own meta first), else the file name's UUID. */
function threadIdOf(lines: readonly CodexLine[], fileName: string): string {
  for (const l of lines) {
    if (l.value.type !== 'session_meta' || !isObject(l.value.payload)) continue;
    const id = stringOf(l.value.payload.id);
    if (id) return id;
  }
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(fileName);
  return uuid ? uuid[0] : baseName(fileName);
}

/** Says plainly which acceptance evidence the rollout carries, so nothing is guessed silently. */
function acceptanceNotes(lines: readonly CodexLine[], records: readonly SeqRecord[], thread: string, inherited: string): InputNote[] {
  const notes: InputNote[] = [];
  const paginated = lines.some((l) => l.ordinal !== null);
  const hasMetadata = lines.some((l) => isObject(l.value.metadata));
  const meta = lines.find((l) => l.value.type === 'session_meta' && isObject(l.value.payload));
  const payload = meta && isObject(meta.value.payload) ? meta.value.payload : {};
  const version = stringOf(payload.cli_version);
  const mode = stringOf(payload.history_mode);
  const about = [version ? `Codex ${version}` : null, mode ? `history_mode "${mode}"` : null].filter(Boolean).join(', ');
  const writer = about ? ` (${about})` : '';
  if (!paginated && !hasMetadata) {
    notes.push({
      line: null,
      message: `Legacy Codex rollout${writer}: no line has an ordinal or metadata, so no acceptance order was recorded. Storage order is the line order; the acceptance replay stays unknown rather than guessed.`,
    });
    return notes;
  }
  const local = records.filter((r) => r.session === thread && (r.kind === 'input' || r.kind === 'response'));
  const numbered = local.filter((r) => r.acceptSeq !== null).length;
  const unnumbered = local.filter((r) => r.kind === 'input' && r.acceptSeq === null).length;
  if (numbered === 0) {
    notes.push({
      line: null,
      message: `Paginated Codex rollout${writer}, but no user input carries metadata.user_input_order or acceptance_order: no acceptance order was recorded, so none is assumed.`,
    });
  } else {
    notes.push({
      line: null,
      message:
        `Paginated Codex rollout${writer}: ${numbered} accepted item${numbered === 1 ? '' : 's'} carry an acceptance number (user_input_order / acceptance_order)` +
        (unnumbered > 0 ? `; ${unnumbered} user input${unnumbered === 1 ? '' : 's'} carry none and are reported as missing it.` : '.'),
    });
  }
  const inheritedCount = records.filter((r) => r.session === inherited).length;
  if (inheritedCount > 0) {
    notes.push({
      line: null,
      message: `${inheritedCount} line${inheritedCount === 1 ? '' : 's'} carry metadata.inherited_user_message: their numbers are the parent thread's counter, so they form the session "${inherited}" and are never compared with this thread's numbers.`,
    });
  }
  return notes;
}
