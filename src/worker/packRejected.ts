import type { RejectedLine } from '../core/model';
import { inlineNumber } from '../io/inlineNumber';
import { textAt, TextPacker, type PackedTexts } from './packedTexts';

/**
 * One input's rejected lines as columns: a file of a million lines that are
 * not records crossed as a million small objects in the analysis's one
 * message, and the page spent most of a second receiving and rebuilding
 * them in one task. As a typed array of line numbers and one joined text of
 * reasons they cross as two parts, and the page rebuilds them a stretch at
 * a time.
 */
export interface PackedRejected {
  readonly lines: Float64Array;
  readonly reasons: PackedTexts;
}

/** Rejected lines rebuilt per stretch this long before the page yields. */
export const REJECTED_PER_TASK = 50_000;

export function packRejected(rejected: readonly RejectedLine[]): PackedRejected {
  const lines = new Float64Array(rejected.length);
  const reasons = new TextPacker();
  for (let i = 0; i < rejected.length; i++) {
    lines[i] = rejected[i]!.line;
    reasons.push(rejected[i]!.reason);
  }
  return { lines, reasons: reasons.finish() };
}

/** The buffers to transfer with the packed lists. */
export function rejectedBuffers(packed: readonly PackedRejected[]): ArrayBuffer[] {
  return packed.flatMap((p) => [p.lines.buffer as ArrayBuffer, p.reasons.ends.buffer as ArrayBuffer]);
}

/**
 * In the page: each input's rejected lines again, yielding after every REJECTED_PER_TASK of them
 * counted across the inputs: counted per input, many inputs of fewer lines each were rebuilt in one task.
 */
export async function unpackRejected(packed: readonly PackedRejected[], yieldBetween: () => Promise<void>): Promise<RejectedLine[][]> {
  const lists: RejectedLine[][] = [];
  let done = 0;
  for (const p of packed) {
    const out = new Array<RejectedLine>(p.lines.length);
    for (let i = 0; i < out.length; i++, done++) {
      if (done > 0 && done % REJECTED_PER_TASK === 0) await yieldBetween();
      out[i] = { line: inlineNumber(p.lines[i]!), reason: textAt(p.reasons, i) };
    }
    lists.push(out);
  }
  return lists;
}
