import { create } from 'zustand';
import type { ParsedInput, SeqRecord } from '../core/model';
import { RawLineReader } from '../worker/rawClient';

/**
 * Raw lines of streamed inputs, read back from their content on demand: a
 * view that shows a line asks for it (rawTextOf does), the lines asked for
 * in one turn are read together by the raw line reader's worker, and views
 * showing raw text re-render when they arrive (useRawLinesVersion).
 */
let reader: RawLineReader | null = null;

/** Lines kept per input; beyond this the oldest read are forgotten (read again if shown again). */
const KEEP_LINES = 50_000;

export const useRawLines = create<{ version: number }>()(() => ({ version: 0 }));

/** Subscribe a view that shows raw text, so it re-renders when asked-for lines arrive. */
export function useRawLinesVersion(): number {
  return useRawLines((s) => s.version);
}

const queued = new Map<ParsedInput, Map<number, number>>();
let flushing: Promise<void> | null = null;

async function readInto(input: ParsedInput, spans: Map<number, number>): Promise<void> {
  const streamed = input.streamed;
  if (!streamed?.content || spans.size === 0) return;
  const flat: number[] = [];
  for (const [offset, length] of spans) flat.push(offset, length);
  reader ??= new RawLineReader();
  const texts = await reader.read(streamed.content, flat);
  const lines = streamed.rawLines;
  let k = 0;
  for (const offset of spans.keys()) lines.set(offset, texts[k++]!);
  if (lines.size > KEEP_LINES + spans.size) {
    let drop = lines.size - KEEP_LINES - spans.size;
    for (const key of lines.keys()) {
      if (drop-- <= 0) break;
      lines.delete(key);
    }
  }
}

function flush(): Promise<void> {
  flushing ??= new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
    const batch = [...queued];
    queued.clear();
    flushing = null;
    try {
      await Promise.all(batch.map(([input, spans]) => readInto(input, spans)));
    } finally {
      useRawLines.setState((s) => ({ version: s.version + 1 }));
    }
  });
  return flushing;
}

function want(input: ParsedInput, record: SeqRecord): boolean {
  const streamed = input.streamed;
  if (!streamed?.content || record.offset < 0 || streamed.rawLines.has(record.offset)) return false;
  let spans = queued.get(input);
  if (!spans) queued.set(input, (spans = new Map()));
  spans.set(record.offset, record.length);
  return true;
}

/** Asks for a record's raw line (when its input is streamed and the line is not read yet); views re-render when it arrives. */
export function wantRawLine(input: ParsedInput | undefined, record: SeqRecord): void {
  if (input && want(input, record)) void flush().catch(() => undefined);
}

/** Reads back the raw lines of these records not read yet, resolving once they are there (an export that quotes them). */
export async function readRawLines(records: readonly { readonly input: ParsedInput | undefined; readonly record: SeqRecord }[]): Promise<void> {
  let asked = false;
  for (const { input, record } of records) if (input && want(input, record)) asked = true;
  if (asked) await flush().catch(() => undefined);
}
