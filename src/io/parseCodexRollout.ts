import { codexRolloutBody } from './codexRolloutBody';
import { CodexRolloutReader } from './codexRolloutReader';
import { isNonNegativeInteger, isObject } from './derivedRecord';
import { encodingNotes } from './encodingNotes';
import type { FormatBody, TextFormat } from './formats';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import { lineRanges } from './lines';
import type { StreamedBody, StreamReadOptions } from './readNativeStream';
import { readStreamLines } from './streamLines';

/** A first line shaped like a rollout envelope: `{timestamp, type, payload}` and no native `kind`. */
function looksLikeRolloutLine(v: unknown): boolean {
  return (
    isObject(v) &&
    !('kind' in v) &&
    typeof v.type === 'string' &&
    'payload' in v &&
    (typeof v.timestamp === 'string' || isNonNegativeInteger(v.ordinal))
  );
}

export const codexRolloutFormat: TextFormat = {
  id: 'codex-rollout',
  label: 'Codex CLI rollout (JSON Lines)',
  sniff: (probe) => looksLikeRolloutLine(probe.firstValue),
  parse: (text, fileName, fileIndex, _probe, limits) => parseCodexRollout(text, fileName, fileIndex, limits),
};

/**
 * A Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`), legacy
 * or paginated, into the native model, from its whole text (codexRolloutBody.ts
 * says how).
 */
export function parseCodexRollout(text: string, fileName: string, fileIndex: number, limits: InputLimits = DEFAULT_LIMITS): FormatBody {
  const reader = new CodexRolloutReader(limits, false);
  const { starts, ends, count } = lineRanges(text);
  for (let i = 0; i < count; i++) reader.push(text, starts[i]!, ends[i]!, starts[i]!, ends[i]! - starts[i]!);
  const last = text.charCodeAt(text.length - 1);
  reader.end(last === 10 || last === 13);
  return codexRolloutBody(reader, fileName, fileIndex);
}

/**
 * A UTF-8 rollout read from a stream of byte chunks, never holding its text
 * or its parsed lines: each record keeps the byte offset and length of its
 * line and (with `compact`) only the fields the engine reads, so a rollout
 * larger than memory can be checked. Reads what parseCodexRollout reads.
 */
export async function readCodexStream(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  fileIndex: number,
  options: StreamReadOptions = {},
): Promise<StreamedBody> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const reader = new CodexRolloutReader(limits, options.compact ?? false);
  const { contentBytes, invalidLines, endsWithLineBreak } = await readStreamLines(chunks, reader, limits, {
    splitAsText: options.splitAsText,
    afterChunk: options.onChunk && ((contentBytes) => options.onChunk!(contentBytes, reader.kept.length)),
  });
  reader.end(endsWithLineBreak);
  const body = codexRolloutBody(reader, fileName, fileIndex);
  // As the whole-file loader orders them: what the decoding says, then the rollout's own notes.
  return { ...body, notes: [...encodingNotes(invalidLines, 'utf-8', body.format, { lines: body.lines, blank: body.blank, records: body.records.length }), ...body.notes], contentBytes };
}
