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

/** In the page: the rejected lines again, yielding after every REJECTED_PER_TASK of them. */
export async function unpackRejected(p: PackedRejected, yieldBetween: () => Promise<void>): Promise<RejectedLine[]> {
  const n = p.lines.length;
  const out = new Array<RejectedLine>(n);
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % REJECTED_PER_TASK === 0) await yieldBetween();
    out[i] = { line: inlineNumber(p.lines[i]!), reason: textAt(p.reasons, i) };
  }
  return out;
}
