const encoder = new TextEncoder();
let scratch = new Uint8Array(256);

/**
 * The UTF-8 of `text`, valid until the next call: ASCII text is copied a
 * character at a time into a buffer kept for it, since a call to Chromium's
 * TextEncoder costs microseconds however short the text, and the column
 * reader encodes a few short strings (a kind, a session, an id) for every
 * line it leaves to the object reader.
 */
export function utf8Bytes(text: string): Uint8Array {
  const n = text.length;
  if (n > scratch.length) scratch = new Uint8Array(Math.max(n, scratch.length * 2));
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return encoder.encode(text);
    scratch[i] = c;
  }
  return scratch.subarray(0, n);
}
