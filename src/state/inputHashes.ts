import type { Analysis } from '../core/analyze';
import { isHashed, setFileHash } from '../core/fileHash';
import type { ParsedInput } from '../core/model';
import { hashFiles } from '../worker/hashClient';
import type { SourceFile } from '../worker/protocol';

/** The hashing of an analysis' inputs once shown, by analysis: exports and links wait for it. */
const settling = new WeakMap<Analysis, Promise<void>>();
/** Inputs whose hashing has begun and not ended. */
const hashing = new WeakSet<ParsedInput>();

/** Whether the input's hash is being made (from before its view is shown until it is known or could not be made). */
export const isBeingHashed = (input: ParsedInput): boolean => hashing.has(input);

/** Resolves once the page is idle: the view it was given has been drawn. */
const idle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });

/**
 * Gives the inputs of an analysis about to be shown that were read without
 * their hash (large files, see core/fileHash.ts) their SHA-256, once the
 * page is idle after the view, and calls `settled` when that has ended,
 * whether each got its hash or not. Called before the analysis is in the
 * store, so what follows the store sees its inputs being hashed from the
 * first. `sources` are the analysis' files, in its input order. Each hash
 * is set in place: every view's memo is keyed by the analysis, and a new
 * one would prepare the whole view again (a second at a million records)
 * for 64 characters. An input whose file could not be read again keeps
 * NOT_HASHED, and what needs its hash says so.
 */
export function hashInputsAfterView(analysis: Analysis, sources: readonly SourceFile[], settled: () => void): Promise<void> {
  const already = settling.get(analysis);
  if (already) return already;
  const unhashed = analysis.inputs.flatMap((input, i) => (isHashed(input) || !sources[i] ? [] : [{ input, blob: sources[i].blob }]));
  if (unhashed.length === 0) return Promise.resolve();
  for (const { input } of unhashed) hashing.add(input);
  const done = idle()
    .then(() => hashFiles(unhashed.map((u) => u.blob)))
    .catch(() => unhashed.map(() => null))
    .then((hashes) => {
      unhashed.forEach(({ input }, k) => {
        const sha256 = hashes[k];
        if (sha256) setFileHash(input, sha256);
        hashing.delete(input);
      });
      settled();
    });
  settling.set(analysis, done);
  return done;
}

/**
 * Every input of `analysis` with its hash, once what hashes them has ended;
 * throws, naming the file, when one could not be hashed (it changed on disk
 * since it was opened), since what needs the hash must not go on without it.
 */
export async function whenHashed(analysis: Analysis): Promise<void> {
  await settling.get(analysis);
  const missing = analysis.inputs.find((input) => !isHashed(input));
  if (missing) throw new Error(`${missing.name} could not be read again to compute its SHA-256; if it changed since it was opened, open it again`);
}
