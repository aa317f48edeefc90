import { TEXT_FORMATS, type TextFormat } from './formats';

const HEAD_CHARS = 64 * 1024;

/** The first JSON value in the text: the first non-blank line, or the whole document when that line is not JSON on its own. */
export function firstJsonValue(head: string): unknown {
  const lines = head.split(/\r\n|\n|\r/);
  for (const line of lines) {
    if (!line.trim()) continue;
    try {
      return JSON.parse(line);
    } catch {
      break;
    }
  }
  return undefined;
}

/** Picks the text format from the content, never from the file name alone. */
export function detectTextFormat(text: string): TextFormat {
  const head = text.slice(0, HEAD_CHARS);
  const first = firstJsonValue(head);
  for (const f of TEXT_FORMATS) if (f.sniff(head, first)) return f;
  return TEXT_FORMATS[TEXT_FORMATS.length - 1]!;
}
