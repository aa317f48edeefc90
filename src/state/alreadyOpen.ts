import type { AlreadyOpen } from '../worker/protocol';

/**
 * `o1.jsonl is already open (same SHA-256, 3f2a…); it was not added again.`
 * A gzip of a log that is open has other bytes, so it says what is the same:
 * `log.jsonl.gz is already open as log.jsonl (same content once decompressed, SHA-256 3f2a…); …`
 */
export function alreadyOpenMessage(a: Omit<AlreadyOpen, 'index'>): string {
  const as = a.sameAs === a.name ? '' : ` as ${a.sameAs}`;
  const same = a.onceDecompressed ? 'same content once decompressed, SHA-256' : 'same SHA-256,';
  return `${a.name} is already open${as} (${same} ${a.sha256.slice(0, 12)}…); it was not added again.`;
}
