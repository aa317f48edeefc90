import { gunzipSync } from 'fflate';

export interface DecodedText {
  readonly text: string;
  readonly encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  readonly gzip: boolean;
  readonly bom: boolean;
}

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

export function gunzip(bytes: Uint8Array): Uint8Array {
  return gunzipSync(bytes);
}

/**
 * Bytes to text. A byte-order mark picks the encoding and is dropped; without
 * one the text is UTF-8, and invalid sequences become U+FFFD so the line that
 * holds them can be named rather than the whole file refused.
 */
export function decodeText(bytes: Uint8Array, gzip = false): DecodedText {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8', gzip, bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le', gzip, bom: true };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be', gzip, bom: true };
  }
  return { text: new TextDecoder('utf-8').decode(bytes), encoding: 'utf-8', gzip, bom: false };
}
