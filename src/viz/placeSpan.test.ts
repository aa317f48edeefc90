import { describe, expect, it } from 'vitest';
import { orderAxisCaptions } from './orderAxisCaptions';
import { placeSpan } from './placeSpan';

describe('placeSpan', () => {
  it('says one place as one, and a range as a range', () => {
    expect(placeSpan('line', 9, 9)).toBe('line 9');
    expect(placeSpan('line', 8, 10)).toBe('lines 8–10');
    expect(placeSpan('accept_seq', 3, 5, 'accept_seq')).toBe('accept_seq 3–5');
  });

  it('gives the order view a one-record session as one line and one accept_seq, not "lines 9–9"', () => {
    const record = { fileIndex: 0, line: 9 } as never;
    const captions = orderAxisCaptions({ records: [record], n: 1, accCount: 1, accSeqs: Float64Array.of(3) }, [{ name: 'a.jsonl', itemized: false }]);
    expect(captions).toEqual({ storage: 'position in file, line 9', acceptance: 'accept_seq 3' });
  });
});
