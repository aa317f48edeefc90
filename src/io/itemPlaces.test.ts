/** Records of one JSON document are placed by item, and everything that names their place says "item", never "line". */
import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { placeLabel } from '../core/place';
import { loadInput } from './loadInput';

const load = (name: string, text: string, fileIndex = 0) => loadInput(name, new TextEncoder().encode(text), fileIndex);
const records = [
  { kind: 'input', id: 'a', session: 's', accept_seq: 1, op: 'allow' },
  { kind: 'input', session: 's', accept_seq: 2, op: 'revoke' },
];

describe('places by item', () => {
  it('a pretty-printed array and a {"records": [...]} document are itemized; JSON Lines is not', async () => {
    expect((await load('a.json', JSON.stringify(records, null, 2))).itemized).toBe(true);
    expect((await load('r.json', JSON.stringify({ records }, null, 2))).itemized).toBe(true);
    expect((await load('l.jsonl', records.map((r) => JSON.stringify(r)).join('\n'))).itemized).toBeUndefined();
  });

  it('findings about an item say "item 2", where the same record on line 2 of JSON Lines says "line 2"', async () => {
    const message = async (name: string, text: string) => analyze([await load(name, text)]).findings.find((f) => f.code === 'missing-id')!.message;
    expect(await message('a.json', JSON.stringify(records, null, 2))).toMatch(/record at item 2 has no id/);
    expect(await message('l.jsonl', records.map((r) => JSON.stringify(r)).join('\n'))).toMatch(/record at line 2 has no id/);
  });

  it('with several inputs a place is name:position, whatever it counts', async () => {
    const inputs = [await load('a.json', JSON.stringify(records)), await load('l.jsonl', JSON.stringify(records[0]), 1)];
    expect(placeLabel(inputs, 0, 2)).toBe('a.json:2');
    expect(placeLabel([inputs[0]!], 0, 2)).toBe('item 2');
  });
});
