/** Hex SHA-256 of the bytes given (a file as it is, or what its gzip decompresses to), via Web Crypto in both browser and Node. */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  const out = new Uint8Array(digest);
  let hex = '';
  for (const b of out) hex += b.toString(16).padStart(2, '0');
  return hex;
}
