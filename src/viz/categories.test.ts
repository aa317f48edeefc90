import { describe, expect, it } from 'vitest';
import type { SeqRecord } from '../core/model';
import { kindLabel } from './categories';

const record = (kind: string, data: Record<string, unknown>) => ({ kind, data }) as unknown as SeqRecord;

describe('kind labels', () => {
  it('read as a person says them', () => {
    expect(kindLabel(record('input', { op: 'revoke' }))).toBe('input revoke');
    expect(kindLabel(record('write', {}))).toBe('write');
  });

  it('mark invisible characters in a kind or op taken from the log', () => {
    expect(kindLabel(record('input', { op: 'allow\u200B' }))).toBe('input allow⟨U+200B⟩');
    expect(kindLabel(record('\u202Eetirw', {}))).toBe('⟨U+202E⟩etirw');
  });
});
