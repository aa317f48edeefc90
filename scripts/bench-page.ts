/**
 * Page benchmark (not a test): opens a generated 100,000-record log in the
 * built page in headless Chromium and reads the page's own performance
 * measures — load to first full view, and each cutoff step from input to
 * committed and drawn (plus to the next frame, measured in the page).
 */
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { pageLogLines } from './pageLog';

const url = process.argv[2] ?? 'http://127.0.0.1:4318/';
const count = Number(process.env.BENCH_RECORDS ?? 100_000);
const steps = Number(process.env.BENCH_STEPS ?? 120);

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
};
const ms = (x: number) => `${x.toFixed(1)} ms`;

mkdirSync('.bench', { recursive: true });
const file = `.bench/page-${count}.jsonl`;
writeFileSync(file, pageLogLines(count).join('\n') + '\n');

const browser = await chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
await page.goto(url);

const wallStart = Date.now();
await page.getByLabel('Open files').setInputFiles(file);
await page.waitForFunction(() => performance.getEntriesByName('seqscope:load-to-view').length > 0, null, { timeout: 120_000 });
const wall = Date.now() - wallStart;
const loadToView = await page.evaluate(() => performance.getEntriesByName('seqscope:load-to-view')[0]!.duration);

const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
await slider.focus();
await page.keyboard.press('Home');
await page.waitForTimeout(300);
await page.evaluate(() => performance.clearMeasures('seqscope:cutoff-step'));
for (let i = 0; i < steps; i++) {
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((n) => performance.getEntriesByName('seqscope:cutoff-step').length >= n, i + 1);
}
const commit = await page.evaluate(() => performance.getEntriesByName('seqscope:cutoff-step').map((e) => e.duration));

// Input to the next frame, measured in the page: set the range value as the browser does and wait for a frame.
const frames = await page.evaluate(async (n) => {
  const input = document.querySelector<HTMLInputElement>('input[type=range]')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const out: number[] = [];
  const mid = Math.round((Number(input.min) + Number(input.max)) / 2);
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    setter.call(input, String(mid + i));
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    out.push(performance.now() - t0);
  }
  return out;
}, steps);
await browser.close();

const c = stats(commit);
const f = stats(frames);
console.log(`records: ${count.toLocaleString('en-US')} in one session (${file})`);
console.log(`load to first full view: ${ms(loadToView)} (page measure), ${ms(wall)} wall clock from choosing the file`);
console.log(`cutoff step, input to committed and drawn (${commit.length} key presses): median ${ms(c.median)}, p95 ${ms(c.p95)}, max ${ms(c.max)}`);
console.log(`cutoff step, input to next frame (${frames.length} steps): median ${ms(f.median)}, p95 ${ms(f.p95)}, max ${ms(f.max)}`);
