/**
 * `npm run bench`: Seqscope's ingest + full analysis against the bare
 * baseline (read the file, JSON.parse each line), side by side in one process.
 * Not a test: it prints numbers.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { analyze } from '../src/core/index';
import { loadInput } from '../src/io/loadInput';
import { generateLogLines } from './generateLog';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
mkdirSync('.bench', { recursive: true });

function fileFor(n: number): string {
  const path = `.bench/native-${n}.jsonl`;
  if (!existsSync(path)) writeFileSync(path, generateLogLines(n).join('\n') + '\n');
  return path;
}

function baseline(path: string): number {
  const text = readFileSync(path, 'utf8');
  let parsed = 0;
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (end > start) {
      JSON.parse(text.slice(start, end));
      parsed++;
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  return parsed;
}

async function engine(path: string): Promise<number> {
  const bytes = new Uint8Array(readFileSync(path));
  const input = await loadInput(path, bytes, 0);
  const analysis = analyze([input]);
  return analysis.findings.length;
}

async function time<T>(fn: () => T | Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await fn();
  return [performance.now() - t0, v];
}

const rows: string[][] = [['records', 'file MB', 'baseline ms', 'seqscope ms', 'ratio', 'heap after / file']];
const points: [number, number][] = [];
for (const n of sizes) {
  const path = fileFor(n);
  const mb = statSync(path).size / 1e6;
  // Warm both paths once on the smallest size so JIT state is comparable.
  const [tb] = await time(() => baseline(path));
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const [te, findings] = await time(() => engine(path));
  const heapAfter = process.memoryUsage().heapUsed;
  points.push([n, te]);
  rows.push([String(n), mb.toFixed(1), tb.toFixed(0), te.toFixed(0), (te / tb).toFixed(2), ((heapAfter - heapBefore) / (mb * 1e6)).toFixed(2)]);
  void findings;
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const r of rows) console.log(r.map((c, i) => c.padStart(widths[i]!)).join('  '));
if (points.length >= 2) {
  const [a, b] = [points[0]!, points[points.length - 1]!];
  console.log(`growth exponent (time ~ n^k) from ${a[0]} to ${b[0]}: k = ${(Math.log(b[1] / a[1]) / Math.log(b[0] / a[0])).toFixed(2)}`);
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
