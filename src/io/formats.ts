import type { InputBoundary } from '../core/model';
import type { InputLimits } from './limits';
import type { ParsedBody } from './parseNative';
import { parseNative } from './parseNative';
import { codexRolloutFormat } from './parseCodexRollout';
import { inspectJsonFormat } from './parseInspectLog';
import { promptfooFormat } from './parsePromptfoo';
import { agentsRunStateFormat } from './parseAgentsRunState';

/** What detection learned about a text, handed to the format that claims it so nothing is parsed twice. */
export interface FormatProbe {
  /** The start of the text (64 KiB). */
  readonly head: string;
  /** The first JSON value among the first few non-blank lines (JSON Lines formats). */
  readonly firstValue: unknown;
  /** The whole text parsed as one JSON object, when it is one. */
  readonly document: unknown;
  /**
   * Why the whole text, which starts like one JSON object, was not parsed:
   * not valid JSON, or a DocumentTooLargeError when it is over the document
   * limit and was never handed to JSON.parse; null when it parsed or does
   * not look like one.
   */
  readonly documentError: Error | null;
}

/** A parser's result; real formats may add the boundaries they know about. */
export interface FormatBody extends ParsedBody {
  readonly boundaries?: InputBoundary[];
}

/**
 * One entry per text format. `sniff` looks at the probe; the first format
 * that claims the text wins, so the most specific formats come first and
 * native comes last and catches everything.
 */
export interface TextFormat {
  readonly id: string;
  readonly label: string;
  sniff(probe: FormatProbe): boolean;
  parse(text: string, fileName: string, fileIndex: number, probe: FormatProbe, limits: InputLimits): FormatBody;
}

export const nativeFormat: TextFormat = {
  id: 'native',
  label: 'Seqscope native (JSON Lines / JSON)',
  sniff: () => true,
  parse: (text, fileName, fileIndex, _probe, limits) => parseNative(text, fileName, fileIndex, limits),
};

export const TEXT_FORMATS: readonly TextFormat[] = [
  codexRolloutFormat,
  inspectJsonFormat,
  promptfooFormat,
  agentsRunStateFormat,
  nativeFormat,
];
