/**
 * `npm run bench`: Seqscope's ingest + full analysis against the bare
 * baseline (read the file, JSON.parse each line), side by side. Each size
 * runs in a fresh process that measures the baseline first and Seqscope
 * second, so the ratio compares like with like and peak memory is that
 * process's own. Not a test: it prints numbers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { analyze } from '../src/core/index';
import { loadInput } from '../src/io/loadInput';
import { readCliInput } from '../src/cli/readCliInput';
import { generateLogLines } from './generateLog';

interface Measure {
  records: number;
  fileMB: number;
  baselineMs: number;
  streamMs: number;
  wholeMs: number;
  baselineRssMB: number;
  streamRssMB: number;
  findings: number;
}

const rssMB = () => process.resourceUsage().maxRSS / 1024;

function fileFor(n: number): string {
  mkdirSync('.bench', { recursive: true });
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

async function timed<T>(fn: () => T | Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const v = await fn();
  return [performance.now() - t0, v];
}

async function child(n: number): Promise<void> {
  const path = fileFor(n);
  const [baselineMs] = await timed(() => baseline(path));
  globalThis.gc?.();
  const baselineRssMB = rssMB();
  const [streamMs, findings] = await timed(async () => analyze([await readCliInput(path, 0, true)]).findings.length);
  const streamRssMB = rssMB();
  globalThis.gc?.();
  const [wholeMs] = await timed(async () => analyze([await loadInput(path, new Uint8Array(readFileSync(path)), 0)]).findings.length);
  const m: Measure = { records: n, fileMB: statSync(path).size / 1e6, baselineMs, streamMs, wholeMs, baselineRssMB, streamRssMB, findings };
  process.stdout.write(JSON.stringify(m));
}

/** With `--json FILE` the rows go to FILE for `npm run bench` to print beside the browser's; without, a table is printed. */
function parent(): void {
  const jsonAt = process.argv.indexOf('--json');
  const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
  const rows = [['records', 'file MB', 'baseline ms', 'check ms', 'ratio', 'whole-file ms', 'ratio', 'peak RSS / file', 'baseline RSS MB', 'peak RSS MB']];
  const ms: Measure[] = [];
  for (const n of sizes) {
    fileFor(n);
    const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', process.argv[1]!, '--child', String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (r.status !== 0) throw new Error(r.stderr);
    const m = JSON.parse(r.stdout) as Measure;
    ms.push(m);
    rows.push([
      String(n),
      m.fileMB.toFixed(1),
      m.baselineMs.toFixed(0),
      m.streamMs.toFixed(0),
      (m.streamMs / m.baselineMs).toFixed(2),
      m.wholeMs.toFixed(0),
      (m.wholeMs / m.baselineMs).toFixed(2),
      (m.streamRssMB / m.fileMB).toFixed(2),
      m.baselineRssMB.toFixed(0),
      m.streamRssMB.toFixed(0),
    ]);
  }
  if (jsonAt >= 0) {
    writeFileSync(process.argv[jsonAt + 1]!, JSON.stringify(ms));
    return;
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows) console.log(row.map((c, i) => c.padStart(widths[i]!)).join('  '));
  if (ms.length >= 2) {
    const [a, b] = [ms[0]!, ms[ms.length - 1]!];
    const k = Math.log(b.streamMs / a.streamMs) / Math.log(b.records / a.records);
    console.log(`growth of check time ~ n^k from ${a.records} to ${b.records} records: k = ${k.toFixed(2)}`);
  }
  console.log('check = seqscope check (streamed, compact records); whole-file = the page\'s loader (text kept) + analysis.');
}

if (process.argv.includes('--child')) await child(Number(process.argv[process.argv.indexOf('--child') + 1]));
else parent();
