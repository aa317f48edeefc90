import { expect, test, type Page } from '@playwright/test';
import { openPage, waitForView } from './helpers';

/** Relative luminance of a CSS rgb()/rgba() colour over white (the panels' background in light mode) or the colour under it. */
function luminance(color: string, under = [255, 255, 255]): { rgb: number[]; l: number } {
  const [r, g, b, a = 1] = color.match(/[\d.]+/g)!.map(Number);
  const rgb = [r!, g!, b!].map((c, k) => c * a + under[k]! * (1 - a));
  const lin = rgb.map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
  return { rgb, l: 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]! };
}

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
    const back = luminance(bg);
    const a = luminance(fg, back.rgb).l;
    return (Math.max(a, back.l) + 0.05) / (Math.min(a, back.l) + 0.05);
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
