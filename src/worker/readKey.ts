import type { SourceFile } from './protocol';

/**
 * What the worker keeps a file's reading under: the key the page gave the
 * file it chose (one per file, sources.ts), the name it is read under and
 * its size. Never its position among the inputs: closing the first of
 * eighteen files would read the seventeen after it again. The name counts
 * because a record without an id is named `file:line`, and a name the page
 * numbered apart from another file's (`log (2).jsonl`) changes when that
 * file closes; the size, so a key given to other bytes reads them. Null: a
 * file without a key is read each time.
 */
export function readKeyOf(file: SourceFile): string | null {
  return file.key === undefined ? null : JSON.stringify([file.key, file.name, file.blob.size]);
}
