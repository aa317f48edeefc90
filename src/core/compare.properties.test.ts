import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { compareAnalyses } from './compare';
import { mixedLog, permutationOf } from './test/arbitraries';
import { toInput, type Rec } from './test/build';

const analysed = (records: readonly Rec[], name: string) => analyze([toInput(records, name)]);

describe('compareAnalyses properties', () => {
  it('finds no divergence between a log and any storage reordering of it', () => {
    const arb = mixedLog.chain((log) => fc.tuple(fc.constant(log), permutationOf(log)));
    fc.assert(
      fc.property(arb, ([log, shuffled]) => {
        const c = compareAnalyses(analysed(log, 'a.jsonl'), analysed(shuffled, 'b.jsonl'));
        expect(c.firstDivergence).toBeNull();
        expect(c.decisions).toEqual([]);
        expect(c.counts.records).toMatchObject({ changed: 0, renumbered: 0, onlyInBase: 0, onlyInOther: 0 });
      }),
    );
  });

  it('matches every finding of a log with itself under another file name', () => {
    fc.assert(
      fc.property(mixedLog, (log) => {
        const a = analysed(log, 'a.jsonl');
        const c = compareAnalyses(a, analysed(log, 'b.jsonl'));
        expect(c.findings).toEqual({ common: a.findings.length, onlyInBase: [], onlyInOther: [] });
      }),
    );
  });

  it('gives the mirror image when the two runs swap places', () => {
    fc.assert(
      fc.property(mixedLog, mixedLog, (x, y) => {
        const a = analysed(x, 'a.jsonl');
        const b = analysed(y, 'b.jsonl');
        const ab = compareAnalyses(a, b);
        const ba = compareAnalyses(b, a);
        expect(ba.diverged).toBe(ab.diverged);
        expect(ba.counts.records).toEqual({ ...ab.counts.records, onlyInBase: ab.counts.records.onlyInOther, onlyInOther: ab.counts.records.onlyInBase });
        expect(ba.counts.findings).toEqual({ ...ab.counts.findings, onlyInBase: ab.counts.findings.onlyInOther, onlyInOther: ab.counts.findings.onlyInBase });
        expect(ba.decisions.map((d) => [d.session, d.key])).toEqual(ab.decisions.map((d) => [d.session, d.key]));
      }),
    );
  });
});
