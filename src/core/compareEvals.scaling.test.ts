/**
 * Evals without id or case_id are paired by their content. Many alike share
 * one content key, and pairing them must cost what pairing as many distinct
 * ones does, not work in proportion to the identities of that key still
 * waiting for each one paired (wall-clock thresholds flake, so the two are
 * timed against each other: best of three interleaved runs).
 */
import { describe, expect, it } from 'vitest';
import { analyze, type Analysis } from './analyze';
import { compareAnalyses } from './compare';
import type { JsonObject } from './model';
import { directInput } from './test/build';

type Runs = readonly [Analysis, Analysis];

function timed(runs: Runs): number {
  const t0 = performance.now();
  compareAnalyses(...runs);
  return performance.now() - t0;
}

/** How much longer comparing `x` takes than comparing `y`. */
function slowdown(x: Runs, y: Runs): number {
  let tx = Infinity;
  let ty = Infinity;
  for (let round = 0; round < 3; round++) {
    tx = Math.min(tx, timed(x));
    ty = Math.min(ty, timed(y));
  }
  return tx / Math.max(ty, 1);
}

describe('comparing evals paired by content', () => {
  const runs = (make: (i: number) => JsonObject, n: number): Runs => {
    const datas = Array.from({ length: n }, (_, i) => make(i));
    return [analyze([directInput(datas, 'base')]), analyze([directInput(datas, 'other')])] as const;
  };

  it('pairs many alike in about the time of as many distinct', () => {
    const n = 80_000;
    const alike = runs(() => ({ kind: 'eval', status: 'pass' }), n);
    const distinct = runs((i) => ({ kind: 'eval', status: 'pass', n: i }), n);
    expect(compareAnalyses(...alike).evals!.counts).toMatchObject({ alignedByFallback: n, same: n, onlyInBase: 0, onlyInOther: 0 });
    expect(slowdown(alike, distinct)).toBeLessThan(2);
  });
});
