import { expect, test, type Page } from '@playwright/test';
import { compareRealInspectLogs, compareWithSampleRun, openPage, waitForView } from './helpers';

/** How many lines each text of a column's cells is drawn on: the most among the cells that share it. */
async function linesOfColumn(page: Page, table: string, column: number): Promise<Record<string, number>> {
  return page.getByRole('table', { name: table }).evaluate((t, col) => {
    const lines: Record<string, number> = {};
    for (const row of t.querySelectorAll('tbody tr')) {
      const cell = row.children[col]!;
      const range = document.createRange();
      range.selectNodeContents(cell);
      const drawn = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      // Two "status" rows: one drawn on 2 lines is not hidden by the other's 1.
      lines[cell.textContent!] = Math.max(lines[cell.textContent!] ?? 0, drawn);
    }
    return lines;
  }, column);
}

test('a change in the eval outcomes that differ is drawn on one line at 1440 px, only-in-other as much as status', async ({ page }) => {
  await openPage(page, '?sample=eval-run-a.jsonl');
  await waitForView(page);
  await compareWithSampleRun(page, 'Compare: eval sweep, second run');
  expect(await linesOfColumn(page, 'Eval outcomes that differ', 1)).toEqual({ status: 1, score: 1, 'only-in-other': 1 });
});

test('only-in-other stays on one line beside the long identities of two Inspect logs', async ({ page }) => {
  await compareRealInspectLogs(page);
  // Before, {"status":1,"only-in-other":2}: the table broke it after a hyphen.
  expect(await linesOfColumn(page, 'Eval outcomes that differ', 1)).toEqual({ status: 1, 'only-in-other': 1 });
});
