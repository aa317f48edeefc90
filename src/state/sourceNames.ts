import type { SourceFile } from '../worker/protocol';

/** The name each renamed source was given by the user, for what the page says about that file itself. */
const givenNames = new WeakMap<SourceFile, string>();

/**
 * Sources with names told apart: a file named like an earlier one becomes
 * `log (2).jsonl` (the number before the extensions, so `.jsonl.gz` still
 * reads as it did). Two `session.jsonl` from two hosts otherwise both read
 * `session.jsonl:2` in every finding, place and link, and a reviewer could not
 * tell which file a record is in. Sources whose name is free are returned
 * as they are (the same objects, which the loader compares).
 */
export function withDistinctNames(sources: readonly SourceFile[]): SourceFile[] {
  // A number never gives a file the name another file has: given log.jsonl twice and log (2).jsonl, the
  // second log.jsonl taking "log (2).jsonl" would put its records at the places of the user's own log (2).jsonl.
  const given = new Set(sources.map((s) => s.name));
  const taken = new Set<string>();
  return sources.map((source) => {
    let name = source.name;
    for (let k = 2; taken.has(name) || (name !== source.name && given.has(name)); k++) name = numbered(source.name, k);
    taken.add(name);
    if (name === source.name) return source;
    const renamed: SourceFile = { ...source, name };
    givenNames.set(renamed, givenNames.get(source) ?? source.name);
    return renamed;
  });
}

/** The name the user's file had, before withDistinctNames numbered it (`fallback` for a source not there). */
export function givenNameOf(source: SourceFile | undefined, fallback: string): string {
  return source ? (givenNames.get(source) ?? source.name) : fallback;
}

function numbered(name: string, k: number): string {
  const dot = name.indexOf('.', 1);
  return dot < 0 ? `${name} (${k})` : `${name.slice(0, dot)} (${k})${name.slice(dot)}`;
}
