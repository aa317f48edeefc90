import { gzipSync } from 'node:zlib';

/** For tests: a file as the user chose it, by the key the page gives it, its name and its bytes. */
export interface Chosen {
  readonly key: string;
  readonly name: string;
  readonly bytes: Uint8Array;
}

export const jsonLines = (records: readonly object[]) => new TextEncoder().encode(records.map((r) => JSON.stringify(r)).join('\n') + '\n');

/**
 * A file of its own session with a decision flip (a revoke accepted after an
 * allow but stored before it) and a record without an id (named `file:line`),
 * and a record of the session `shared` that every file writes to, so findings
 * cite records of several files.
 */
export function chosen(key: string): Chosen {
  const s = `s-${key}`;
  return {
    key,
    name: `${key}.jsonl`,
    bytes: jsonLines([
      { kind: 'input', id: `${key}-2`, session: s, op: 'revoke', accept_seq: 2 },
      { kind: 'input', id: `${key}-1`, session: s, op: 'allow', accept_seq: 1 },
      { kind: 'input', session: s, op: 'set', key: 'mode', value: key, accept_seq: 3 },
      { kind: 'input', id: `shared-${key}`, session: 'shared', op: 'set', key: 'owner', value: key, accept_seq: key.charCodeAt(0) },
    ]),
  };
}

/** A native log of 40,000 records whose gzip is over the size from which gzips are streamed (its tokens compress poorly). */
export function streamedGzip(key: string): Chosen {
  const records: object[] = [];
  for (let i = 1; records.length < 40_000; i++) {
    records.push({ kind: 'input', id: `${key}${i}`, session: key, accept_seq: i, op: 'allow', token: (Math.imul(i, 2654435761) >>> 0).toString(36) });
  }
  return { key, name: `${key}.jsonl.gz`, bytes: gzipSync(jsonLines(records)) };
}
