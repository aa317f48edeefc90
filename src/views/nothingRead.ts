import type { ParsedInput } from '../core/model';
import { notWhollyRead } from '../core/notWhollyRead';
import { placesNoun } from '../core/place';
import { formatCount } from './format';

/** Why no record was read, when nothing was: empty or blank inputs, said outright (rejected ones are listed apart). */
function blankInputsText(inputs: readonly ParsedInput[]): string {
  const lines = inputs.reduce((sum, i) => sum + i.lines, 0);
  if (lines === 0) return inputs.length === 1 ? 'the input is empty' : 'the inputs are empty';
  return `${lines === 1 ? 'the one line is' : `all ${formatCount(lines)} lines are`} blank`;
}

const anyRejected = (inputs: readonly ParsedInput[]) => inputs.some((i) => i.rejected.length > 0);

/** The findings list's word when no record was read: rejected lines say why when there are any; an empty or all-blank input has none to point to. */
export function nothingReadText(inputs: readonly ParsedInput[]): string {
  const noun = placesNoun(inputs);
  if (anyRejected(inputs)) {
    return `No findings, because no ${noun} was read as a record: there was nothing to check. The inputs' rejected ${noun}s say why.`;
  }
  return `No findings, because there was nothing to check: ${blankInputsText(inputs)}, so no record was read.`;
}

/**
 * The findings list's word when records were read and none gave a finding: over inputs not read whole, it speaks
 * only of what was read. Not "a record there": a line rejected is no record, and a gzip's lost end may hold none.
 */
export function noFindingsText(inputs: readonly ParsedInput[]): string {
  const unread = notWhollyRead(inputs);
  if (unread === null) return 'No findings: the inputs agree with themselves on every check.';
  return `No findings in what was read, but not all of it was: ${unread}. Nothing there was checked.`;
}

/** The order panel's word when no record was read, where the widest part of the page was left blank. */
export function nothingToDrawText(inputs: readonly ParsedInput[]): string {
  const noun = placesNoun(inputs);
  if (anyRejected(inputs)) return `No ${noun} was read as a record, so there is no order to draw; the rejected ${noun}s above say why.`;
  return `No record was read, so there is no order to draw: ${blankInputsText(inputs)}.`;
}

/** The record panel's word when no record was read: it asked to select a mark in an order view that is not there. */
export function noRecordToShowText(inputs: readonly ParsedInput[]): string {
  const noun = placesNoun(inputs);
  if (anyRejected(inputs)) return `No ${noun} was read as a record, so there is no record to show; the rejected ${noun}s above say why.`;
  return `No record was read, so there is no record to show: ${blankInputsText(inputs)}.`;
}
