import { formatCount, plural } from '../core/countText';
import type { InputNote, JsonObject, SeqRecord } from '../core/model';
import type { CodexRolloutReader, KeptCodexLine, RolloutFacts } from './codexRolloutReader';
import { CodexTurnTracker } from './codexTurns';
import { baseName, derivedRecord, recordWithData } from './derivedRecord';
import type { FormatBody } from './formats';

const MAX_ORDINAL_NOTES = 5;

/**
 * The records, notes and boundaries of a rollout whose lines `reader` has
 * read. Storage order is `ordinal` where every line has one, else the line;
 * the turn tracker follows that order, since rollbacks undo the turns stored
 * last. Acceptance order is `metadata.user_input_order` and a verified
 * answer's `acceptance_order`, never invented.
 */
export function codexRolloutBody(reader: CodexRolloutReader, fileName: string, fileIndex: number): FormatBody {
  const { kept, facts } = reader;
  const notes: InputNote[] = [];
  const ordered = storageOrder(kept, notes);
  const thread = facts.threadId ?? threadFromFileName(fileName);
  const inheritedSession = `${thread} (inherited)`;
  const tracker = new CodexTurnTracker(thread);
  const records: SeqRecord[] = [];
  const datas: JsonObject[] = [];
  const unknownTypes = new Map<string, number>();
  let unusedOrderLine: number | null = null;
  for (const l of ordered) {
    const item = l.item;
    if (item.event) tracker.apply(item.event, l.line, records.length, datas);
    const place = { fileName, fileIndex, line: l.line, offset: l.offset, length: l.length };
    const spec = { kind: item.kind, id: item.id, session: item.inherited ? inheritedSession : thread, acceptSeq: item.acceptSeq };
    let record: SeqRecord;
    if (l.value === null) {
      // Compact: the reader kept only the fields the engine reads, in an object of this line's own, which a rollback may mark.
      record = recordWithData(place, spec, item.fields);
    } else {
      const fields = { ...item.fields };
      if (!('turn_id' in fields) && tracker.currentTurn !== null) fields.turn_id = tracker.currentTurn;
      record = derivedRecord(place, { ...spec, fields, namespace: 'codex', original: l.value });
    }
    records.push(record);
    datas.push(record.data);
    if (item.unknownType !== null && !unknownTypes.has(item.unknownType)) unknownTypes.set(item.unknownType, l.line);
    if (item.unusedOrder && unusedOrderLine === null) unusedOrderLine = l.line;
  }

  notes.unshift(...acceptanceNotes(kept, facts, records, thread, inheritedSession));
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
  return { format: 'codex-rollout', lines: reader.lines, blank: reader.blank, rejected: reader.rejected, records, notes, boundaries: tracker.boundaries };
}

/** Lines in storage order: by `ordinal` when every line has one (ties by line), else as written. */
function storageOrder(lines: KeptCodexLine[], notes: InputNote[]): KeptCodexLine[] {
  const numbered = lines.filter((l) => l.ordinal !== null);
  if (numbered.length === 0) return lines;
  if (numbered.length < lines.length) {
    const first = lines.find((l) => l.ordinal === null)!;
    notes.push({
      line: first.line,
      message: `${formatCount(lines.length - numbered.length)} of ${formatCount(lines.length)} lines have no ordinal (the first is this one), so storage order is the line order.`,
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
      message: `storage order follows ordinal: ${formatCount(moved)} lines are written out of ordinal order (this line has ordinal ${l.ordinal}).`,
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
        message: `ordinals jump from ${a.ordinal} (line ${a.line}) to ${b.ordinal}: ${formatCount(b.ordinal! - a.ordinal! - 1)} lines of this thread are not in this file.`,
      });
    }
  }
  // A handful say what is going on; hundreds would bury every other note.
  notes.push(...irregular.slice(0, MAX_ORDINAL_NOTES));
  if (irregular.length > MAX_ORDINAL_NOTES) {
    const rest = irregular.length - MAX_ORDINAL_NOTES;
    notes.push({ line: irregular[MAX_ORDINAL_NOTES]!.line, message: `${plural(rest, 'more ordinal jump or repeat', 'more ordinal jumps or repeats')} from this line on.` });
  }
  if (sorted[0]!.ordinal! > 0) {
    notes.push({ line: sorted[0]!.line, message: `ordinals start at ${sorted[0]!.ordinal}: the earlier lines of this thread are not in this file.` });
  }
  return sorted;
}

/** The thread id of a rollout without a `session_meta` id: the UUID in its file name, else the file name. */
function threadFromFileName(fileName: string): string {
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(fileName);
  return uuid ? uuid[0] : baseName(fileName);
}

/** Says plainly which acceptance evidence the rollout carries, so nothing is guessed silently. */
function acceptanceNotes(lines: readonly KeptCodexLine[], facts: RolloutFacts, records: readonly SeqRecord[], thread: string, inherited: string): InputNote[] {
  const notes: InputNote[] = [];
  const paginated = lines.some((l) => l.ordinal !== null);
  const version = facts.writer?.cliVersion;
  const mode = facts.writer?.historyMode;
  const about = [version ? `Codex ${version}` : null, mode ? `history_mode "${mode}"` : null].filter(Boolean).join(', ');
  const writer = about ? ` (${about})` : '';
  if (!paginated && !facts.hasMetadata) {
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
        `Paginated Codex rollout${writer}: ${plural(numbered, 'accepted item carries', 'accepted items carry')} an acceptance number (user_input_order / acceptance_order)` +
        (unnumbered > 0 ? `; ${plural(unnumbered, 'user input carries none and is', 'user inputs carry none and are')} reported as missing it.` : '.'),
    });
  }
  const inheritedCount = records.filter((r) => r.session === inherited).length;
  if (inheritedCount > 0) {
    notes.push({
      line: null,
      message:
        inheritedCount === 1
          ? `1 line carries metadata.inherited_user_message: its number is the parent thread's counter, so it forms the session "${inherited}" and is never compared with this thread's numbers.`
          : `${formatCount(inheritedCount)} lines carry metadata.inherited_user_message: their numbers are the parent thread's counter, so they form the session "${inherited}" and are never compared with this thread's numbers.`,
    });
  }
  return notes;
}
