import { andMore, plural } from './countText';
import type { ParsedInput } from './model';
import { placeNoun, placesNoun } from './place';

/**
 * What of the inputs was not read, in words, or null when every line of every
 * input was read: a file cut off before its end (a note marked `partial`) and
 * lines that did not become records. "No findings" over such inputs speaks only
 * of what was read; said bare, it would clear a log whose missing part is where
 * the problem was.
 */
export function notWhollyRead(inputs: readonly Pick<ParsedInput, 'name' | 'itemized' | 'rejected' | 'notes'>[], options: NotWhollyReadOptions = {}): string | null {
  const see = (where: string) => (options.pointers === false ? '' : ` (${where})`);
  const parts: string[] = [];
  for (const input of inputs) {
    if (input.notes.some((n) => n.partial)) parts.push(`${input.name} was not read to its end${see('see its note')}`);
    const rejected = input.rejected.length;
    if (rejected > 0) {
      const noun = placeNoun(input);
      parts.push(`${plural(rejected, noun)} of ${input.name} ${rejected === 1 ? 'was' : 'were'} not read as ${rejected === 1 ? 'a record' : 'records'}${see(`see its rejected ${noun}s`)}`);
    }
  }
  if (parts.length === 0) return null;
  return parts.slice(0, NAMED).join('; ') + (parts.length > NAMED ? `;${andMore(parts.length, NAMED)}${see("each input's row above says what")}` : '');
}

export interface NotWhollyReadOptions {
  /**
   * False where the inputs' notes and rejected lines are not shown (a comparison lists neither): "see its note"
   * would point at nothing there.
   */
  readonly pointers?: boolean;
}

/** Parts named before the rest are counted: one per input of 18 open is a paragraph no one reads under "No findings". */
const NAMED = 4;

/** The reports' word when no line of any input became a record: "Findings: 0" or "No findings" alone would read as a clean log. */
export function nothingReadSentence(inputs: readonly Pick<ParsedInput, 'itemized' | 'rejected'>[], done: 'checked' | 'compared' = 'checked'): string {
  const rejecting = inputs.filter((i) => i.rejected.length > 0);
  return `Nothing was read as a record, so nothing was ${done}${rejecting.length > 0 ? `; see the rejected ${placesNoun(rejecting)}s above.` : ': the inputs hold none.'}`;
}

/** A comparison's word beside its verdict when a run was not read whole: its first divergence, or its agreement, is in what was read. */
export function partlyComparedSentence(unread: string): string {
  return `Compared in what was read, but not all of it was: ${unread}.`;
}
