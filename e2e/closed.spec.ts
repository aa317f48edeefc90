import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { SqlJsStatic } from 'sql.js';
import { fixtureText, openPage, waitForView } from './helpers';
import { foreignRequests, guard } from './guards';

/** The built page's policy, directive by directive. */
async function policy(page: Page): Promise<Map<string, string[]>> {
  const content = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(content, 'the built page carries a Content-Security-Policy').toBeTruthy();
  return new Map(
    content!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test('the built page carries a closed Content-Security-Policy', async ({ page }) => {
  await openPage(page);
  const csp = await policy(page);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('form-action')).toEqual(["'none'"]);
  // Trusted Types: no string reaches an HTML or script sink; one named policy passes the worker's own blob: URL.
  expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
  expect(csp.get('trusted-types')).toEqual(['seqscope-worker']);
  for (const [name, values] of csp) {
    if (name === 'trusted-types') continue;
    expect(values, `${name} allows no inline code`).not.toContain("'unsafe-inline'");
    expect(values, `${name} allows no eval`).not.toContain("'unsafe-eval'");
    expect(values, `${name} names no other host`).toEqual(values.filter((v) => v.startsWith("'") || v === 'data:' || v === 'blob:'));
  }
});

test('the policy is enforced: no inline script, no HTML from a string, no request to another origin', async ({ page, context }) => {
  const g = await guard(context, page);
  await openPage(page);
  const result = await page.evaluate(async () => {
    const attempt = (f: () => void) => {
      try {
        f();
        return 'done';
      } catch {
        return 'refused';
      }
    };
    const script = attempt(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
    });
    const html = attempt(() => document.body.insertAdjacentHTML('beforeend', '<img src=x onerror="window.__inlineRan = true">'));
    // A script built from a text node gets past the property sinks, and is still not run.
    const s = document.createElement('script');
    s.append(document.createTextNode('window.__inlineRan = true'));
    document.body.append(s);
    let fetched = 'fetched';
    try {
      await fetch('http://127.0.0.2:9/x');
    } catch {
      fetched = 'blocked';
    }
    await new Promise((r) => setTimeout(r, 100));
    return { inline: (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false, fetched, script, html };
  });
  expect(result).toEqual({ inline: false, fetched: 'blocked', script: 'refused', html: 'refused' });
  await expect
    .poll(g.violations)
    .toEqual(expect.arrayContaining([expect.stringMatching(/^require-trusted-types-for/), expect.stringMatching(/^connect-src/)]));
  expect(foreignRequests(g.requests, new URL(page.url()).origin)).toEqual([]);
});

test('the worker is held to the same policy: its request to another origin is blocked before it is sent', async ({ page, context }) => {
  const g = await guard(context, page);
  await openPage(page);
  await page.getByLabel('Open files').setInputFiles({ name: 'o1.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(fixtureText('o1.jsonl')) });
  await waitForView(page);
  expect(page.workers()).toHaveLength(1);
  const outcome = await page.workers()[0]!.evaluate(async () => {
    try {
      await fetch('http://127.0.0.2:9/x');
      return 'fetched';
    } catch {
      return 'blocked';
    }
  });
  expect(outcome).toBe('blocked');
  expect(g.requests.filter((u) => u.includes('127.0.0.2'))).toEqual([]);
});

/** The labels of the export menu's items. */
async function exportItems(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Export/ }).click();
  const labels = await page.getByRole('group', { name: 'Export' }).locator('.menu-item-label').allInnerTexts();
  await page.keyboard.press('Escape');
  return labels;
}

async function sqliteSession(): Promise<Buffer> {
  const initSqlJs = createRequire(import.meta.url)('sql.js') as () => Promise<SqlJsStatic>;
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run(`CREATE TABLE agent_sessions (session_id TEXT PRIMARY KEY, created_at TIMESTAMP, updated_at TIMESTAMP);
    CREATE TABLE agent_messages (id INTEGER PRIMARY KEY AUTOINCREMENT, session_id TEXT NOT NULL, message_data TEXT NOT NULL, created_at TIMESTAMP);`);
  db.run("INSERT INTO agent_sessions (session_id) VALUES ('chat')");
  for (const item of [{ role: 'user', content: 'Book a table.' }, { type: 'function_call', call_id: 'c1', name: 'book', arguments: '{}' }])
    db.run('INSERT INTO agent_messages (session_id, message_data, created_at) VALUES (?, ?, ?)', ['chat', JSON.stringify(item), '2026-01-01 10:00:00']);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

test('loading, exploring and exporting send no request outside the page origin and break no policy', async ({ page, context }) => {
  test.setTimeout(60_000);
  const g = await guard(context, page);
  await openPage(page);
  const origin = new URL(page.url()).origin;

  // Loading: a sample from the menu, the picker (native and SQLite), a drop, a paste.
  await page.getByRole('button', { name: 'Samples' }).click();
  await page.locator('.sample-popover').getByRole('button', { name: /An incident log with bad lines/ }).click();
  await waitForView(page);
  await page.getByLabel('Open files').setInputFiles([{ name: 'o1.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(fixtureText('o1.jsonl')) }, { name: 'session.sqlite', mimeType: 'application/octet-stream', buffer: await sqliteSession() }]);
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('session.sqlite');
  const dataTransfer = await page.evaluateHandle((content) => {
    const dt = new DataTransfer();
    dt.items.add(new File([content], 'dropped.jsonl'));
    return dt;
  }, fixtureText('bad-lines.jsonl'));
  await page.dispatchEvent('main', 'drop', { dataTransfer });
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('dropped.jsonl');
  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Log text', { exact: true }).fill(fixtureText('o1.jsonl').replaceAll('"exp"', '"pasted"'));
  await page.getByRole('button', { name: 'Open text' }).click();
  await expect(page.getByRole('region', { name: 'Inputs' })).toContainText('pasted.jsonl');

  // Exploring: a sample with every view, the slider, findings, selection, zoom, hover, the eval tables.
  await openPage(page, '?sample=mixed-incident.jsonl');
  await waitForView(page);
  const slider = page.getByRole('slider', { name: 'Cutoff (acceptance sequence)' });
  await slider.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const findings = page.getByRole('list', { name: 'Findings' });
  for (const item of (await findings.getByRole('listitem').getByRole('button').all()).slice(0, 4)) await item.click();
  const figure = page.getByRole('img', { name: 'Acceptance order vs storage order' });
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await figure.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await page.keyboard.press('0');
  const box = (await figure.boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + 56);
  await page.mouse.wheel(0, 200);
  const summary = page.getByText(/^All \d+ identities$/);
  if (await summary.count()) await summary.click();

  // Exporting: every item of the export menu, each a download made in the tab.
  const menu = page.getByRole('button', { name: /^Export/ });
  const items = (await menu.count()) > 0 ? await exportItems(page) : [];
  for (const item of items) {
    await menu.click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('group', { name: 'Export' }).getByRole('button', { name: item }).click()]);
    expect(download.url()).toMatch(/^(blob|data):/);
  }

  await page.waitForTimeout(300);
  expect(g.requests.length).toBeGreaterThan(5);
  expect(foreignRequests(g.requests, origin)).toEqual([]);
  expect(await g.violations()).toEqual([]);
  expect(g.consoleErrors).toEqual([]);
  expect(g.pageErrors).toEqual([]);
  expect(g.dialogs).toEqual([]);
});
