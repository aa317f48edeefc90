/**
 * `npm run bench`: Seqscope's ingest + full analysis against the bare
 * baseline (read the file, JSON.parse each line), side by side. Each size
 * runs in fresh processes (`BENCH_ROUNDS`, 3 by default) that each measure
 * the baseline first and Seqscope second, so a ratio compares like with like
 * and peak memory is that process's own. One round's baseline moved by a
 * third from run to run on a shared machine, so a size's ratio is the median
 * of its rounds' ratios, printed with their range. Not a test: it prints
 * numbers.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { analyze } from '../src/core/index';
import { analyzeColumns } from '../src/core/analyzeColumns';
import { TableRows } from '../src/core/tableRows';
import { loadInput } from '../src/io/loadInput';
import { readCliInput } from '../src/cli/readCliInput';
import { DEFAULT_LIMITS } from '../src/io/limits';
import { readNativeColumns } from '../src/io/readNativeColumns';
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
  /** Reading the file into columns alone (readNativeColumns), the reader the engine is to move to. */
  columnsMs: number;
  /** Reading into columns and the whole analysis of them (analyzeColumns): what `check` would take on the tables. */
  columnsCheckMs: number;
}

/** A size's rounds summed up: each time the median of its rounds, the ratio the median of the rounds' own ratios. */
interface SizeMeasure extends Measure {
  rounds: number;
  ratio: number;
  ratioMin: number;
  ratioMax: number;
  columnsRatio: number;
  columnsCheckRatio: number;
}

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function summarise(rounds: readonly Measure[]): SizeMeasure {
  const ratios = rounds.map((m) => m.streamMs / m.baselineMs);
  const of = (k: 'baselineMs' | 'streamMs' | 'wholeMs' | 'baselineRssMB' | 'streamRssMB' | 'columnsMs' | 'columnsCheckMs') => median(rounds.map((m) => m[k]));
  return {
    ...rounds[0]!,
    baselineMs: of('baselineMs'),
    streamMs: of('streamMs'),
    wholeMs: of('wholeMs'),
    baselineRssMB: of('baselineRssMB'),
    streamRssMB: of('streamRssMB'),
    columnsMs: of('columnsMs'),
    columnsRatio: median(rounds.map((m) => m.columnsMs / m.baselineMs)),
    columnsCheckMs: of('columnsCheckMs'),
    columnsCheckRatio: median(rounds.map((m) => m.columnsCheckMs / m.baselineMs)),
    rounds: rounds.length,
    ratio: median(ratios),
    ratioMin: Math.min(...ratios),
    ratioMax: Math.max(...ratios),
  };
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
  globalThis.gc?.();
  const [columnsMs] = await timed(async () => (await readNativeColumns(createReadStream(path, { highWaterMark: 1 << 19 }), path, 0, DEFAULT_LIMITS, statSync(path).size)).columns.count);
  globalThis.gc?.();
  const [columnsCheckMs, columnsFindings] = await timed(async () => {
    const { columns } = await readNativeColumns(createReadStream(path, { highWaterMark: 1 << 19 }), path, 0, DEFAULT_LIMITS, statSync(path).size);
    return analyzeColumns(new TableRows([columns], [path]), [path]).findings.length;
  });
  if (columnsFindings !== findings) throw new Error(`the tables found ${columnsFindings} findings where the objects found ${findings}`);
  const m: Measure = { records: n, fileMB: statSync(path).size / 1e6, baselineMs, streamMs, wholeMs, baselineRssMB, streamRssMB, findings, columnsMs, columnsCheckMs };
  process.stdout.write(JSON.stringify(m));
}

/** With `--json FILE` the rows go to FILE for `npm run bench` to print beside the browser's; without, a table is printed. */
function parent(): void {
  const jsonAt = process.argv.indexOf('--json');
  const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
  const rows = [['records', 'file MB', 'baseline ms', 'check ms', 'ratio (range)', 'whole-file ms', 'ratio', 'columns ms', 'ratio', 'columns check ms', 'ratio', 'peak RSS / file', 'baseline RSS MB', 'peak RSS MB']];
  const ms: SizeMeasure[] = [];
  for (const n of sizes) {
    fileFor(n);
    const rounds: Measure[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = spawnSync(process.execPath, ['--expose-gc', '--max-old-space-size=8192', process.argv[1]!, '--child', String(n)], { encoding: 'utf8', maxBuffer: 1 << 20 });
      if (r.status !== 0) throw new Error(r.stderr);
      rounds.push(JSON.parse(r.stdout) as Measure);
    }
    const m = summarise(rounds);
    ms.push(m);
    rows.push([
      String(n),
      m.fileMB.toFixed(1),
      m.baselineMs.toFixed(0),
      m.streamMs.toFixed(0),
      `${m.ratio.toFixed(2)} (${m.ratioMin.toFixed(2)}–${m.ratioMax.toFixed(2)})`,
      m.wholeMs.toFixed(0),
      (m.wholeMs / m.baselineMs).toFixed(2),
      m.columnsMs.toFixed(0),
      m.columnsRatio.toFixed(2),
      m.columnsCheckMs.toFixed(0),
      m.columnsCheckRatio.toFixed(2),
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
  console.log(`check = seqscope check (streamed, compact records); whole-file = the page's loader (text kept) + analysis; columns = reading into columns alone, columns check = that and the analysis of the tables (not yet what check runs); times are medians of ${ROUNDS} rounds.`);
}

if (process.argv.includes('--child')) await child(Number(process.argv[process.argv.indexOf('--child') + 1]));
else parent();
