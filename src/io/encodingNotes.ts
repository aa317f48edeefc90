import { plural } from '../core/countText';
import type { InputNote } from '../core/model';
import type { DecodedText } from './decode';

/** Formats whose "line" is a text line; in the others a line is an item, so a note names the text line in words. */
const LINE_BASED = new Set(['native-jsonl', 'codex-rollout']);

/** A handful of lines are named one by one; the rest are counted, so a binary file does not bury every other note. */
const NAMED_LINES = 5;

/**
 * Notes naming the lines whose invalid byte sequences became U+FFFD. Such a
 * line is still parsed (a replaced byte inside a string leaves valid JSON),
 * so without the note a reader could take `�` for what the file says.
 */
export function encodingNotes(invalidLines: readonly number[], encoding: DecodedText['encoding'], format: string): InputNote[] {
  if (invalidLines.length === 0) return [];
  const lineBased = LINE_BASED.has(format);
  const what = encoding === 'utf-8' ? 'bytes that are not valid UTF-8' : `code units that are not valid ${encoding.toUpperCase()}`;
  const notes: InputNote[] = invalidLines.slice(0, NAMED_LINES).map((line) => ({
    line: lineBased ? line : null,
    message: `${lineBased ? 'this line' : `text line ${line}`} holds ${what}; each such sequence is shown as U+FFFD (\u{FFFD}) and the rest is read as written.`,
  }));
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
