import { expect, test, type Page } from '@playwright/test';
import { fixture, fixtureText, openPage, waitForView } from './helpers';
import { contrast, luminanceOver } from './contrast';

const inputs = (page: Page) => page.getByRole('region', { name: 'Inputs' });
const linkRequest = (page: Page) => page.getByRole('heading', { name: 'Open the files this link shows' });
const detailLoc = (page: Page) => page.getByRole('region', { name: 'Record' }).locator('.detail-loc');

async function pasteInDialog(page: Page, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Paste text' }).click();
  await page.getByLabel('Log text', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Open text' }).click();
}

/** Pastes as Ctrl+V outside a text field does: the page reads the clipboard event's text. */
async function pasteAnywhere(page: Page, text: string): Promise<void> {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
  }, text);
}

/** Native JSON Lines of at least `bytes` bytes: inputs of one session, in order. */
function bigLog(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n++) {
    const line = `{"kind":"input","id":"m${n}","op":"allow","session":"big","accept_seq":${n},"note":"${'x'.repeat(200)}"}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

test('pasted text comes back on reload, with its view, and on back and forward after a reload', async ({ page }) => {
  await openPage(page);
  await pasteInDialog(page, fixtureText('o1.jsonl'));
  await waitForView(page);
  await expect(page).toHaveURL(/in=[0-9a-f]{12}:pasted\.jsonl/);
  await page.getByRole('list', { name: 'Findings' }).getByRole('listitem').filter({ hasText: 'decision-flip' }).getByRole('button').first().click();
  await expect(detailLoc(page)).toHaveText(/pasted\.jsonl:\d/);
  const location = await detailLoc(page).innerText();

  await page.reload();
  await expect(inputs(page)).toContainText('pasted.jsonl');
  await expect(detailLoc(page)).toHaveText(location);
  await expect(linkRequest(page)).toHaveCount(0);

  await page.getByLabel('Open files').setInputFiles(fixture('bad-lines.jsonl'));
  await expect(inputs(page)).toContainText('bad-lines.jsonl');
  await page.reload();
  // After a reload, bad-lines.jsonl (a file the user chose) has to be chosen again; the pasted text does not.
  await expect(linkRequest(page)).toBeVisible();
  const files = page.getByRole('table', { name: 'Files the link names' });
  await expect(files.getByRole('row').filter({ hasText: 'pasted.jsonl' })).toContainText('✓ matches');
  await expect(files.getByRole('row').filter({ hasText: 'bad-lines.jsonl' })).toContainText('waiting');
  await page.goBack();
  await expect(inputs(page)).toContainText('pasted.jsonl');
  await expect(inputs(page)).not.toContainText('bad-lines.jsonl');
  await expect(linkRequest(page)).toHaveCount(0);
});

test('pasted text over what the tab keeps is said, after a reload, to have to be pasted again; pasting it restores the view', async ({ page }) => {
  await openPage(page);
  const text = bigLog(4.5 * 1024 * 1024);
  await pasteAnywhere(page, text);
  await waitForView(page);
  await expect(inputs(page)).toContainText('pasted.jsonl');
  // Text this large is hashed after its view, and the address names it once it is.
  await expect(page.getByRole('region', { name: 'Inputs' }).locator('td.sha code')).toBeVisible();

  await page.reload();
  await expect(linkRequest(page)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Files the link names' })).toContainText('paste it again');
  const note = page.getByRole('note', { name: 'Pasted text to paste again' });
  await expect(note).toHaveText(
    'pasted.jsonl was text pasted in this tab (4.5 MiB). Pasted text comes back after a reload only up to 4.0 MiB in all, the newest first, and only as far as the browser agrees to keep it; this text was not kept: paste it again (Ctrl+V or ⌘V anywhere on the page, or Paste text) and the view is restored once its hash matches.',
  );

  await pasteAnywhere(page, text);
  await waitForView(page);
  await expect(linkRequest(page)).toHaveCount(0);
  await expect(inputs(page)).toContainText('pasted.jsonl');
});

test('text of whitespace alone leaves Open text disabled and says why beside it, to a screen reader too', async ({ page }) => {
  await openPage(page);
  await page.getByRole('button', { name: 'Paste text' }).click();
  const open = page.getByRole('button', { name: 'Open text' });
  await page.getByLabel('Log text', { exact: true }).fill(' \n\t\n');
  await expect(open).toBeDisabled();
  await expect(open).toHaveAccessibleDescription('Nothing to open: the text is only whitespace.');
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText('Nothing to open: the text is only whitespace.');
  await page.getByLabel('Log text', { exact: true }).fill(fixtureText('o1.jsonl'));
  await expect(open).toBeEnabled();
  await expect(open).toHaveAccessibleDescription('');
});


/** How far the open dialog's edge (its surface or its border, whichever stands out more) stands from the page dimmed behind it, at its faintest. */
async function dialogEdgeContrast(page: Page, scheme: 'light' | 'dark'): Promise<number> {
  await page.emulateMedia({ colorScheme: scheme });
  const c = await page.getByRole('dialog').evaluate((dialog) => {
    const style = getComputedStyle(dialog);
    return {
      backdrop: getComputedStyle(dialog, '::backdrop').backgroundColor,
      surface: style.backgroundColor,
      border: style.borderTopColor,
      page: [getComputedStyle(document.body).backgroundColor, getComputedStyle(document.querySelector('.panel')!).backgroundColor],
    };
  });
  const edge = [luminanceOver(c.surface).l, luminanceOver(c.border).l];
  const dimmed = c.page.map((color) => luminanceOver(c.backdrop, luminanceOver(color).rgb).l);
  return Math.min(...dimmed.map((p) => Math.max(...edge.map((e) => contrast(e, p)))));
}

test('the paste dialog stands apart from the page dimmed behind it as clearly in dark mode as in light', async ({ page }) => {
  await openPage(page, '?sample=mixed-incident.jsonl');
  await waitForView(page);
  await page.getByRole('button', { name: 'Paste text' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const light = await dialogEdgeContrast(page, 'light');
  const dark = await dialogEdgeContrast(page, 'dark');
  // In dark mode the dark dialog sat on a page hardly darker than itself, behind a backdrop too faint to dim its bright text.
  expect(light).toBeGreaterThan(2);
  expect(dark).toBeGreaterThanOrEqual(light);
});
