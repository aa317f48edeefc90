import type { ParsedInput } from '../../core/model';
import { UnreadableInputError } from '../loadInput';

/** What a reader made of a gzip that may be cut short, and the words it said of it. */
export interface CutOutcome {
  /** `unmarked`: kept with a note that is not marked partial, so "No findings" would read as the whole file checked. */
  readonly kind: 'refused' | 'kept' | 'unmarked' | 'whole';
  readonly words: string;
}

/** An input that was read: kept, with the note its gzip gave, or whole when the gzip said nothing. */
export function cutOutcome(input: ParsedInput): CutOutcome {
  const note = input.notes.find((n) => n.line === null && n.message.includes('gzip'));
  if (!note) return { kind: 'whole', words: '' };
  return { kind: note.partial === true ? 'kept' : 'unmarked', words: note.message };
}

/** What a read gave: the input's outcome, or refused with the reason it was found unreadable. */
export async function readOutcome(read: () => Promise<ParsedInput>): Promise<CutOutcome> {
  try {
    return cutOutcome(await read());
  } catch (e) {
    if (!(e instanceof UnreadableInputError)) throw e;
    return { kind: 'refused', words: e.reason };
  }
}
