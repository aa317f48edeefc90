/**
 * Browser half of `npm run bench` (not a test): the production page in
 * headless Chromium against the same browser's bare baseline, per size.
 * Prints one JSON line per size:
 * - load, in `BENCH_ROUNDS` fresh pages (3 by default), each also running
 *   the baseline: file chosen (the input's change event) to findings shown (the
 *   page's `seqscope:load-to-view` measure ends after every view committed);
 * - baseline: file chosen to a worker having read the File as a stream,
 *   decoded it and run JSON.parse on every line;
 * - the JS heap of the page (main thread) after load and a forced GC;
 * - cutoff steps: arrow-key presses from several places of the range, input
 *   to committed and drawn (the page's `seqscope:cutoff-step` measure) and
 *   input to the next frame; and, in every round, input to the next frame
 *   of steps made as soon as the view shows;
 * - interactions: the longest main-thread task (50 ms and over, as the
 *   browser counts long tasks; 0 when there was none) while selecting the
 *   first finding, zooming in, switching to raw file order and back, and
 *   exporting the order view as SVG and as PNG.
 */
import { chromium, type Locator, type Page } from 'playwright-core';
import { existsSync, statSync } from 'node:fs';

const url = process.argv[2]!;
const files = process.argv.slice(3);
const STEPS_PER_PLACE = 12;
const PLACES = 5;

const browser = await chromium.launch({
  ...(existsSync('/usr/bin/chromium') ? { executablePath: '/usr/bin/chromium' } : {}),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--enable-precise-memory-info'],
});

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), max: s[s.length - 1]! };
};

/** The bare baseline in the page's own browser: a worker streams the File, decodes it and parses each line. */
const BASELINE_WORKER = `
onmessage = async (e) => {
  const file = e.data;
  const reader = file.stream().getReader();
  const decoder = new TextDecoder();
  let carry = '';
  let parsed = 0;
  for (;;) {
    const { done, value } = await reader.read();
    const text = carry + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
    let start = 0;
    for (let nl = text.indexOf('\\n'); nl >= 0; nl = text.indexOf('\\n', start)) {
      if (nl > start) { JSON.parse(text.slice(start, nl)); parsed++; }
      start = nl + 1;
    }
    carry = text.slice(start);
    if (done) break;
  }
  if (carry.trim()) { JSON.parse(carry); parsed++; }
  postMessage(parsed);
};`;

/**
 * The baseline runs in a blank page of the same origin and browser (served by
 * Playwright's routing): the app's own page requires Trusted Types and lets
 * only its own worker start.
 */
async function baseline(page: Page, file: string): Promise<number> {
  const blank = `${url}bench-baseline.html`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>baseline</title><body></body>' }));
  await page.goto(blank);
  await page.evaluate((source) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.id = 'bench-baseline';
    input.hidden = true;
    document.body.append(input);
    const w = window as unknown as { benchBaseline: Promise<number> };
    w.benchBaseline = new Promise((resolve, reject) => {
      input.addEventListener('change', () => {
        const t0 = performance.now();
        const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
        worker.onerror = (e) => reject(new Error(e.message));
        worker.onmessage = () => {
          resolve(performance.now() - t0);
          worker.terminate();
        };
        worker.postMessage(input.files![0]);
      });
    });
  }, BASELINE_WORKER);
  await page.setInputFiles('#bench-baseline', file);
  const ms = await page.evaluate(() => (window as unknown as { benchBaseline: Promise<number> }).benchBaseline);
  await page.unroute(blank);
  return ms;
}

async function load(page: Page, file: string): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { benchChosen: number };
    document.addEventListener('change', () => (w.benchChosen = performance.now()), { capture: true, once: true });
  });
  await page.getByLabel('Open files').setInputFiles(file);
  await page.waitForFunction(() => performance.getEntriesByName('seqscope:load-to-view').length > 0, null, { timeout: 600_000 });
  await page.getByRole('list', { name: 'Findings' }).first().waitFor();
  return page.evaluate(() => {
    const m = performance.getEntriesByName('seqscope:load-to-view')[0]!;
    return m.startTime + m.duration - (window as unknown as { benchChosen: number }).benchChosen;
  });
}

/** Arrow-key steps of the slider from `at`, each waited for until the page measured it; the measures are the place's alone. */
async function stepFrom(page: Page, slider: Locator, at: number): Promise<void> {
  await slider.fill(String(at));
  await slider.focus();
  await page.waitForTimeout(200);
  await page.evaluate(() => performance.clearMeasures('seqscope:cutoff-step'));
  for (let i = 0; i < STEPS_PER_PLACE; i++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => performance.getEntriesByName('seqscope:cutoff-step').length >= n, i + 1);
  }
}

async function steps(page: Page): Promise<{ commit: number[]; frame: number[] }> {
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  const [min, max] = await Promise.all([slider.getAttribute('min'), slider.getAttribute('max')]).then((v) => v.map(Number));
  const commit: number[] = [];
  const frame: number[] = [];
  // Unmeasured steps first: the heap is measured just before with a forced collection, after which the first
  // steps took 40-88 ms where steps without it took at most 18 (a user's page is never collected that way).
  // Away from the places measured below, so that no step measured repeats one made here.
  await stepFrom(page, slider, Math.round(min! + (max! - min!) * 0.2));
  for (let k = 0; k < PLACES; k++) {
    await stepFrom(page, slider, Math.round(min! + ((max! - min!) * (k + 0.5)) / PLACES));
    commit.push(...(await page.evaluate(() => performance.getEntriesByName('seqscope:cutoff-step').map((e) => e.duration))));
    frame.push(...(await framesPerStep(page, STEPS_PER_PLACE, 1)));
  }
  return { commit, frame };
}

/**
 * Input to the next frame of `n` cutoff steps of `by`, in the page: the value set as the browser does, an `input`
 * event sent, and the next frame awaited.
 */
function framesPerStep(page: Page, n: number, by: number): Promise<number[]> {
  return page.evaluate(
    async ([n, by]) => {
      const input = document.querySelector<HTMLInputElement>('input[type=range]')!;
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        setter.call(input, String(Number(input.value) + by));
        input.dispatchEvent(new Event('input', { bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
        out.push(performance.now() - t0);
      }
      return out;
    },
    [n, by] as const,
  );
}

/**
 * Steps made as soon as the view shows, down from the last acceptance number it opens at: what a user moving
 * the slider at once meets while the page finishes what it left for after the view (the order canvas at its
 * first width, the idle warm-up, the file's hash).
 */
const STEPS_AFTER_VIEW = 36;

/** The longest task the page's long-task observer saw while `act` ran and the page settled. */
async function longestTask(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => ((window as unknown as { benchTasks: [number, number][] }).benchTasks = []));
  await act();
  await page.waitForTimeout(500);
  return page.evaluate(() => Math.max(0, ...(window as unknown as { benchTasks: [number, number][] }).benchTasks.map(([, d]) => d)));
}

/** Exporting the order view from the Export menu (opened first, outside the measure), to the download. */
async function exportTask(page: Page, item: RegExp): Promise<number> {
  await page.getByRole('button', { name: 'Export ▾' }).click();
  return longestTask(page, async () => {
    await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: item }).click()]);
  });
}

async function interactions(page: Page): Promise<Record<string, number>> {
  const list = page.getByRole('list', { name: 'Findings' }).first();
  return {
    selectFinding: await longestTask(page, () => list.getByRole('button').first().click()),
    zoomIn: await longestTask(page, () => page.getByRole('button', { name: 'Zoom in' }).click()),
    rawOrder: await longestTask(page, () => page.getByLabel('Raw file order').check()),
    derivedViews: await longestTask(page, () => page.getByLabel('Derived views').check()),
    exportSvg: await exportTask(page, /Order view \(SVG\)/),
    exportPng: await exportTask(page, /Order view \(PNG\)/),
  };
}

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);
const median = (xs: readonly number[]) => stats([...xs]).median;

/** A fresh page: the baseline in it first, then the app loads the same file. */
async function round(file: string) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  page.setDefaultTimeout(600_000);
  const baselineMs = await baseline(page, file);
  await page.addInitScript(() => {
    // Each long task's start and duration: interactions read the durations, the load also when each began.
    const w = window as unknown as { benchTasks: [number, number][] };
    w.benchTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.benchTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
  });
  await page.goto(url);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const emptyHeap = ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize;
  const loadMs = await load(page, file);
  const afterView = await framesPerStep(page, STEPS_AFTER_VIEW, -1);
  return { page, cdp, baselineMs, loadMs, emptyHeap, whileLoading: await tasksWhileLoading(page), afterView: stats(afterView) };
}

/**
 * The page's long tasks (50 ms and over) from the file chosen to the view
 * shown: how long the page could not answer a scroll or a key in the view
 * of an earlier file while this one loaded.
 */
async function tasksWhileLoading(page: Page): Promise<{ longest: number; count: number; total: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { benchChosen: number; benchTasks: [number, number][] };
    const m = performance.getEntriesByName('seqscope:load-to-view')[0]!;
    const during = w.benchTasks.filter(([start]) => start >= w.benchChosen && start < m.startTime + m.duration).map(([, d]) => d);
    return { longest: Math.max(0, ...during), count: during.length, total: during.reduce((a, b) => a + b, 0) };
  });
}

// A single run's baseline moves from run to run on a shared machine, so the load is measured in rounds and the
// ratio is the median of the rounds' own ratios; the heap, steps and interactions are measured after the last round's load.
for (const file of files) {
  const rounds: Pick<Awaited<ReturnType<typeof round>>, 'baselineMs' | 'loadMs' | 'whileLoading' | 'afterView'>[] = [];
  let last: Awaited<ReturnType<typeof round>> | null = null;
  for (let i = 0; i < ROUNDS; i++) {
    await last?.page.close();
    last = await round(file);
    rounds.push({ baselineMs: last.baselineMs, loadMs: last.loadMs, whileLoading: last.whileLoading, afterView: last.afterView });
  }
  const { page, cdp, emptyHeap } = last!;
  await page.waitForTimeout(500);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  const { commit, frame } = await steps(page);
  const tasks = await interactions(page);
  const records = await page.getByRole('region', { name: 'Inputs' }).locator('tbody td').allInnerTexts();
  const ratios = rounds.map((x) => x.loadMs / x.baselineMs);
  console.log(
    JSON.stringify({
      file,
      bytes: statSync(file).size,
      rounds: rounds.length,
      loadMs: median(rounds.map((x) => x.loadMs)),
      baselineMs: median(rounds.map((x) => x.baselineMs)),
      ratio: median(ratios),
      ratioMin: Math.min(...ratios),
      ratioMax: Math.max(...ratios),
      whileLoading: {
        longest: median(rounds.map((x) => x.whileLoading.longest)),
        count: median(rounds.map((x) => x.whileLoading.count)),
        total: median(rounds.map((x) => x.whileLoading.total)),
      },
      heapBytes: heap.usedSize,
      emptyHeapBytes: emptyHeap,
      step: stats(commit),
      frame: stats(frame),
      frameAfterView: { median: median(rounds.map((x) => x.afterView.median)), p95: median(rounds.map((x) => x.afterView.p95)) },
      tasks,
      inputsRow: records.join(' | '),
    }),
  );
  await page.close();
}
console.log(JSON.stringify({ chromium: browser.version() }));
await browser.close();
