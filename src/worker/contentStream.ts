import { isGzip } from '../io/decode';

/** Whether a file starts as gzip does, read from its first two bytes alone. */
export async function blobIsGzip(file: Blob): Promise<boolean> {
  return isGzip(new Uint8Array(await file.slice(0, 2).arrayBuffer()));
}

/** A file's bytes as its content: through the platform's gzip decompressor when it is a gzip. */
export function contentOf(bytes: ReadableStream<Uint8Array>, gzip: boolean): ReadableStream<Uint8Array> {
  return gzip ? bytes.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>) : bytes;
}
