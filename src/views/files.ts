import type { Notice } from '../state/inputsSlice';
import { openFiles } from '../state/loader';
import { pageFileLimit, splitBySize } from '../state/pageLimits';
import { useStore } from '../state/store';
import type { SourceFile } from '../worker/protocol';
import { sourceOf } from '../state/sources';

/** The size limit for one file, read once when the page starts (a test may lower it with `?maxFileMB=`). */
const fileLimit = pageFileLimit(typeof location === 'undefined' ? '' : location.search);

/** Files picked for a purpose of their own (a comparison, a link, a bundle): those over the limit are refused, in an alert, and left out. */
export async function readFiles(files: Iterable<File>): Promise<SourceFile[]> {
  const { fits, refused } = splitBySize([...files], fileLimit);
  if (refused.length > 0) useStore.getState().setNotices(refused.map((message) => ({ message, alert: true })));
  return fits.map((f) => sourceOf(f.name, f));
}

/**
 * Files picked, dropped or pasted: a file over the page's limit is refused
 * before a byte of it is read (with its size, the limit and the CLI command to
 * use instead), one the browser cannot read is named, and the rest open.
 */
export async function openPicked(files: Iterable<File>): Promise<void> {
  const { fits, refused } = splitBySize([...files], fileLimit);
  const notices: Notice[] = refused.map((message) => ({ message, alert: true }));
  // Nothing is read here: the worker streams each file from disk.
  return openFiles(fits.map((f) => sourceOf(f.name, f)), notices);
}

/** Paste and key shortcuts belong to a field the user is typing in, not to the page. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
