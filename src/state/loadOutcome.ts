import { sha256Hex } from '../io/sha256';
import { AnalysisError } from '../worker/client';
import type { SourceFile } from '../worker/protocol';
import { alreadyOpenMessage, partitionByHash } from './alreadyOpen';
import type { Notice, Origin } from './inputsSlice';
import { useStore } from './store';

const hashes = new WeakMap<Uint8Array, Promise<string>>();

/** SHA-256 of a file's bytes, computed once per file (Web Crypto, off the main thread). */
function hashOf(file: SourceFile): Promise<string> {
  let h = hashes.get(file.bytes);
  if (!h) hashes.set(file.bytes, (h = sha256Hex(file.bytes)));
  return h;
}

/** The incoming files whose bytes are not open yet, and a notice for each one that is. */
export async function withoutAlreadyOpen(open: readonly SourceFile[], incoming: readonly SourceFile[]): Promise<{ fresh: SourceFile[]; notices: Notice[] }> {
  const hashed = async (files: readonly SourceFile[]) => Promise.all(files.map(async (f) => ({ name: f.name, sha256: await hashOf(f) })));
  const { fresh, already } = partitionByHash(await hashed(open), await hashed(incoming));
  return { fresh: fresh.map((i) => incoming[i]!), notices: already.map((a) => ({ message: alreadyOpenMessage(a), alert: false })) };
}

/** What was open before a load started, to go back to if it does not finish. */
export interface Before {
  readonly sources: readonly SourceFile[];
  readonly origin: Origin | null;
}

/**
 * A load that did not finish: cancelled, the worker died, or the reader
 * refused every file. The inputs open before stay open, with their analysis
 * on screen, and the page says what happened.
 */
export function loadFailed(before: Before, e: unknown): void {
  const s = useStore.getState();
  s.restoreInputs(before.sources, before.origin);
  const kept = s.analysis ? ' The inputs open before are unchanged.' : '';
  if (e instanceof AnalysisError && e.kind === 'cancelled') {
    s.setNotices([...s.notices, { message: `Loading was cancelled.${kept}`, alert: false }]);
    return;
  }
  const message = e instanceof Error ? e.message : String(e);
  s.setError({ file: e instanceof AnalysisError ? e.file : null, message: `${message}${message.endsWith('.') ? '' : '.'}${kept}` });
}
