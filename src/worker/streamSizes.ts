/**
 * Files smaller than this are read whole, so they keep their text (character
 * offsets, raw lines at once); a gzip from a smaller size, since it
 * decompresses to about ten times as much. (A module of its own so the page
 * can ask without loading the reader.)
 */
export const STREAM_MIN_BYTES = 4 * 1024 * 1024;
export const STREAM_MIN_GZIP_BYTES = 256 * 1024;
