import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../core/model';
import { compactEngineFieldsIfExact } from './compactCopies';
import { KIND_FIELDS } from '../core/recordColumns';
import { compactRecordData, compactRecordDataIfExact } from './compactRecord';
import { StringPool } from './stringPool';

/** What a compact record must hold: the kind's engine fields that are present, in KIND_FIELDS order. */
function expected(data: JsonObject, kind: string): JsonObject {
  const out: JsonObject = {};
  for (const name of KIND_FIELDS.get(kind) ?? []) if (data[name] !== undefined) out[name] = data[name];
  return out;
}

describe('compactEngineFieldsIfExact, the fast compactRecordDataIfExact', () => {
  it('keeps exactly the engine fields present, in their order, for every kind and every subset of fields', () => {
    for (const [kind, fields] of KIND_FIELDS) {
      for (let mask = 0; mask < 1 << fields.length; mask++) {
        // Written in reverse, with fields of other kinds and unknown ones between: order and choice must come from KIND_FIELDS.
        const data: JsonObject = { kind, id: 'x', ts: 't', comment: 'not kept' };
        for (let i = fields.length - 1; i >= 0; i--) if (mask & (1 << i)) data[fields[i]!] = { n: i };
        data.outcome ??= 'other kinds keep it';
        data.resource ??= 'r';
        for (const got of [compactEngineFieldsIfExact(data, kind, null), compactEngineFieldsIfExact(data, kind, new StringPool()), compactRecordData(data, kind)]) {
          expect(Object.keys(got!)).toEqual(Object.keys(expected(data, kind)));
          expect(got).toEqual(expected(data, kind));
        }
      }
    }
  });

  it('keeps nothing of an unknown kind, a kind named like a property of Object.prototype included, and all of an eval', () => {
    for (const kind of ['toString', 'constructor', '__proto__', 'mystery']) expect(compactEngineFieldsIfExact({ kind, resource: 'r', op: 'set' }, kind, null)).toEqual({});
    const evalData: JsonObject = { kind: 'eval', score: 1, anything: ['kept'] };
    expect(compactEngineFieldsIfExact(evalData, 'eval', null)).toBe(evalData);
  });

  it('asks for the line again only when a kept field holds a number JSON.parse rounded', () => {
    for (const copy of [(d: JsonObject, k: string) => compactEngineFieldsIfExact(d, k, null), compactRecordDataIfExact]) {
      expect(copy({ resource: 'r', ts: 2 ** 60 }, 'read')).toEqual({ resource: 'r' });
      expect(copy({ resource: 'r', fields: { at: 2 ** 60 } }, 'write')).toBeNull();
      expect(copy({ task: 't', round: 2 ** 60 }, 'command')).toBeNull();
      expect(copy({ score: 2 ** 60 }, 'eval')).toBeNull();
    }
  });

  it('sends the strings that name shared things through the pool, and only those', () => {
    const pooledFields: Record<string, readonly string[]> = {
      input: ['key', 'actor'],
      read: ['resource', 'version', 'actor'],
      write: ['resource', 'actor', 'if_match', 'version'],
      notice: ['actor'],
      task: ['task'],
      command: ['task'],
    };
    // Equal strings cannot be told apart by identity in a test: this pool marks what passes through it.
    const marking = { shared: (v: unknown) => `pooled ${String(v)}` } as unknown as StringPool;
    for (const [kind, fields] of KIND_FIELDS) {
      const data: JsonObject = {};
      for (const f of fields) data[f] = f;
      const got = compactEngineFieldsIfExact(data, kind, marking)!;
      for (const f of fields) expect(got[f], `${kind}.${f}`).toBe((pooledFields[kind] ?? []).includes(f) ? `pooled ${f}` : f);
    }
  });
});
