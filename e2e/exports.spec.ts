import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { scratchPage } from './guards';
import { openPage, waitForView } from './helpers';

const golden = (name: string) => fileURLToPath(new URL(`./__golden__/${name}`, import.meta.url));

async function exported(page: Page, item: RegExp): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Export ▾' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: item }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('the Markdown report of a sample, downloaded from the page, is the CLI report byte for byte', async ({ page }) => {
  // The report's time comes from the browser's clock; fixed here as SOURCE_DATE_EPOCH fixes it for the CLI.
  await page.clock.setFixedTime(new Date('2025-09-16T08:00:00Z'));
  await openPage(page, '?sample=mixed-incident.jsonl');
  await waitForView(page);
  await expect(page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' })).toHaveValue('2');
  const report = await exported(page, /Audit report \(Markdown\)/);
  expect(report.name).toBe('mixed-incident.report.md');
  const file = golden('mixed-incident.report.md');
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, report.text);
  expect(report.text).toBe(readFileSync(file, 'utf8'));
});

test('the report and the findings document carry the reviewer notes and the cutoff; notes never change the records', async ({ page }) => {
  await openPage(page, '?sample=o1-flip.jsonl');
  await waitForView(page);
  const findings = page.getByRole('list', { name: 'Findings' });
  await findings.getByRole('listitem').filter({ hasText: 'decision-flip' }).getByRole('button').first().click();
  const item = findings.getByRole('listitem').filter({ hasText: 'decision-flip' });
  const detail = page.getByRole('region', { name: 'Record' });
  await detail.getByRole('button', { name: 'Add a note on this finding' }).click();
  await detail.getByLabel('Note on this finding').fill('confirmed with the host log | see ticket');
  await detail.getByRole('button', { name: 'Save note' }).click();
  await expect(item.getByLabel('Note on this finding')).toContainText('confirmed with the host log');

  const report = await exported(page, /Audit report \(Markdown\)/);
  expect(report.text).toContain('## Annotations');
  expect(report.text).toContain('confirmed with the host log \\| see ticket');
  expect(report.text).toContain('accept\\_seq ≤ 1');

  const doc = JSON.parse((await exported(page, /Findings \(JSON\)/)).text);
  expect(doc.version).toBe(1);
  expect(doc.sessions[0].cutoff).toMatchObject({ seq: 1, future_leaks: ['m2'] });
  expect(doc.findings.map((f: { code: string }) => f.code)).toContain('decision-flip');

  // The note is kept for the file's hash: it is there again after a reload.
  await page.reload();
  await waitForView(page);
  await expect(findings.getByLabel('Note on this finding')).toContainText('confirmed with the host log');
});

test('the order view exports as valid, self-contained SVG with every mark and the log text escaped, and as PNG', async ({ page }) => {
  await openPage(page);
  const hostile = '<script>alert(1)</script>&"\u202e';
  const lines = [
    { kind: 'input', id: hostile, op: 'revoke', session: 's</svg>', accept_seq: 2 },
    { kind: 'input', id: 'm1', op: 'allow', session: 's</svg>', accept_seq: 1 },
    { kind: 'input', id: 'x', op: 'allow', session: 's</svg>', accepted: false },
  ];
  await page.getByLabel('Open files').setInputFiles({ name: 'evil<x>.jsonl', mimeType: 'text/plain', buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')) });
  await waitForView(page);
  const svg = await exported(page, /Order view \(SVG\)/);
  expect(svg.name).toMatch(/\.svg$/);
  expect(svg.text).not.toContain('<script');
  // Parsed in a blank page: the app's page requires Trusted Types and refuses DOMParser on a string.
  const parsed = await (await scratchPage(page)).evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const root = doc.documentElement;
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      root: root.localName,
      ns: root.namespaceURI,
      marks: doc.querySelectorAll('g.mark').length,
      scripts: doc.querySelectorAll('script, foreignObject').length,
      external: [...doc.querySelectorAll('*')].some((e) => e.hasAttribute('href') || e.hasAttribute('xlink:href')),
      titles: [...doc.querySelectorAll('g.mark > title')].map((t) => t.textContent),
    };
  }, svg.text);
  expect(parsed).toMatchObject({ errors: 0, root: 'svg', ns: 'http://www.w3.org/2000/svg', marks: 3, scripts: 0, external: false });
  expect(parsed.titles[0]).toContain('<script>alert(1)</script>&"⟨U+202E⟩');

  const png = await (async () => {
    await page.getByRole('button', { name: 'Export ▾' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Order view \(PNG\)/ }).click()]);
    return readFileSync(await download.path());
  })();
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.length).toBeGreaterThan(2000);
});
