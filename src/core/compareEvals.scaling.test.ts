/**
 * Evals without id or case_id are paired by their content. Many alike share
 * one content key, and pairing them must not move the identities of that key
 * still waiting each time one is paired (Array.prototype.shift did: 200,000
 * alike took 19-31 s). Counted, not timed: timed tests flake on a busy machine.
 */
import { describe, expect, it } from 'vitest';
import { analyze, type Analysis } from './analyze';
import { compareAnalyses } from './compare';
import type { JsonObject } from './model';
import { directInput } from './test/build';

type Runs = readonly [Analysis, Analysis];

describe('comparing evals paired by content', () => {
  const runs = (make: (i: number) => JsonObject, n: number): Runs => {
    const datas = Array.from({ length: n }, (_, i) => make(i));
    return [analyze([directInput(datas, 'base')]), analyze([directInput(datas, 'other')])] as const;
  };

  it('pairs many alike without moving the ones still waiting for each one paired', () => {
    const n = 5_000;
    const alike = runs(() => ({ kind: 'eval', status: 'pass' }), n);
    // Counted by hand: a spy's own bookkeeping calls shift, and thousands of calls recursed through it.
    const shift = Array.prototype.shift;
    let shifts = 0;
    Array.prototype.shift = function (this: unknown[]) {
      shifts++;
      return shift.call(this);
    };
    let result;
    try {
      result = compareAnalyses(...alike);
    } finally {
      Array.prototype.shift = shift;
    }
    expect(result.evals!.counts).toMatchObject({ alignedByFallback: n, same: n, onlyInBase: 0, onlyInOther: 0 });
    // Each shift moves every element after the first: one per eval paired is work in proportion to n².
    expect(shifts).toBeLessThan(n / 100);
  });
});
