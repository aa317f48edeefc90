/** The bytes as a stream cut at the given places (taken modulo the length), as a reader would get them. */
export async function* chunksOf(bytes: Uint8Array, cuts: number[]): AsyncIterable<Uint8Array> {
  let at = 0;
  for (const c of [...new Set(cuts.map((x) => x % (bytes.length + 1)))].sort((a, b) => a - b)) {
    yield bytes.subarray(at, c);
    at = c;
  }
  yield bytes.subarray(at);
}
