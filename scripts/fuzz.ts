/**
 * `npm run fuzz [-- --cases N] [-- --seed S]`: the fuzz properties of the unit
 * suite (src/io/fuzz.test.ts) with many more cases, 200,000 by default, split
 * across the same generators. Prints how many inputs each generator made,
 * how many loaded and how many were refused as unreadable, by format; on a
 * failure, the seed and path that reproduce it, and exits 1.
 */
import fc from 'fast-check';
import { arbitraryBytes, arbitraryText, jsonDocuments, jsonLines, mutatedSeed, type FuzzInput } from '../src/io/test/fuzzArbitraries';
import { checkInput } from '../src/io/test/fuzzCheck';
import { fuzzSeeds } from '../src/io/test/fuzzSeeds';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : process.env[`FUZZ_${name.toUpperCase()}`];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isSafeInteger(n)) throw new Error(`--${name} must be an integer, got ${raw}`);
  return n;
}

const cases = option('cases', 200_000);
const seed = option('seed', Date.now() % 2 ** 31);
const { seeds, skipped } = await fuzzSeeds(process.cwd());
if (skipped) console.log(`note: ${skipped}`);

/** Share of the cases per generator: mutations of real files find the most, so they get the most. */
const generators: [string, fc.Arbitrary<FuzzInput>, number][] = [
  ['arbitrary text', arbitraryText, 0.2],
  ['arbitrary bytes', arbitraryBytes, 0.2],
  ['JSON Lines', jsonLines, 0.15],
  ['JSON documents', jsonDocuments, 0.1],
  ['mutated samples', mutatedSeed(seeds), 0.35],
];

const formats = new Map<string, number>();
let failed = false;
const started = Date.now();
console.log(`fuzzing ${cases.toLocaleString('en-US')} cases from seed ${seed} over ${seeds.length} seed files`);
for (const [name, arb, share] of generators) {
  const numRuns = Math.max(1, Math.round(cases * share));
  let loaded = 0;
  let unreadable = 0;
  const result = await fc.check(
    fc.asyncProperty(arb, async (input) => {
      const format = await checkInput(input.name, input.bytes);
      if (format === null) unreadable++;
      else {
        loaded++;
        formats.set(format, (formats.get(format) ?? 0) + 1);
      }
    }),
    { numRuns, seed },
  );
  console.log(`${name.padEnd(16)} ${numRuns.toLocaleString('en-US').padStart(9)} cases: ${loaded.toLocaleString('en-US')} loaded, ${unreadable.toLocaleString('en-US')} refused as unreadable`);
  if (result.failed) {
    failed = true;
    console.log(fc.defaultReportMessage(result));
    console.log(`reproduce: npm run fuzz -- --cases ${cases} --seed ${seed}  (generator "${name}", path ${result.counterexamplePath})`);
  }
}
const byFormat = [...formats].sort((a, b) => b[1] - a[1]).map(([f, n]) => `${f} ${n.toLocaleString('en-US')}`).join(', ');
console.log(`loaded by format: ${byFormat}`);
console.log(`${failed ? 'FAILED' : 'ok'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
