/**
 * A short, stable digest of a text, used as a replay value: two inputs with
 * the same text give the same value, so a decision flip means the two orders
 * disagree about *which* instruction stands last, not just which record.
 * FNV-1a over UTF-16 code units is enough here: this is a label, not a
 * security boundary, and it must be synchronous in a worker.
 */
export function fnv1aHex(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

const PREVIEW_CHARS = 40;

/** `#1a2b3c4d "first words of the text…"`: the digest decides equality, the preview tells a person which text it is. */
export function textDigest(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const preview = flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS - 1)}…` : flat;
  return `#${fnv1aHex(text)} "${preview}"`;
}
