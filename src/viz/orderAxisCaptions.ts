import { placeLabel, placeNoun } from '../core/place';
import type { ParsedInput } from '../core/model';
import type { OrderModel } from './orderModel';
import { placeSpan } from '../core/markdownText';

/**
 * What the two axes span, said after their titles by the page and by the
 * SVG export alike. A session stored across files names each end by file,
 * since "lines 1–1" would read as one line of one file.
 */
export function orderAxisCaptions(
  model: Pick<OrderModel, 'records' | 'n' | 'accCount' | 'accSeqs'>,
  inputs: readonly Pick<ParsedInput, 'name' | 'itemized'>[],
): { storage: string; acceptance: string } {
  const first = model.records[0];
  const last = model.records[model.n - 1];
  const acceptance = model.accCount > 0 ? placeSpan('accept_seq', model.accSeqs[0]!, model.accSeqs[model.accCount - 1]!, 'accept_seq') : 'no accepted record has an accept_seq';
  if (!first || !last) return { storage: 'position in file', acceptance };
  if (first.fileIndex === last.fileIndex) return { storage: `position in file, ${placeSpan(placeNoun(inputs[first.fileIndex]), first.line, last.line)}`, acceptance };
  return {
    storage: `position in files, taken in the order given: ${placeLabel(inputs, first.fileIndex, first.line)} to ${placeLabel(inputs, last.fileIndex, last.line)}`,
    acceptance,
  };
}
