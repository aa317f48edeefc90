import { describe, expect, it } from 'vitest';
import type { SeqRecord } from '../core/model';
import { CATEGORIES, categoryOf, categoryVar, kindLabel } from './categories';

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

describe('colour categories of inputs', () => {
  const idOf = (data: Record<string, unknown>) => CATEGORIES[categoryOf(record('input', data))]!.id;

  it('tell an input that changes nothing from one that sets a key', () => {
    expect(idOf({ op: 'allow' })).toBe('allow');
    expect(idOf({ op: 'set', key: 'mode', value: 'safe' })).toBe('set');
    expect(idOf({ op: 'unset', key: 'mode' })).toBe('set');
    expect(idOf({ effects: [{ key: 'answer', value: 'yes' }] })).toBe('set');
    expect(idOf({ op: 'Revoke' })).toBe('inert');
    expect(idOf({ op: 'allow\u200B' })).toBe('inert');
    expect(idOf({})).toBe('inert');
  });

  it('draw an input that changes nothing in the grey of kinds not analysed', () => {
    expect(categoryVar(categoryOf(record('input', { op: 'frobnicate' })))).toBe('--cat-other');
  });
});
