import type { BrowserContext, Page } from '@playwright/test';

/** Everything a test must see stay quiet: CSP violations (page and worker), console errors, page errors, dialogs, requests. */
export interface Guard {
  readonly requests: string[];
  readonly violations: () => Promise<string[]>;
  readonly consoleErrors: string[];
  readonly pageErrors: string[];
  readonly dialogs: string[];
}

/**
 * Records every request of the browser context (the page's and its workers'),
 * every dialog (dismissed at once), console and page errors, and the page's
 * `securitypolicyviolation` events, from before the first script runs.
 */
export async function guard(context: BrowserContext, page: Page): Promise<Guard> {
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  const dialogs: string[] = [];
  context.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text());
  });
  page.on('worker', (w) =>
    w.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(`worker: ${m.text()}`);
    }),
  );
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`));
  });
  return {
    requests,
    consoleErrors,
    pageErrors,
    dialogs,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations),
  };
}

/**
 * A blank page with no policy of its own, to parse an exported document in:
 * the app's page requires Trusted Types, so it refuses DOMParser on a string.
 */
export async function scratchPage(page: Page): Promise<Page> {
  const scratch = await page.context().newPage();
  await scratch.goto('about:blank');
  return scratch;
}

/** URLs that are not the page's own origin (data: and blob: URLs of the page itself count as its own). */
export function foreignRequests(requests: readonly string[], origin: string): string[] {
  return requests.filter((u) => {
    if (u.startsWith('data:')) return false;
    if (u.startsWith('blob:')) return !u.startsWith(`blob:${origin}/`);
    return new URL(u).origin !== origin;
  });
}
