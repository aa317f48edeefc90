import { SHORT_HASH, type LinkedInput } from './url';

/** A file a link or an evidence bundle names: as the main input or as the comparison run. */
export interface ExpectedInput extends LinkedInput {
  readonly role: 'input' | 'compare';
}

export interface GivenFile {
  readonly name: string;
  /** Full hex SHA-256 of the bytes as given. */
  readonly sha256: string;
}

/**
 * What is wrong with a file given for a link. `mismatch`: it has the name of
 * a file the link expects, but not its content. `not-in-link`: neither its
 * hash nor its name is one the link expects (it is left out).
 */
export interface LinkProblem {
  readonly kind: 'mismatch' | 'not-in-link';
  readonly name: string;
  /** The short hash the link expects (for a mismatch). */
  readonly expected: string | null;
  readonly found: string;
}

export interface LinkMatch {
  /** For each expected input, the given file that matches it (by position in `given`), or null while none does. */
  readonly slots: readonly (number | null)[];
  readonly problems: readonly LinkProblem[];
}

/** Whether a full SHA-256 is the one a link names (a link carries the start of it). */
export function hashMatches(expected: string, sha256: string): boolean {
  return expected.length > 0 && sha256.toLowerCase().startsWith(expected.toLowerCase());
}

/**
 * Matches given files to the inputs a link expects. Content decides: a file
 * matches by hash whatever its name; a file with an expected name and another
 * hash is a mismatch, said as such and never used in its place.
 */
export function matchLinkFiles(expected: readonly ExpectedInput[], given: readonly GivenFile[], filled: readonly (number | null)[] = []): LinkMatch {
  const slots = expected.map((_, i) => filled[i] ?? null);
  const problems: LinkProblem[] = [];
  given.forEach((file, g) => {
    if (slots.includes(g)) return;
    const byHash = expected.findIndex((e, i) => slots[i] === null && hashMatches(e.hash, file.sha256));
    if (byHash >= 0) {
      slots[byHash] = g;
      return;
    }
    const byName = expected.find((e, i) => slots[i] === null && e.name === file.name);
    const short = file.sha256.slice(0, SHORT_HASH);
    if (byName) problems.push({ kind: 'mismatch', name: file.name, expected: byName.hash.slice(0, SHORT_HASH), found: short });
    else if (!expected.some((e) => hashMatches(e.hash, file.sha256))) problems.push({ kind: 'not-in-link', name: file.name, expected: null, found: short });
  });
  return { slots, problems };
}

/** One plain sentence per problem: which file, what was expected, what was found. */
export function describeLinkProblem(p: LinkProblem): string {
  if (p.kind === 'mismatch') {
    return `${p.name} does not match the link: expected SHA-256 ${p.expected}…, found ${p.found}… — it is not the file the view was made from.`;
  }
  return `${p.name} (SHA-256 ${p.found}…) is not one of the files the link names; it was left out.`;
}
