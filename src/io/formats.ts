import type { ParsedBody } from './parseNative';
import { parseNative } from './parseNative';

/**
 * One entry per text format. `sniff` looks at the head of the decoded text
 * and the parsed first value; the first format that claims it wins, so the
 * most specific formats come first and native comes last.
 */
export interface TextFormat {
  readonly id: string;
  readonly label: string;
  sniff(head: string, firstValue: unknown): boolean;
  parse(text: string, fileName: string, fileIndex: number): ParsedBody;
}

export const nativeFormat: TextFormat = {
  id: 'native',
  label: 'Seqscope native (JSON Lines / JSON)',
  sniff: () => true,
  parse: parseNative,
};

export const TEXT_FORMATS: TextFormat[] = [nativeFormat];
