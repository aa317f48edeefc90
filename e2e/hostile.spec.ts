import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { fixtureText, openPage, waitForView } from './helpers';
import { guard, scratchPage, type Guard } from './guards';

// e2e/fixtures/hostile.jsonl: markup, script URLs, SVG, Markdown, bidi overrides and zero-width characters in ids,
// keys and sessions, prototype keys as fields and state keys, and a line that is nothing but a script tag.
const SESSION = 'ops<script>alert(1)</script>';

/** Elements the log's text would create if any of it were parsed as markup. */
const FOREIGN = [
  'img',
  'script',
  'iframe',
  'object',
  'embed',
  'style',
  'details[open]:not([class])',
  '[ontoggle]',
  'foreignObject',
  'svg svg',
  'svg script',
  '[onerror]',
  '[onload]',
  'a[href]',
  'b',
].join(', ');

async function openHostile(page: Page, context: Parameters<typeof guard>[0], name = 'hostile.jsonl'): Promise<Guard> {
  const g = await guard(context, page);
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name, mimeType: 'application/x-ndjson', buffer: Buffer.from(fixtureText('hostile.jsonl')) });
  await waitForView(page);
  return g;
}

async function expectInert(page: Page, g: Guard): Promise<void> {
  await expect(page.locator('#root').locator(FOREIGN)).toHaveCount(0);
  expect(g.dialogs).toEqual([]);
  expect(g.pageErrors).toEqual([]);
  expect(await g.violations()).toEqual([]);
  const polluted = await page.evaluate(() => {
    const probe = {} as Record<string, unknown>;
    return [probe.polluted, (Object.prototype as Record<string, unknown>).polluted, ([] as unknown as Record<string, unknown>).polluted, (Object as unknown as Record<string, unknown>).polluted];
  });
  expect(polluted).toEqual([undefined, undefined, undefined, undefined]);
  for (const w of page.workers()) expect(await w.evaluate(() => ({}) as Record<string, unknown>).then((o) => o.polluted)).toBeUndefined();
}

/** A row of a fields table by its key (a field the native format does not define is tagged "not read", and its header is read as "key, not read"). */
const fieldRow = (page: Page, table: Locator, key: string) =>
  table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${key.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')}(, not read)?$`) }) });

/** The marked text of an element: invisible characters are shown as ⟨U+XXXX⟩. */
const text = (l: Locator) => l.innerText();

test('markup, script URLs and SVG in a log are shown as text, create no element and run nothing', async ({ page, context }) => {
  const g = await openHostile(page, context);
  const findings = page.getByRole('list', { name: 'Findings' });
  await expect(findings).toContainText('decision-flip');
  await expect(findings).toContainText('set by <img src=x onerror=alert(1)> (line 1)');
  await expect(findings).toContainText(SESSION);
  await expect(findings).toContainText("Request <script>alert('req')</script> (line 9)");

  await findings.getByRole('listitem').filter({ hasText: 'decision-flip' }).getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Record' });
  await expect(detail.locator('.detail-summary')).toContainText('<img src=x onerror=alert(1)>');
  const raw = detail.locator('pre');
  await expect(raw).toContainText('"svg": "<svg xmlns=\\"http://www.w3.org/2000/svg\\" onload=\\"alert(1)\\"><script>alert(1)</script></svg>"');
  const fields = detail.getByRole('table');
  for (const [key, value] of [
    ['url', 'javascript:alert(1)'],
    ['markdown', '**bold** [click me](javascript:alert(1)) ![pixel](http://127.0.0.2/p.png) <details open ontoggle=alert(1)>'],
    ['html', '<iframe src="javascript:alert(1)"></iframe><a href="javascript:alert(1)">link</a><style>*{display:none}</style>'],
    ['actor', '<b>mallory</b>'],
  ])
    await expect(fieldRow(page, fields, key!)).toContainText(value!);

  // The line that is only a script tag is a rejected line, quoted as text.
  await expect(page.getByRole('region', { name: 'Rejected lines' })).toContainText('line 15');
  // The session picker and the links view hold the same text as plain strings.
  await expect(page.getByLabel('Session')).toContainText(SESSION);
  await expectInert(page, g);
});

test('ids with invisible characters are marked everywhere an id is shown, and look-alikes read differently', async ({ page, context }) => {
  const g = await openHostile(page, context);
  const findings = page.getByRole('list', { name: 'Findings' });

  // Findings: the flip names m⟨U+200B⟩1; the dispute names case⟨U+200B⟩-1; the stale reference resp⟨U+202E⟩A in session chat⟨U+200D⟩.
  const flip = findings.getByRole('listitem').filter({ hasText: 'decision-flip' });
  await expect(flip).toContainText('set by m⟨U+200B⟩1 (line 2)');
  const mark = flip.locator('.invisible-char').first();
  await expect(mark).toHaveText('⟨U+200B⟩');
  await expect(mark).toHaveAttribute('title', 'U+200B ZERO WIDTH SPACE');
  await expect(flip.locator('.has-invisibles').first()).toHaveAttribute('title', /ZERO WIDTH SPACE/);
  const stale = findings.getByRole('listitem').filter({ hasText: 'stale-reference' });
  await expect(stale).toContainText('refers to resp⟨U+202E⟩A');
  await expect(stale).toContainText('chat⟨U+200D⟩');
  await expect(stale.locator('.inv-bidi')).toHaveAttribute('title', 'U+202E RIGHT-TO-LEFT OVERRIDE');
  await expect(findings.getByRole('listitem').filter({ hasText: 'eval-conflict' })).toContainText('Eval case⟨U+200B⟩-1 / <b>run</b>');

  // Detail view: the record's id, its raw line and its fields.
  await flip.getByRole('button').click();
  const detail = page.getByRole('region', { name: 'Record' });
  await detail.getByRole('button', { name: /m⟨U\+200B⟩1/ }).click();
  await expect(detail.locator('.detail-summary')).toContainText('m⟨U+200B⟩1');
  await expect(detail.locator('pre')).toContainText('"id": "m⟨U+200B⟩1"');

  // Order view tooltip: hovering the mark of m⟨U+200B⟩1.
  const figure = page.getByRole('img', { name: 'Acceptance order vs storage order' });
  await figure.focus();
  const label = figure.locator('text.mark-label.has-invisibles').first();
  await expect(label).toBeVisible();
  // The storage mark sits just under its label; the tooltip follows the pointer, not the element under it.
  const box = (await label.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height + 6);
  await expect(page.locator('.tooltip-title')).toContainText('⟨U+');

  // State panel: permission and perm⟨U+200D⟩ission are two keys, and read differently.
  const state = page.getByRole('region', { name: 'State at cutoff' });
  const keys = await state.getByRole('table').last().getByRole('rowheader').allInnerTexts();
  expect(keys).toEqual(expect.arrayContaining(['permission', 'perm⟨U+200D⟩ission', '__proto__', 'constructor', 'prototype']));
  await expect(state).toContainText('k⟨U+FEFF⟩1');

  // Eval tables: the disputed identity and the look-alike identity beside it.
  const evals = page.getByRole('region', { name: 'Eval summary' });
  await evals.getByText(/^All \d+ identities$/).click();
  const labels = await evals.locator('.eval-identities tbody').getByRole('rowheader').allInnerTexts();
  expect(labels).toEqual(expect.arrayContaining(['case⟨U+200B⟩-1 / <b>run</b>', 'case-1 / <b>run</b>']));
  await expect(evals.getByRole('article', { name: 'Disputed case⟨U+200B⟩-1 / <b>run</b>' })).toBeVisible();

  // Another session: the links view names the clear by its markup id, as text.
  await page.getByLabel('Session').selectOption({ label: 'chat⟨U+200D⟩ (3 records)' });
  await expect(page.getByRole('img', { name: 'References and write chains' })).toContainText('clear <svg onload=alert(1)>');
  await expect(page.getByRole('img', { name: 'References and write chains' }).locator('text.has-invisibles')).toHaveText(['r⟨U+200B⟩1']);
  expect(await text(page.getByLabel('Session'))).toContain('chat⟨U+200D⟩');
  await expectInert(page, g);
});

test('__proto__, constructor and prototype are fields and state keys like any other, and pollute nothing', async ({ page, context }) => {
  const g = await openHostile(page, context);
  await page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'storage-order-inversion' }).getByRole('button').click();
  // Two steps on in storage order: the record with the prototype keys as fields, whose id starts with a right-to-left override.
  const detail = page.getByRole('region', { name: 'Record' });
  await expect(detail.locator('.detail-loc')).toHaveText('hostile.jsonl:2');
  await page.getByRole('img', { name: 'Acceptance order vs storage order' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(detail.locator('.detail-loc')).toHaveText('hostile.jsonl:4');
  await expect(detail.locator('.detail-summary')).toContainText('⟨U+202E⟩exe.txt');
  const state = page.getByRole('region', { name: 'State at cutoff' });
  const fields = detail.getByRole('table');
  const row = (key: string) => fieldRow(page, fields, key);
  await expect(row('__proto__')).toContainText('{"polluted":true}');
  await expect(row('constructor')).toContainText('{"prototype":{"polluted":true}}');
  await expect(row('prototype')).toContainText('{"polluted":true}');
  // The tag is a word of its own in the row header's name, not glued to the key ("__proto__not read").
  for (const key of ['__proto__', 'constructor', 'prototype']) await expect(fields.getByRole('rowheader', { name: `${key}, not read`, exact: true })).toBeVisible();
  await expect(fields.getByRole('rowheader', { name: 'key', exact: true })).toBeVisible();

  // At N = 3, constructor and prototype are not set yet in acceptance order: "not set", never Object's own members.
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await slider.fill('3');
  const cut = state.getByRole('table').first();
  const stateRow = (key: string) => cut.getByRole('row').filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
  await expect(stateRow('__proto__')).toContainText('{"polluted":true}');
  await expect(stateRow('constructor')).toHaveCount(0);
  await slider.fill('7');
  await expect(stateRow('constructor')).toContainText('x');
  await expect(stateRow('prototype')).toContainText('{"__proto__":{"polluted":true}}');
  await expectInert(page, g);
});

test('a file named like markup is named as text', async ({ page, context }) => {
  const g = await openHostile(page, context, '<img src=x onerror=alert(1)>\u202Egpj.jsonl');
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('<img src=x onerror=alert(1)>⟨U+202E⟩gpj.jsonl');
  await expectInert(page, g);
});

/** One item of the export menu, downloaded, as text. */
async function exported(page: Page, item: RegExp): Promise<string> {
  await page.getByRole('button', { name: /^Export/ }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('button', { name: item }).click()]);
  return readFileSync((await download.path())!, 'utf8');
}

const INVISIBLE = /\u200B|\u200D|\u202E|\u2066|\u2069|\uFEFF/;

test('the exports quote hostile text escaped: the SVG holds no element or attribute from the log, the report no live markup', async ({ page, context }) => {
  const g = await openHostile(page, context);
  await page.getByLabel('Session').selectOption({ label: `${SESSION} (7 records)` });

  const svg = await exported(page, /Order view \(SVG\)/);
  expect(svg).not.toMatch(INVISIBLE);
  expect(svg).toContain('&lt;img src=x onerror=alert(1)&gt;');
  const parsed = await (await scratchPage(page)).evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const all = [...doc.querySelectorAll('*')];
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      names: [...new Set(all.map((e) => e.localName))].sort(),
      handlers: all.flatMap((e) => [...e.attributes].map((a) => a.name)).filter((n) => n.startsWith('on') || n.includes('href')),
      text: doc.documentElement.textContent ?? '',
    };
  }, svg);
  expect(parsed.error).toBeNull();
  expect(parsed.names).not.toEqual(expect.arrayContaining(['script']));
  for (const name of ['script', 'foreignObject', 'iframe', 'image', 'a', 'use', 'img']) expect(parsed.names).not.toContain(name);
  expect(parsed.handlers).toEqual([]);
  expect(parsed.text).toContain(SESSION);
  expect(parsed.text).toContain('m⟨U+200B⟩1');

  const report = await exported(page, /Audit report \(Markdown\)/);
  expect(report).not.toMatch(INVISIBLE);
  expect(report).toContain('(set by \\<img src=x onerror=alert(1)\\> (line 1))');
  expect(report).toContain('Eval case⟨U+200B⟩-1 / \\<b\\>run\\</b\\>');
  // Outside code, no tag or link from the log is left as Markdown or HTML would read it.
  const prose = report.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  expect(prose).not.toMatch(/(?<!\\)<\/?(script|img|svg|iframe|a|b|details|style)\b/i);
  expect(prose).not.toMatch(/(?<!\\)\]\(javascript:/i);

  const findings = JSON.parse(await exported(page, /Findings \(JSON\)/)) as { findings: { message: string }[] };
  expect(findings.findings.map((f) => f.message).join('\n')).toContain('set by <img src=x onerror=alert(1)> (line 1)');
  await expectInert(page, g);
});

test('a 4,000-character eval identity and a 3,000-character response id wrap inside their panels, never widening the page', async ({ page }) => {
  const caseId = 'c'.repeat(4000);
  const lines = [
    { kind: 'eval', case_id: caseId, run_id: 'r1', status: 'pass' },
    { kind: 'eval', case_id: caseId, run_id: 'r1', status: 'fail' },
    { kind: 'request', id: 'q1', session: 's', accept_seq: 1, previous_response_id: `resp_${'r'.repeat(3000)}` },
  ];
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'long-ids.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')) });
  await waitForView(page);
  await expect(page.getByRole('article', { name: /^Disputed c+ \/ r1$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
});
