import type { SourceFile } from '../worker/protocol';

export async function readFiles(files: Iterable<File>): Promise<SourceFile[]> {
  return Promise.all([...files].map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })));
}

/** Paste and key shortcuts belong to a field the user is typing in, not to the page. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
