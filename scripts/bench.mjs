// npm run bench: the CLI and the page, each against its bare baseline, measured in one run and printed as one table.
// CLI rows: scripts/bench-cli.ts (one child process per size). Browser rows: scripts/bench-browser.ts on the production
// build in headless Chromium. Inputs are generated once, seeded, under .bench/. Not a test: it prints numbers.
import { build } from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { gzipSync } from 'node:zlib';

const PORT = 4329;
const WEB = '.bench/web';
const browserSizes = (process.env.BENCH_PAGE_SIZES ?? '100000,1000000').split(',').map(Number);
mkdirSync('.bench', { recursive: true });
// On a shared machine a run's times (not its ratios alone) depend on what else runs: the load beside it is printed with them.
const loadAtStart = loadavg()[0];

const bundle = (entry, out) =>
  build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: out, logLevel: 'warning', packages: 'external', external: ['*?url'] });

// 1. The CLI rows (bench-cli runs each size in its own process).
await build({ entryPoints: ['scripts/bench-cli.ts'], bundle: true, platform: 'node', format: 'esm', target: 'node20', outfile: '.bench/bench-cli.mjs', logLevel: 'warning', external: ['*?url'] });
const cli = spawnSync(process.execPath, ['.bench/bench-cli.mjs', '--json', '.bench/cli.json'], { stdio: 'inherit' });
if (cli.status !== 0) process.exit(cli.status ?? 1);
const cliRows = JSON.parse(readFileSync('.bench/cli.json', 'utf8'));

// 2. The page: production build, served by vite preview, driven by Playwright.
const built = spawnSync('npx', ['vite', 'build', '--outDir', WEB, '--emptyOutDir', '--logLevel', 'warn'], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
await bundle('scripts/bench-files.ts', '.bench/bench-files.mjs');
const pageFiles = browserSizes.map((n) => `.bench/page-${n}.jsonl`);
spawnSync(process.execPath, ['.bench/bench-files.mjs', ...browserSizes.map(String)], { stdio: 'inherit' });
await bundle('scripts/bench-browser.ts', '.bench/bench-browser.mjs');
const server = spawn('npx', ['vite', 'preview', '--outDir', WEB, '--port', String(PORT), '--strictPort', '--host', '127.0.0.1'], { stdio: 'ignore', detached: true });
let browserOut;
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  browserOut = spawnSync(process.execPath, ['.bench/bench-browser.mjs', `http://127.0.0.1:${PORT}/`, ...pageFiles], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 20 });
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
if (browserOut.status !== 0) process.exit(browserOut.status ?? 1);
const browserLines = browserOut.stdout.trim().split('\n').map((l) => JSON.parse(l));
const chromium = browserLines.find((l) => l.chromium)?.chromium ?? '?';
const pageRows = browserLines.filter((l) => l.file);

// 3. The first load's JavaScript: the entry script and the chunks it preloads, gzipped (the worker and lazy chunks load later).
const html = readFileSync(`${WEB}/index.html`, 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const gz = (f) => gzipSync(readFileSync(`${WEB}/${f}`)).length;
const initialGz = initial.reduce((n, f) => n + gz(f), 0);
const worker = readdirSync(`${WEB}/assets`).find((f) => f.startsWith('analysis.worker'));

// 4. One table.
const f1 = (x) => x.toFixed(1);
const f2 = (x) => x.toFixed(2);
const ms = (x) => `${Math.round(x).toLocaleString('en-US')} ms`;
const ok = (good) => (good ? 'yes' : 'NO');
const ratioCell = (m) => `${f2(m.ratio)} (${f2(m.ratioMin)}–${f2(m.ratioMax)})`;
const rows = [['row', 'records', 'file MB', 'Seqscope', 'baseline', 'ratio (range)', 'memory / file', 'target met']];
for (const m of cliRows) {
  const mem = m.streamRssMB / m.fileMB;
  rows.push(['CLI check (streamed)', m.records.toLocaleString('en-US'), f1(m.fileMB), ms(m.streamMs), ms(m.baselineMs), ratioCell(m), `${f2(mem)} (peak RSS)`, m.records === 1e6 ? ok(m.ratio <= 1.5) + ' (ratio ≤ 1.5)' : '']);
}
for (const m of cliRows) {
  rows.push(['  reading into columns', m.records.toLocaleString('en-US'), f1(m.fileMB), ms(m.columnsMs), ms(m.baselineMs), f2(m.columnsRatio), '', 'no target: the reader the engine is to move to, without the analysis']);
  rows.push(['  … and analysing the tables', m.records.toLocaleString('en-US'), f1(m.fileMB), ms(m.columnsCheckMs), ms(m.baselineMs), f2(m.columnsCheckRatio), '', 'no target: what check would take on the tables (not yet what it runs)']);
}
const [a, b] = [cliRows[0], cliRows[cliRows.length - 1]];
const k = Math.log(b.streamMs / a.streamMs) / Math.log(b.records / a.records);
rows.push(['CLI growth exponent', `${a.records.toLocaleString('en-US')}→${b.records.toLocaleString('en-US')}`, '', `time ~ n^${f2(k)}`, '', '', '', ok(k <= 1.15) + ' (close to 1)']);
for (const p of pageRows) {
  const records = Number(p.file.match(/page-(\d+)/)[1]);
  const ratio = p.ratio;
  const heap = p.heapBytes / p.bytes;
  rows.push(['page load → findings', records.toLocaleString('en-US'), f1(p.bytes / 1e6), ms(p.loadMs), ms(p.baselineMs), ratioCell(p), `${f2(heap)} (JS heap)`, `${ok(ratio <= 2)} (≤ 2.0), ${ok(heap <= 3)} (≤ 3×)`]);
  const busy = p.whileLoading;
  rows.push(['  while loading', records.toLocaleString('en-US'), '', `longest task ${Math.round(busy.longest)} ms`, '', '', '', `${Math.round(busy.count)} tasks ≥ 50 ms, ${ms(busy.total)} in all`]);
  rows.push(['page cutoff step', records.toLocaleString('en-US'), '', `median ${f1(p.step.median)} / p95 ${f1(p.step.p95)} ms`, '', '', '', ok(p.step.p95 <= 16) + ' (p95 ≤ 16 ms)']);
  rows.push(['  input → next frame', records.toLocaleString('en-US'), '', `median ${f1(p.frame.median)} / p95 ${f1(p.frame.p95)} ms`, '', '', '', '']);
  rows.push(['  … right after view', records.toLocaleString('en-US'), '', `median ${f1(p.frameAfterView.median)} / p95 ${f1(p.frameAfterView.p95)} ms`, '', '', '', '']);
  const t = p.tasks;
  const worst = Math.max(...Object.values(t));
  const each = [['select', t.selectFinding], ['zoom', t.zoomIn], ['raw', t.rawOrder], ['derived', t.derivedViews], ['svg', t.exportSvg], ['png', t.exportPng]];
  rows.push(['page interactions', records.toLocaleString('en-US'), '', `longest task ${Math.round(worst)} ms`, '', '', '', each.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(' · ')]);
}
rows.push(['initial JS, gzipped', '', '', `${f1(initialGz / 1024)} KiB`, '', '', '', ok(initialGz <= 150 * 1024) + ' (≤ 150 KB)']);
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
const table = [line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n');
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, Chromium ${chromium}; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end`;
console.log(table);
console.log(`\nmachine: ${machine}`);
console.log(`initial JS: ${initial.join(', ')}; the worker (${worker}, ${f1(gz(`assets/${worker}`) / 1024)} KiB gzipped) and lazy chunks load later.`);
for (const p of pageRows) console.log(`${p.file}: JS heap ${f1(p.heapBytes / 2 ** 20)} MiB after load, of which ${f1(p.emptyHeapBytes / 2 ** 20)} MiB is the page before any file.`);
console.log(`Times are medians of ${cliRows[0].rounds} rounds; a ratio is the median of the rounds' own ratios, with their range (BENCH_ROUNDS sets the count).`);
console.log('CLI: .bench/native-N.jsonl (scripts/generateLog.ts: 4 sessions, evals); page: .bench/page-N.jsonl (scripts/pageLog.ts: one session of N records).');
writeFileSync('.bench/results.json', JSON.stringify({ machine, cli: cliRows, page: pageRows, initialGz, initial, table }, null, 2));
if (existsSync('.bench/results.json')) console.log(`(also in .bench/results.json, ${statSync('.bench/results.json').size} bytes)`);
