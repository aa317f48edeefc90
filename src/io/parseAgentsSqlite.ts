import type { Database, SqlValue } from 'sql.js';
import { andMore, formatCount } from '../core/countText';
import type { InputBoundary, InputNote, JsonObject, RejectedLine, SeqRecord } from '../core/model';
import { decodeUtf8 } from './decode';
import { derivedRecord, isObject } from './derivedRecord';
import type { FormatBody } from './formats';
import { nestsDeeperThan, tooDeepReason } from './jsonDepth';
import { describeJsonBreak, describeValue, escapeForMessage, jsonTypeName } from './jsonError';
import { DEFAULT_LIMITS, lineTooLongReason, type InputLimits } from './limits';
import { classifyResponseItem } from './responseItems';
import { loadSqlJs } from './sqliteLoader';
import { textDigest } from './textDigest';

const SQLITE_MAGIC = 'SQLite format 3\u0000';

export function isSqlite(bytes: Uint8Array): boolean {
  if (bytes.length < SQLITE_MAGIC.length) return false;
  for (let i = 0; i < SQLITE_MAGIC.length; i++) if (bytes[i] !== SQLITE_MAGIC.charCodeAt(i)) return false;
  return true;
}

/** Thrown when a SQLite file is not an Agents SDK session database; loadInput reports it as unreadable. */
export class NotAgentsSessionError extends Error {}

interface Row {
  readonly id: number;
  readonly session: string;
  readonly messageData: string;
  /** Set when message_data was a blob holding bytes that are not UTF-8 (shown as U+FFFD). */
  readonly invalidUtf8: boolean;
  readonly createdAt: SqlValue;
}

/**
 * A `SQLiteSession` database of the OpenAI Agents SDK: `agent_sessions` and
 * `agent_messages` (id, session_id, message_data, created_at), one Responses
 * item per row. Rows are read in `id` order, which is insertion order; that
 * is storage order. The input's text is the message_data of each row, one per
 * line, so every record shows what its row held.
 */
export async function parseAgentsSqlite(bytes: Uint8Array, fileName: string, fileIndex: number, limits: InputLimits = DEFAULT_LIMITS): Promise<FormatBody & { text: string }> {
  const SQL = await loadSqlJs();
  const db = new SQL.Database(bytes);
  try {
    const tables = column(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map(String);
    const messages = tables.includes('agent_messages') ? 'agent_messages' : tables.find((t) => hasColumns(db, t, ['id', 'session_id', 'message_data']));
    if (!messages) {
      throw new NotAgentsSessionError(`a SQLite database without an Agents SDK messages table (id, session_id, message_data); its tables are: ${someNames(tables) || 'none'}`);
    }
    const rows: Row[] = db.exec(`SELECT id, session_id, message_data, created_at FROM ${quoteIdent(messages)} ORDER BY id`)[0]?.values.map((v) => {
      const blob = v[2] instanceof Uint8Array ? decodeUtf8(v[2]) : null;
      return {
        id: Number(v[0]),
        session: String(v[1]),
        messageData: blob ? blob.text : String(v[2]),
        invalidUtf8: blob !== null && blob.invalidLines.length > 0,
        createdAt: v[3] ?? null,
      };
    }) ?? [];
    const sessionsTable = messages.replace(/messages$/, 'sessions');
    const known = tables.includes(sessionsTable) ? column(db, `SELECT session_id FROM ${quoteIdent(sessionsTable)}`).map(String) : null;
    const sequence = tables.includes('sqlite_sequence') ? Number(column(db, 'SELECT seq FROM sqlite_sequence WHERE name = ?', [messages])[0] ?? 0) : 0;
    const body = rowsToRecords(rows, fileName, fileIndex, limits);
    const notes: InputNote[] = [
      {
        line: null,
        message: `Agents SDK SQLiteSession database: ${formatCount(rows.length)} items in ${messages}, read in id order (insertion order). It records no acceptance order and no response ids.`,
      },
    ];
    const boundaries = deletionGaps(rows, sequence, notes);
    if (known) {
      const used = new Set(rows.map((r) => r.session));
      const listed = new Set(known);
      const empty = known.filter((s) => !used.has(s));
      if (empty.length) notes.push({ line: null, message: `sessions with no items (cleared, or never used): ${someNames(empty)}.` });
      const orphans = [...used].filter((s) => !listed.has(s));
      if (orphans.length) notes.push({ line: null, message: `items of sessions missing from ${escapeForMessage(sessionsTable)}: ${someNames(orphans)}.` });
    }
    const unread = tables.filter((t) => t !== messages && t !== sessionsTable && t !== 'sqlite_sequence');
    if (unread.length) notes.push({ line: null, message: `tables present but not read: ${someNames(unread)}.` });
    return { format: 'agents-sqlite', lines: rows.length, blank: 0, records: body.records, rejected: body.rejected, text: body.text, notes: [...notes, ...body.notes], boundaries };
  } finally {
    db.close();
  }
}

/** Names from the database in a note: escaped, and a handful of them with a count of the rest. */
function someNames(names: readonly string[]): string {
  const shown = names.slice(0, 10).map(escapeForMessage).join(', ');
  return shown + andMore(names.length, 10);
}

function rowsToRecords(rows: readonly Row[], fileName: string, fileIndex: number, limits: InputLimits): { records: SeqRecord[]; rejected: RejectedLine[]; notes: InputNote[]; text: string } {
  const records: SeqRecord[] = [];
  const rejected: RejectedLine[] = [];
  const notes: InputNote[] = [];
  const parts: string[] = [];
  let offset = 0;
  let invalid = 0;
  rows.forEach((row, i) => {
    const line = i + 1;
    const place = { fileName, fileIndex, line, offset, length: row.messageData.length };
    parts.push(row.messageData, '\n');
    offset += row.messageData.length + 1;
    if (row.invalidUtf8 && ++invalid <= 5) {
      notes.push({ line, message: `message_data of row id ${row.id} holds bytes that are not valid UTF-8; they are shown as U+FFFD (\u{FFFD}).` });
    }
    if (row.messageData.length > limits.maxLineChars) {
      rejected.push({ line, reason: `item ${line} (row id ${row.id}): ${lineTooLongReason(row.messageData.length, limits, 'message_data')}` });
      return;
    }
    let item: unknown;
    try {
      item = JSON.parse(row.messageData);
    } catch (e) {
      rejected.push({ line, reason: `item ${line} (row id ${row.id}): message_data is ${describeJsonBreak(e, row.messageData)}` });
      return;
    }
    if (nestsDeeperThan(item, limits.maxJsonDepth, row.messageData.length)) {
      rejected.push({ line, reason: `item ${line} (row id ${row.id}): message_data is ${tooDeepReason(limits)}` });
      return;
    }
    if (!isObject(item)) {
      rejected.push({ line, reason: `item ${line} (row id ${row.id}): message_data must be a JSON object, found ${jsonTypeName(item)} ${describeValue(item)}` });
      return;
    }
    const shape = classifyResponseItem(item);
    const fields: JsonObject = { actor: shape.actor, row_id: row.id };
    if (row.createdAt !== null && !(row.createdAt instanceof Uint8Array)) fields.created_at = row.createdAt;
    let id = shape.itemId ?? `row ${row.id}`;
    if (shape.kind === 'input') Object.assign(fields, { op: 'set', key: 'last_user_input', value: textDigest(shape.text ?? '') });
    if (shape.callId !== null) fields.call_id = shape.callId;
    if (shape.kind === 'tool_call' && shape.callId !== null) id = shape.callId;
    if (shape.kind === 'tool_output' && shape.callId !== null) {
      fields.refs = [shape.callId];
      id = `${shape.callId}:output`;
    }
    records.push(derivedRecord(place, { kind: shape.kind, id, session: row.session, fields, namespace: 'agents', original: item }));
  });
  if (invalid > 5) notes.push({ line: null, message: `${formatCount(invalid - 5)} more rows hold message_data that is not valid UTF-8.` });
  return { records, rejected, notes, text: parts.join('') };
}

/**
 * AUTOINCREMENT ids are never reused, so a hole in them (or a sqlite_sequence
 * above the highest id) means rows were deleted: clear_session(), pop_item()
 * or by hand. What they held and which session they belonged to is gone.
 */
function deletionGaps(rows: readonly Row[], sequence: number, notes: InputNote[]): InputBoundary[] {
  const boundaries: InputBoundary[] = [];
  const gap = (from: number, to: number, line: number, after: boolean) => {
    const ids = from === to ? `id ${from} is` : `ids ${from}–${to} are`;
    const label = `${ids} missing: deleted rows${after ? ' after the last one kept' : ''}`;
    // Rows deleted after the last one kept come after it: placed past it, so no view puts them before it.
    boundaries.push({ line: after ? line + 1 : line, session: null, kind: 'deletion', label, covers: null });
    notes.push({ line, message: `${ids} missing from the table${after ? ', after this row' : ''}: those rows were deleted (clear_session(), pop_item() or by hand); what they held cannot be recovered.` });
  };
  let expected = 1;
  rows.forEach((row, i) => {
    if (row.id > expected) gap(expected, row.id - 1, i + 1, false);
    expected = row.id + 1;
  });
  if (sequence >= expected) gap(expected, sequence, Math.max(rows.length, 1), rows.length > 0);
  return boundaries;
}

function column(db: Database, sql: string, params: SqlValue[] = []): SqlValue[] {
  const result = db.exec(sql, params)[0];
  return result ? result.values.map((v) => v[0] ?? null) : [];
}

function hasColumns(db: Database, table: string, names: readonly string[]): boolean {
  const columns = (db.exec(`PRAGMA table_info(${quoteIdent(table)})`)[0]?.values ?? []).map((v) => String(v[1]));
  return names.every((n) => columns.includes(n));
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
