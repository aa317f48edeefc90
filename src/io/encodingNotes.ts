import { formatCount, plural } from '../core/countText';
import type { InputNote } from '../core/model';
import type { DecodedText } from './decode';

/** Formats whose "line" is a text line; in the others a line is an item, so a note names the text line in words. */
const LINE_BASED = new Set(['native-jsonl', 'codex-rollout']);

/** A handful of lines are named one by one; the rest are counted, so a binary file does not bury every other note. */
const NAMED_LINES = 5;

/** What the format made of the text, to tell a file that is no text at all from a log with a few damaged lines. */
export interface LinesRead {
  readonly lines: number;
  readonly blank: number;
  readonly records: number;
}

/**
 * A binary file (an image, an archive, random bytes) chosen by mistake reads
 * as lines of U+FFFD that are all rejected: true, and every line accounted
 * for, but a user should be told first, in one sentence, that it is no log.
 * Said when no line is a record and at least half the lines that are not
 * blank hold invalid sequences.
 */
function notTextNote(invalid: number, read: LinesRead, what: string): InputNote[] {
  const filled = read.lines - read.blank;
  if (read.records > 0 || invalid * 2 < filled) return [];
  return [
    {
      line: null,
      message: `This does not read as text: ${formatCount(invalid)} of its ${plural(filled, 'line')} that are not blank hold ${what}, and no line is a record. It looks like a binary file (an image, an archive, a program), not a log.`,
    },
  ];
}

/**
 * Notes naming the lines whose invalid byte sequences became U+FFFD. Such a
 * line is still parsed (a replaced byte inside a string leaves valid JSON),
 * so without the note a reader could take `�` for what the file says.
 */
export function encodingNotes(invalidLines: readonly number[], encoding: DecodedText['encoding'], format: string, read: LinesRead): InputNote[] {
  if (invalidLines.length === 0) return [];
  const lineBased = LINE_BASED.has(format);
  const what = encoding === 'utf-8' ? 'bytes that are not valid UTF-8' : `code units that are not valid ${encoding.toUpperCase()}`;
  const notes: InputNote[] = notTextNote(invalidLines.length, read, what);
  for (const line of invalidLines.slice(0, NAMED_LINES)) notes.push({
    line: lineBased ? line : null,
    message: `${lineBased ? 'this line' : `text line ${line}`} holds ${what}; each such sequence is shown as U+FFFD (\u{FFFD}) and the rest is read as written.`,
  });
  if (invalidLines.length > NAMED_LINES) {
    const rest = invalidLines.slice(NAMED_LINES);
    const first = rest[0]!;
    notes.push({
      line: lineBased ? first : null,
      message: `${plural(rest.length, 'more line')} hold ${what}, from ${lineBased ? 'this line' : `text line ${first}`} on; each such sequence is shown as U+FFFD.`,
    });
  }
  return notes;
}
