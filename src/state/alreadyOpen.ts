/** A file by name and the hex SHA-256 of its bytes as given. */
export interface HashedFile {
  readonly name: string;
  readonly sha256: string;
}

export interface AlreadyOpen {
  readonly name: string;
  /** The open file (or one earlier in the same batch) with the same bytes. */
  readonly sameAs: string;
  readonly sha256: string;
}

/**
 * Which incoming files are new and which have the bytes of a file already
 * open (or of one earlier in the same batch). Content decides, not the name:
 * the same log under another name is the same log, and opening it twice
 * would only double every record.
 */
export function partitionByHash(open: readonly HashedFile[], incoming: readonly HashedFile[]): { fresh: number[]; already: AlreadyOpen[] } {
  const seen = new Map<string, string>();
  for (const f of open) if (!seen.has(f.sha256)) seen.set(f.sha256, f.name);
  const fresh: number[] = [];
  const already: AlreadyOpen[] = [];
  incoming.forEach((f, i) => {
    const sameAs = seen.get(f.sha256);
    if (sameAs !== undefined) already.push({ name: f.name, sameAs, sha256: f.sha256 });
    else {
      seen.set(f.sha256, f.name);
      fresh.push(i);
    }
  });
  return { fresh, already };
}

/** `o1.jsonl is already open (SHA-256 3f2a…); it was not added again.` */
export function alreadyOpenMessage(a: AlreadyOpen): string {
  const as = a.sameAs === a.name ? '' : ` as ${a.sameAs}`;
  return `${a.name} is already open${as} (same SHA-256, ${a.sha256.slice(0, 12)}…); it was not added again.`;
}
