import { formatCount } from '../core/countText';
import { isObject } from './derivedRecord';
import { lineEnd } from './lines';
import { describeValue, jsonTypeName } from './jsonError';
import { promptfooSummaryHint } from './parsePromptfoo';

/**
 * A text that is one JSON document in a shape no reader takes. Read line by
 * line it would be every line rejected, and an analysis of nothing that
 * says all is well; loadInput refuses the input as unreadable instead.
 */
export class UnknownDocumentError extends Error {}

const READS =
  'Seqscope reads native JSON Lines (one record per line), a JSON array of records or {"records": [...]}, Codex CLI rollouts, Inspect AI logs, promptfoo results, OpenAI Agents SDK RunState JSON and SQLite sessions; see docs/formats.md';
const NATIVE_RECORD_HINT =
  'It looks like one native record written over several lines: write each record on one line (JSON Lines), or put them in a JSON array; see docs/native-format.md';
const KEYS_SHOWN = 5;

/**
 * Why `doc`, the whole text parsed as one JSON value after no real format
 * claimed it, is in no format at all; null when the native reader takes it.
 * An array holding no object at all is no list of records. An object is a
 * document only when it spans lines: on one line it is one record of a
 * JSON Lines file, which the native reader keeps.
 */
export function unknownDocumentError(doc: unknown, text: string): UnknownDocumentError | null {
  if (Array.isArray(doc)) return noObjectIn(doc, 'a JSON array of');
  if (isObject(doc) && Array.isArray(doc.records)) return noObjectIn(doc.records, 'a {"records": [...]} document whose records are');
  if (!isObject(doc) || !spansSeveralLines(text)) return null;
  const hint = typeof doc.kind === 'string' ? NATIVE_RECORD_HINT : (promptfooSummaryHint(doc) ?? READS);
  return new UnknownDocumentError(`a single JSON object (${describeKeys(Object.keys(doc))}) over several lines, in no format Seqscope reads. ${hint}`);
}

/** A list of items none of which is an object holds no record: `[1, 2]` and `{"records": [1, 2]}` alike. */
function noObjectIn(items: readonly unknown[], what: string): UnknownDocumentError | null {
  if (items.length === 0 || items.some(isObject)) return null;
  const kinds = [...new Set(items.map(jsonTypeName))].join(', ');
  return new UnknownDocumentError(`${what} ${formatCount(items.length)} items, none of them an object (found: ${kinds}), so no records. ${READS}`);
}

/** The first keys, quoted as every reason quotes the file's text (escaped, cut), and how many there are. */
function describeKeys(keys: readonly string[]): string {
  if (keys.length === 0) return 'no keys';
  const shown = keys.slice(0, KEYS_SHOWN).map(describeValue);
  const more = keys.length > KEYS_SHOWN ? `, … ${formatCount(keys.length)} keys in all` : '';
  return `keys: ${shown.join(', ')}${more}`;
}

/** Whether anything but whitespace follows the first line that holds something. */
function spansSeveralLines(text: string): boolean {
  const first = text.search(/\S/);
  if (first < 0) return false;
  let i = lineEnd(text, first);
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i < text.length;
}
