/**
 * Nothing lost, nothing invented, for any bytes: the fuzz properties of
 * src/io/test run here with 10,500 cases in all; `npm run fuzz` runs the same
 * properties with many more. Each case loads the bytes, checks the line
 * accounting and locations, and runs the engine and the report on the result.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../cli/test/runCli';
import { arbitraryBytes, arbitraryText, jsonDocuments, jsonLines, mutatedSeed, type FuzzInput } from './test/fuzzArbitraries';
import { checkInput } from './test/fuzzCheck';
import { fuzzSeeds, type Seeds } from './test/fuzzSeeds';

const property = (arb: fc.Arbitrary<FuzzInput>) => fc.asyncProperty(arb, async (input) => void (await checkInput(input.name, input.bytes)));

describe('fuzzing every reader through loadInput', () => {
  let seeds: Seeds;
  beforeAll(async () => {
    seeds = await fuzzSeeds(repoRoot);
  });

  it('arbitrary text (2,500 cases)', async () => {
    await fc.assert(property(arbitraryText), { numRuns: 2500 });
  });

  it('arbitrary bytes, often behind gzip, zip, SQLite or BOM magic (2,500 cases)', async () => {
    await fc.assert(property(arbitraryBytes), { numRuns: 2500 });
  });

  it('JSON Lines of plausible and hostile lines with every line end (2,000 cases)', async () => {
    await fc.assert(property(jsonLines), { numRuns: 2000 });
  });

  it('documents shaped like Inspect, promptfoo, RunState and native arrays (1,000 cases)', async () => {
    await fc.assert(property(jsonDocuments), { numRuns: 1000 });
  });

  it('truncated, flipped, repeated, swapped and gzipped samples, fixtures and real files (2,500 cases)', async (ctx) => {
    if (seeds.skipped) ctx.annotate(seeds.skipped);
    expect(seeds.seeds.length).toBeGreaterThan(10);
    await fc.assert(property(mutatedSeed(seeds.seeds)), { numRuns: 2500 });
  });

  it('every seed itself loads with its lines accounted for', async () => {
    for (const seed of seeds.seeds) expect(await checkInput(seed.name, seed.bytes), seed.name).not.toBeNull();
  });
});
