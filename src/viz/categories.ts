import { revealInvisibles } from '../core/invisibleChars';
import type { SeqRecord } from '../core/model';
import { inputEffects } from '../core/replay';

/**
 * Colour categories by kind, and by op for inputs because allow and revoke
 * are the decision itself. The colours live in CSS custom properties so the
 * light and dark themes each pick legible ones; canvas reads the same values.
 */
export const CATEGORIES = [
  { id: 'allow', label: 'input · allow' },
  { id: 'revoke', label: 'input · revoke' },
  { id: 'set', label: 'input · set / unset' },
  { id: 'inert', label: 'input · op not read, changes nothing' },
  { id: 'read', label: 'read' },
  { id: 'write', label: 'write' },
  { id: 'notice', label: 'notice' },
  { id: 'response', label: 'response' },
  { id: 'request', label: 'request' },
  { id: 'clear', label: 'clear' },
  { id: 'task', label: 'task' },
  { id: 'command', label: 'command' },
  { id: 'other', label: 'other kind' },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]['id'];

const INDEX = new Map<string, number>(CATEGORIES.map((c, i) => [c.id, i]));
const OTHER = INDEX.get('other')!;

const INERT = INDEX.get('inert')!;

/**
 * An input whose op the engine does not read (`Revoke`, `allow⟨U+200B⟩`, none) and that lists no effects sets
 * nothing: coloured as set/unset it would read as a decision the state tables then never show.
 */
export function categoryOf(record: SeqRecord): number {
  if (record.kind === 'input') {
    const op = record.data.op;
    if (op === 'allow' || op === 'revoke') return INDEX.get(op)!;
    return inputEffects(record).length > 0 ? INDEX.get('set')! : INERT;
  }
  return INDEX.get(record.kind) ?? OTHER;
}

/** An input that sets no key, whatever its position: its op is none the engine reads and it lists no effects. */
export function inputChangesNothing(record: SeqRecord): boolean {
  return categoryOf(record) === INERT;
}

/** The theme's colour for a category; an input that changes nothing takes the grey of kinds that are not analysed. */
export function categoryVar(index: number): string {
  const id = CATEGORIES[index]?.id ?? 'other';
  return `--cat-${id === 'inert' ? 'other' : id}`;
}

/**
 * A short label for a record's kind as a person reads it: "input allow", "write", "clear".
 * Kind and op come from the log, so an invisible character in them shows as a ⟨U+XXXX⟩ mark.
 */
export function kindLabel(record: SeqRecord): string {
  const op = record.data.op;
  return revealInvisibles(record.kind === 'input' && typeof op === 'string' ? `input ${op}` : record.kind);
}
