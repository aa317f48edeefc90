import { formatCount, formatFixed, formatMiB, MiB } from '../core/countText';
import { formatSize } from '../io/limits';

/**
 * The largest file the page reads. The worker streams a file, but every
 * record still lives in the worker and again in the page once the analysis
 * comes back: measured in headless Chromium, a 249 MiB native log of 2
 * million records loads in about 12 s with 700 MB of the page's heap since
 * the analysis crosses packed (1.7 GB when it was structured-cloned; a tab
 * gets about 4 GB), while before streaming 224 MiB already failed when the
 * worker handed the analysis over. Past this a tab may run out of memory and
 * die without a word, so a larger file is refused before it is read and the
 * CLI, which reads up to the 500 MiB content limit (docs/limits.md), is suggested.
 */
export const PAGE_MAX_FILE_BYTES = 256 * MiB;

/**
 * The limit in force: `PAGE_MAX_FILE_BYTES`, or a smaller one from
 * `?maxFileMB=N` in the page's address (tests use it to refuse a small file;
 * it can only lower the limit, never raise it).
 */
export function pageFileLimit(search: string): number {
  const raw = new URLSearchParams(search).get('maxFileMB');
  if (raw === null || !/^\d+(\.\d+)?$/.test(raw)) return PAGE_MAX_FILE_BYTES;
  const bytes = Math.floor(Number(raw) * MiB);
  return bytes > 0 && bytes < PAGE_MAX_FILE_BYTES ? bytes : PAGE_MAX_FILE_BYTES;
}

/** `12.3 MiB (12,897,484 bytes)`: a size as a person reads it, and exactly. */
function readableSize(n: number): string {
  if (n < 1024) return `${formatCount(n)} bytes`;
  const short = n < MiB ? `${formatFixed(n / 1024, 1)} KiB` : n < 1024 * MiB ? formatMiB(n) : `${formatFixed(n / 1024 / MiB, 2)} GiB`;
  return `${short} (${formatCount(n)} bytes)`;
}

/** A file name as one shell word, so the suggested command can be pasted as it stands. */
export function shellWord(name: string): string {
  return /^[\w.,+@%/=:-]+$/.test(name) ? name : `'${name.replace(/'/g, `'\\''`)}'`;
}

/** What the page says when it refuses a file for its size: which file, how big, the limit, and what to do instead. */
export function fileTooLargeMessage(name: string, size: number, limit: number): string {
  return (
    `${name} is ${readableSize(size)}, over the ${formatSize(limit)} this page can hold for one file, ` +
    `so it was not read. The command line reads it with the same checks: npx seqscope check ${shellWord(name)} --report report.md ` +
    `(see docs/limits.md for larger files).`
  );
}

/** Files split into those the page reads and those it refuses for their size. */
export function splitBySize<F extends { readonly name: string; readonly size: number }>(files: readonly F[], limit: number): { fits: F[]; refused: string[] } {
  const fits: F[] = [];
  const refused: string[] = [];
  for (const f of files) {
    if (f.size > limit) refused.push(fileTooLargeMessage(f.name, f.size, limit));
    else fits.push(f);
  }
  return { fits, refused };
}
