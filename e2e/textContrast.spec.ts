import { expect, test, type Page } from '@playwright/test';
import { contrast, luminanceOver } from './contrast';
import { openPage, waitForView } from './helpers';

/** Each matching element's text colour against the first background behind it, as a contrast ratio. */
async function contrasts(page: Page, selector: string): Promise<number[]> {
  const pairs = await page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      let at: Element | null = el;
      let bg = 'rgba(0, 0, 0, 0)';
      while (at && /rgba\(0, 0, 0, 0\)|transparent/.test(bg)) {
        bg = getComputedStyle(at).backgroundColor;
        at = at.parentElement;
      }
      return { fg: getComputedStyle(el).color, bg };
    }),
  );
  return pairs.map(({ fg, bg }) => {
    const back = luminanceOver(bg, [255, 255, 255]);
    return contrast(luminanceOver(fg, back.rgb).l, back.l);
  });
}

for (const scheme of ['light', 'dark'] as const) {
  test(`warnings and future leaks are said in text of at least 4.5:1 contrast (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openPage(page, '?sample=o1-flip.jsonl&cutoff=1');
    await waitForView(page);
    const leaks = await contrasts(page, '.leak-count.has-leaks');
    expect(leaks.length).toBeGreaterThan(0);
    await openPage(page, '?sample=mixed-incident.jsonl');
    await waitForView(page);
    const warnings = await contrasts(page, '.badge.sev-warning');
    expect(warnings.length).toBeGreaterThan(0);
    for (const ratio of [...leaks, ...warnings]) expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
}
