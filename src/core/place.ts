import type { ParsedInput } from './model';

/**
 * What a record's `line` counts in its input: lines of its text, or the
 * items of one JSON document or database (an array's positions, a table's
 * rows). Said as "item" for those, since item 2 of a pretty-printed array is
 * not on line 2 of the file, and a reader checking in an editor would look
 * in the wrong place.
 */
export function placeNoun(input: Pick<ParsedInput, 'itemized'> | undefined): 'line' | 'item' {
  return input?.itemized ? 'item' : 'line';
}

/** Where a record is, in a sentence: `line 4` or `item 4`, or `name:4` when several inputs are open. */
export function placeLabel(inputs: readonly Pick<ParsedInput, 'name' | 'itemized'>[], fileIndex: number, line: number): string {
  return inputs.length > 1 ? `${inputs[fileIndex]?.name ?? ''}:${line}` : `${placeNoun(inputs[fileIndex])} ${line}`;
}

/**
 * What the places of several inputs are called together, in a heading or a
 * column: items only when every one is itemized. A mix keeps lines, as most
 * places are; each place shown under it still names its own noun.
 */
export function placesNoun(inputs: readonly Pick<ParsedInput, 'itemized'>[]): 'line' | 'item' {
  return inputs.length > 0 && inputs.every((i) => i.itemized) ? 'item' : 'line';
}
