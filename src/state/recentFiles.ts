import type { SourceFile } from '../worker/protocol';
import { isPastedSource, keepPastedTexts, keptPastedMatching } from './pastedTexts';

/** Files this tab has shown, newest last, by hash: a handle to a chosen file holds no bytes, so keeping a few costs nothing. */
const RECENT_FILES = 32;
let recent: { readonly file: SourceFile; readonly sha256: string }[] = [];

/**
 * Remembers the files of an analysis just shown, so back and forward can bring one back after it was closed;
 * pasted text is also kept in the tab's session storage, since a reload forgets the page's memory and it has no file to ask for.
 */
export function rememberShownFiles(sources: readonly SourceFile[], inputs: readonly { readonly sha256: string }[]): void {
  const shown = sources.map((file, i) => ({ file, sha256: inputs[i]?.sha256 ?? '' })).filter((f) => f.sha256 !== '');
  recent = [...recent.filter((r) => !shown.some((s) => s.sha256 === r.sha256)), ...shown].slice(-RECENT_FILES);
  keepPastedTexts(sources, inputs.map((i) => i.sha256));
}

/** The remembered files whose hash a link asks for: those of this page, then pasted texts kept from before a reload. */
export function recentFilesMatching(wanted: (sha256: string) => boolean): SourceFile[] {
  const here = recent.filter((r) => wanted(r.sha256));
  const kept = keptPastedMatching((sha256) => wanted(sha256) && !here.some((r) => r.sha256 === sha256));
  return [...here.map((r) => r.file), ...kept];
}

/** Forgets the pasted texts among the files this tab has shown (Close all): chosen files stay, since they are on disk anyway. */
export function forgetRecentPasted(): void {
  recent = recent.filter((r) => !isPastedSource(r.file));
}
