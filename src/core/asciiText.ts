/** The text of bytes that are all ASCII (one character each), made without a decoder's call. */
export function asciiText(buf: Uint8Array, start: number, end: number): string {
  // fromCharCode takes its bytes as arguments, and an engine's stack holds only so many.
  if (end - start <= 4096) return String.fromCharCode.apply(null, buf.subarray(start, end) as unknown as number[]);
  let text = '';
  for (let at = start; at < end; at += 4096) text += String.fromCharCode.apply(null, buf.subarray(at, Math.min(end, at + 4096)) as unknown as number[]);
  return text;
}
