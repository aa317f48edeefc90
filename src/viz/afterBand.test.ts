import { describe, expect, it } from 'vitest';
import { afterBand } from './afterBand';
import { orderSvgDocument } from './orderSvgExport';
import { buildOrderModel, cutoffRank } from './orderModel';
import { C } from './orderSvgParts';
import { analysisOf, O1 } from '../state/testAnalysis';
import { sessionOf } from '../state/selectors';

describe('the band shading what was accepted after N', () => {
  it('runs from the cutoff to the right edge while a record is accepted after N', () => {
    expect(afterBand(1, 1, 3, 100, 400)).toEqual({ x: 100, width: 300 });
    expect(afterBand(0, 0, 3, 10, 400)).toEqual({ x: 10, width: 390 });
  });

  it('is not drawn at or past the last accept number, when nothing is accepted after N', () => {
    expect(afterBand(3, 3, 3, 380, 400)).toBeNull();
    expect(afterBand(99, 3, 3, 380, 400)).toBeNull();
  });

  it('is not drawn without a cutoff or without an acceptance axis', () => {
    expect(afterBand(null, 3, 3, 380, 400)).toBeNull();
    expect(afterBand(2, 0, 0, 10, 400)).toBeNull();
  });

  it('is not in the exported figure at the last accept number, and is before it', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const model = buildOrderModel(sessionOf(a, 'o1')!);
    const svgAt = (n: number) =>
      orderSvgDocument({ model, session: 'o1', inputs: a.inputs, n, cutRank: cutoffRank(model, n), leaks: new Set(), prefixLast: -1, selected: [] }).svg;
    const band = new RegExp(`<rect [^>]*fill="${C.shade}"`);
    expect(svgAt(1)).toMatch(band);
    expect(svgAt(2)).not.toMatch(band);
  });
});
