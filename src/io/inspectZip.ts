import { unzipSync } from 'fflate';
import { ContentTooLargeError } from './gzip';
import { formatSize, type InputLimits } from './limits';

/** The members of a `.eval` zip that Seqscope reads, and what it left out and why. */
export interface EvalZip {
  /** Every member name in directory order, repeats included. */
  readonly names: readonly string[];
  /** The members read (header, journal start, samples) by name, in directory order; a repeated name keeps its last member. */
  readonly members: ReadonlyMap<string, Uint8Array>;
  /** Members not inflated because their directory entry says they are over the document limit, with that size. */
  readonly oversize: ReadonlyMap<string, number>;
}

export const SAMPLE_MEMBER = /^samples\/.+\.json$/;

function isReadMember(name: string): boolean {
  return name === 'header.json' || name === '_journal/start.json' || SAMPLE_MEMBER.test(name);
}

/** A `.eval` log is a zip whose `header.json` (or, while running, `_journal/start.json`) names it. */
export function isInspectEvalZip(entries: readonly string[]): boolean {
  return entries.includes('header.json') || entries.includes('_journal/start.json');
}

/**
 * Unzips only what the reader uses, so attachments and journals of a large
 * log are never inflated. Sizes come from the zip's directory, read whole
 * before anything is inflated: a member over the document limit is skipped
 * (and reported as a rejected item), and members adding up to more than the
 * content limit refuse the whole file (a zip bomb, or a log too big to hold)
 * having inflated nothing, not the first 500 MiB of it. A member whose
 * directory understates its size cannot overflow either: fflate inflates
 * into a buffer of the stated size.
 */
export function unzipInspectEval(bytes: Uint8Array, limits: InputLimits): EvalZip {
  const names: string[] = [];
  const oversize = new Map<string, number>();
  let total = 0;
  unzipSync(bytes, {
    filter: (f) => {
      names.push(f.name);
      if (!isReadMember(f.name)) return false;
      if (f.originalSize > limits.maxDocumentChars) oversize.set(f.name, f.originalSize);
      else total += f.originalSize;
      return false;
    },
  });
  if (total > limits.maxContentBytes) {
    throw new ContentTooLargeError(`would inflate to more than ${formatSize(limits.maxContentBytes)}, the limit for one input; refused before inflating further`);
  }
  const files = unzipSync(bytes, { filter: (f) => isReadMember(f.name) && !oversize.has(f.name) });
  const members = new Map<string, Uint8Array>();
  for (const name of names) if (Object.prototype.hasOwnProperty.call(files, name)) members.set(name, files[name]!);
  return { names, members, oversize };
}

/**
 * Whether a zip's end of central directory record (`PK\x05\x06`, within its
 * last 22 bytes plus the longest comment) is there. A zip is written front
 * to back and that record last, so one cut off while being written or copied
 * has lost it, and with it the list of its members.
 */
export function hasZipEnd(bytes: Uint8Array): boolean {
  const earliest = Math.max(0, bytes.length - END_RECORD_BYTES - 0xffff);
  for (let at = bytes.length - END_RECORD_BYTES; at >= earliest; at--) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) return true;
  }
  return false;
}

const END_RECORD_BYTES = 22;

/** The member names of a zip, read from its directory without inflating anything. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (f) => {
        names.push(f.name);
        return false;
      },
    });
  } catch {
    return [];
  }
  return names;
}
