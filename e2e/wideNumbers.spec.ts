import { expect, test } from '@playwright/test';
import { openPage, stateRow, waitForView } from './helpers';

// The file is read whole, so its records cross from the worker packed: the chunk holding a wide number is read back exactly.
test('a number beyond 2^53 − 1 keeps its digits on the page: the storage prefix differs from acceptance, as the report says', async ({ page }) => {
  await openPage(page);
  const text = [
    '{"kind":"input","id":"i2","session":"s","accept_seq":2,"op":"set","key":"x","value":9007199254740992}',
    '{"kind":"input","id":"i1","session":"s","accept_seq":1,"op":"set","key":"x","value":9007199254740993}',
  ].join('\n');
  await page.getByLabel('Open files').setInputFiles({ name: 'wide.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(text) });
  await waitForView(page);
  const [acceptance, storage, flag] = await stateRow(page, 'State at cutoff', 'x');
  expect(acceptance).toContain('9007199254740992');
  expect(storage).toContain('9007199254740993');
  expect(flag).toBe('differs');
});
