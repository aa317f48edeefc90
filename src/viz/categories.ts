import { revealInvisibles } from '../core/invisibleChars';
import type { SeqRecord } from '../core/model';

/**
 * Colour categories by kind, and by op for inputs because allow and revoke
 * are the decision itself. The colours live in CSS custom properties so the
 * light and dark themes each pick legible ones; canvas reads the same values.
 */
export const CATEGORIES = [
  { id: 'allow', label: 'input · allow' },
  { id: 'revoke', label: 'input · revoke' },
  { id: 'set', label: 'input · set / unset' },
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

export function categoryOf(record: SeqRecord): number {
  if (record.kind === 'input') {
    const op = record.data.op;
    if (op === 'allow' || op === 'revoke') return INDEX.get(op)!;
    return INDEX.get('set')!;
  }
  return INDEX.get(record.kind) ?? OTHER;
}

export function categoryVar(index: number): string {
  return `--cat-${CATEGORIES[index]?.id ?? 'other'}`;
}

/**
 * A short label for a record's kind as a person reads it: "input allow", "write", "clear".
 * Kind and op come from the log, so an invisible character in them shows as a ⟨U+XXXX⟩ mark.
 */
export function kindLabel(record: SeqRecord): string {
  const op = record.data.op;
  return revealInvisibles(record.kind === 'input' && typeof op === 'string' ? `input ${op}` : record.kind);
}
