import type { SourceFile } from '../worker/protocol';

/** Files this tab has shown, newest last, by hash: a handle to a chosen file holds no bytes, so keeping a few costs nothing. */
const RECENT_FILES = 32;
let recent: { readonly file: SourceFile; readonly sha256: string }[] = [];

/** Remembers the files of an analysis just shown, so back and forward can bring one back after it was closed. */
export function rememberShownFiles(sources: readonly SourceFile[], inputs: readonly { readonly sha256: string }[]): void {
  const shown = sources.map((file, i) => ({ file, sha256: inputs[i]?.sha256 ?? '' })).filter((f) => f.sha256 !== '');
  recent = [...recent.filter((r) => !shown.some((s) => s.sha256 === r.sha256)), ...shown].slice(-RECENT_FILES);
}

/** The remembered files whose hash a link asks for. */
export function recentFilesMatching(wanted: (sha256: string) => boolean): SourceFile[] {
  return recent.filter((r) => wanted(r.sha256)).map((r) => r.file);
}
