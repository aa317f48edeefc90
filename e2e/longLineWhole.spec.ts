import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { onDisk, openPage, removeOnDisk, waitForView } from './helpers';

const NEEDLE = 'NEEDLE-IN-THE-MIDDLE';
/** Words of three scripts, where Chrome's line breaker is slowest: as one text node a million of these characters took 86 s to lay out. */
const WORDS = ['the', 'agent', 'replied', 'with', 'über', 'naïve', '日本語', 'tool', 'calls', 'résumé', 'step', 'result'];

/** A record whose line is about `chars` characters: a value of words, an invisible character near its start and NEEDLE in its middle. */
function longLine(chars: number): string {
  const words: string[] = [];
  for (let i = 0, n = 0; n < chars; i++) {
    const word = WORDS[(i * 7) % WORDS.length]!;
    words.push(word);
    n += word.length + 1;
  }
  words[10] = 'm\u200B1';
  words[words.length >> 1] = NEEDLE;
  return JSON.stringify({ kind: 'input', id: 'big', session: 's', op: 'set', key: 'blob', value: words.join(' '), accept_seq: 2 });
}

/** The text as the page shows it: its one invisible character as a mark. */
const shown = (text: string) => text.replace('\u200B', '⟨U+200B⟩');

const small = JSON.stringify({ kind: 'input', id: 'small', session: 's', op: 'set', key: 'k', value: 'v', accept_seq: 1 });
const line = longLine(10_000_000);

test.afterAll(removeOnDisk);

/** The log on disk, as a person opens it. */
function logOnDisk(): string {
  const file = onDisk('long.jsonl');
  writeFileSync(file, `${small}\n${line}\n`);
  return file;
}

declare global {
  interface Window {
    skipped: Map<Element, boolean>;
    /** Chrome's find in the page, as Ctrl+F does it. */
    find(text: string): boolean;
  }
}

/** Records, from now on, whether each piece of text is skipped by the browser's layout (content-visibility: auto). */
async function watchSkipping(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.skipped = new Map();
    // The event does not bubble: it is caught on its way down.
    document.addEventListener('contentvisibilityautostatechange', (e) => window.skipped.set(e.target as Element, (e as Event & { skipped: boolean }).skipped), true);
  });
}

/** Pieces (or groups of pieces) of the raw line the browser has laid out: those in view and about them. */
const laidOut = (page: Page, what = '.text-chunk') => page.evaluate((what) => [...document.querySelectorAll(`pre.raw-line ${what}`)].filter((c) => window.skipped.get(c) === false).length, what);

test('a raw line of 10 MB is shown whole, laid out only where it is seen, and the page goes on answering', async ({ page, context }) => {
  test.setTimeout(90_000);
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles(logOnDisk());
  await waitForView(page);
  // A file this large is hashed after its view: what follows times the page's own work, not that of the hashing beside it.
  await expect(page.getByRole('region', { name: 'Inputs' }).locator('td.sha code')).toBeVisible();
  await page.getByRole('radio', { name: 'Raw file order' }).check();
  await watchSkipping(page);
  await page.getByRole('button', { name: 'Show line 2', exact: true }).click();
  const record = page.getByRole('region', { name: 'Record' });
  const pre = record.locator('pre.raw-line');
  const toggle = record.getByRole('button', { name: /^Show the whole line/ });
  await expect(toggle).toBeVisible();

  await toggle.click();
  await expect(record.getByRole('button', { name: 'Show the first 50,000 characters' })).toBeVisible();
  await expect.poll(() => pre.evaluate((p) => p.textContent!.length)).toBe(shown(line).length);
  // Every character, once and in order, as text: the invisible one marked as everywhere else.
  expect(await pre.evaluate((p, want) => p.textContent === want, shown(line))).toBe(true);
  expect(await pre.locator('.invisible-char').allTextContents()).toEqual(['⟨U+200B⟩']);
  expect(await pre.locator('.text-chunk').count()).toBeGreaterThan(2000);
  // Every group of pieces has been either laid out or skipped, and only a few pieces laid out.
  const groups = await pre.locator('.text-chunk-group').count();
  expect(groups).toBeGreaterThan(50);
  await expect.poll(() => pre.evaluate((p) => [...window.skipped.keys()].filter((c) => c.matches('.text-chunk-group') && p.contains(c)).length)).toBe(groups);
  expect(await laidOut(page, '.text-chunk-group')).toBeLessThan(4);
  const seen = await laidOut(page);
  expect(seen).toBeGreaterThan(0);
  expect(seen).toBeLessThan(10);

  // Another control answers, and the line is still there beside it.
  await record.getByRole('button', { name: 'Add a note on this record' }).click();
  await expect(record.getByRole('textbox', { name: 'Note on this record' })).toBeFocused();
  await record.getByRole('button', { name: 'Cancel' }).click();

  // Scrolled to its middle, the pieces there are laid out and the needle is on screen; still only a few of them.
  await pre.evaluate((p) => p.scrollTo({ top: (p.scrollHeight - p.clientHeight) / 2 }));
  // Finding text in a 10 MB line takes Chrome seconds on a slow or busy machine.
  await expect.poll(() => page.evaluate((needle) => window.find(needle), NEEDLE), { timeout: 30_000 }).toBe(true);
  const found = await page.evaluate(() => {
    const range = getSelection()!.getRangeAt(0);
    const p = document.querySelector('pre.raw-line')!;
    const box = range.getBoundingClientRect();
    const view = p.getBoundingClientRect();
    return { inLine: p.contains(range.startContainer), onScreen: box.height > 0 && box.top >= view.top && box.bottom <= view.bottom };
  });
  expect(found).toEqual({ inLine: true, onScreen: true });
  expect(await laidOut(page, '.text-chunk-group')).toBeLessThan(6);
  expect(await laidOut(page)).toBeLessThan(16);

  // Selected across pieces, the text copies as it is: no line break where one piece ends.
  const acrossPieces = await pre.evaluate((p) => {
    const chunks = p.querySelectorAll('.text-chunk');
    const range = document.createRange();
    range.setStart(chunks[0]!, 0);
    range.setEnd(chunks[3]!, chunks[3]!.childNodes.length);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
    return { selected: getSelection()!.toString(), pieces: [...chunks].slice(0, 4).map((c) => c.textContent).join('') };
  });
  expect(acrossPieces.selected).toBe(acrossPieces.pieces);

  // Copy takes all 10 MB, exactly as in the file.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await record.getByRole('button', { name: 'Copy the whole line' }).click();
  // Writing 10 MB to the clipboard once took more than 10 s in CI beside the other worker's large loads.
  await expect(record.getByRole('button', { name: /^Copied 10,000,\d{3} characters$/ })).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(async (want) => (await navigator.clipboard.readText()) === want, line)).toBe(true);

  await record.getByRole('button', { name: 'Show the first 50,000 characters' }).click();
  await expect.poll(() => pre.evaluate((p) => p.textContent)).toBe(shown(line.slice(0, 50_000)));
});
