import type { InputNote, ParsedInput, StreamedContent } from '../core/model';
import { encodingNotes } from './encodingNotes';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import type { FormatBody } from './formats';
import { NativeLineReader } from './nativeLineReader';
import { parsedInput, type InputFile } from './parsedInput';
import { readStreamLines, type AsciiText } from './streamLines';

export interface StreamedBody extends FormatBody {
  /** Bytes of content read (after any decompression). */
  readonly contentBytes: number;
}

export interface StreamReadOptions {
  /** Records keep only the fields the engine reads (compactRecord.ts). */
  compact?: boolean;
  limits?: InputLimits;
  /** False: every chunk is split byte by byte (the two ways must read alike; tests compare them). */
  splitAsText?: boolean;
  /** A faster decoding of ASCII chunks (streamLines.ts); only native lines use it. */
  asciiText?: AsciiText;
  /** Bytes decoded at a time where lines allow (streamLines.ts); tests make it small. */
  textPieceBytes?: number;
  /** After each chunk: content bytes read so far, and the lines that became records so far. */
  onChunk?: (contentBytes: number, records: number) => void;
}

/**
 * Native JSON Lines read from a stream of byte chunks, never holding the
 * text: each record keeps the byte offset and length of its line in the
 * stream, and (with `compact`) only the fields the engine reads. This is
 * how a file larger than memory is checked.
 */
export async function readNativeStream(
  chunks: AsyncIterable<Uint8Array>,
  fileName: string,
  fileIndex: number,
  options: StreamReadOptions = {},
): Promise<StreamedBody> {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const reader = new NativeLineReader(fileName, fileIndex, limits, options.compact ?? false);
  const { contentBytes, invalidLines } = await readStreamLines(chunks, reader, limits, {
    afterChunk: (contentBytes) => options.onChunk?.(contentBytes, reader.records.length),
    splitAsText: options.splitAsText,
    asciiText: options.asciiText,
    textPieceBytes: options.textPieceBytes,
  });
  const notes: InputNote[] = encodingNotes(invalidLines, 'utf-8', 'native-jsonl', { lines: reader.lines, blank: reader.blank, records: reader.records.length });
  return {
    format: 'native-jsonl',
    lines: reader.lines,
    blank: reader.blank,
    rejected: reader.rejected,
    records: reader.records,
    notes,
    contentBytes,
  };
}

/** A streamed body as an input: no text, reasons and notes escaped for printing, `streamed` set where raw lines can be read back. */
export function streamedInput(body: StreamedBody, file: InputFile, streamed?: StreamedContent): ParsedInput {
  const input = parsedInput(body, file, '');
  return streamed ? { ...input, streamed } : input;
}
