import type { ParsedInput } from '../../core/model';

/** What a reader made of a gzip that may be cut short, and the words it said of it. */
export interface CutOutcome {
  readonly kind: 'refused' | 'kept' | 'whole';
  readonly words: string;
}

/** An input that was read: kept, with the note its gzip gave, or whole when the gzip said nothing. */
export function cutOutcome(input: ParsedInput): CutOutcome {
  const note = input.notes.find((n) => n.line === null && n.message.includes('gzip'));
  return note ? { kind: 'kept', words: note.message } : { kind: 'whole', words: '' };
}
