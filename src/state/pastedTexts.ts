import type { SourceFile } from '../worker/protocol';
import { hashMatches } from './hashCheck';
import { sourceFromBytes } from './sources';

/**
 * Pasted text has no file to ask for again, so the tab keeps it in its
 * session storage (per tab, gone with the tab, never sent anywhere) for a
 * reload or back and forward to bring it back. Chromium gives a tab's
 * session storage 5,242,880 UTF-16 code units per origin, keys included
 * (measured: 10 MiB); a text's UTF-8 bytes never number fewer than its code
 * units, so 4 MiB of pasted text, newest kept first, always fits with room
 * for the index. A text beyond that is remembered by hash, name and size
 * only, so a link to it can say that it must be pasted again.
 */
export const PASTED_KEPT_BYTES = 4 * 1024 * 1024;
/** How many pasted texts are remembered (kept or not), as the tab remembers its last files. */
const REMEMBERED = 32;
const INDEX_KEY = 'seqscope:pasted';
const textKey = (sha256: string) => `seqscope:pasted:${sha256}`;

export type TabStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** One pasted text the tab remembers; `kept` when its text is in storage. */
export interface PastedEntry {
  readonly sha256: string;
  readonly name: string;
  readonly bytes: number;
  readonly kept: boolean;
}

/** The tab's session storage, or null where the browser refuses it (then pasted text lasts as long as the page). */
export function tabStorage(): TabStorage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

const pastedText = new WeakMap<SourceFile, string>();

/** Whether a source is text pasted in this tab (pastedSource), not a file the user chose. */
export function isPastedSource(source: SourceFile): boolean {
  return pastedText.has(source);
}

/** Pasted text as a source to open, marked as pasted so that showing it keeps it for a reload. */
export function pastedSource(name: string, text: string): SourceFile {
  const bytes = new TextEncoder().encode(text);
  const source = sourceFromBytes(name, bytes);
  // Kept as its bytes decode, so it encodes back to the same bytes and hash (a lone surrogate became U+FFFD).
  pastedText.set(source, new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
  return source;
}

const isEntry = (v: unknown): v is PastedEntry => {
  if (v === null || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return typeof e.sha256 === 'string' && /^[0-9a-f]{64}$/.test(e.sha256) && typeof e.name === 'string' && typeof e.bytes === 'number' && typeof e.kept === 'boolean';
};

function readIndex(storage: TabStorage): PastedEntry[] {
  try {
    const list: unknown = JSON.parse(storage.getItem(INDEX_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter(isEntry) : [];
  } catch {
    return [];
  }
}

function trySet(storage: TabStorage, key: string, value: string): boolean {
  try {
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the pasted texts among files just shown, newest last. The newest
 * texts keep their text while they fit the limit; an older one beyond it
 * loses its text (its entry stays, not kept), and so does a text the browser
 * refuses to store.
 */
export function keepPastedTexts(sources: readonly SourceFile[], sha256s: readonly string[], storage: TabStorage | null = tabStorage()): void {
  const shown = sources.flatMap((s, i) => {
    const text = pastedText.get(s);
    const sha256 = sha256s[i] ?? '';
    return text === undefined || sha256 === '' ? [] : [{ text, sha256, name: s.name, bytes: s.blob.size }];
  });
  if (!storage || shown.length === 0) return;
  const before = readIndex(storage);
  const isShown = (e: PastedEntry) => shown.some((s) => s.sha256 === e.sha256);
  const remembered = [...before.filter((e) => !isShown(e)), ...shown.map(({ sha256, name, bytes }) => ({ sha256, name, bytes, kept: true }))].slice(-REMEMBERED);
  let room = PASTED_KEPT_BYTES;
  const fits = new Set<string>();
  for (const e of [...remembered].reverse()) {
    if (e.kept && e.bytes <= room) {
      room -= e.bytes;
      fits.add(e.sha256);
    }
  }
  // Texts that no longer fit go first, so that the new one has their room.
  for (const e of before) if (!fits.has(e.sha256)) storage.removeItem(textKey(e.sha256));
  const stored = (sha256: string) => before.some((e) => e.sha256 === sha256 && e.kept);
  const entries = remembered.map((e) => {
    const s = shown.find((x) => x.sha256 === e.sha256);
    const kept = fits.has(e.sha256) && (s === undefined || stored(e.sha256) || trySet(storage, textKey(e.sha256), s.text));
    return { ...e, kept };
  });
  trySet(storage, INDEX_KEY, JSON.stringify(entries));
}

/** Pasted texts the tab kept whose hash is wanted, as sources to open again. */
export function keptPastedMatching(wanted: (sha256: string) => boolean, storage: TabStorage | null = tabStorage()): SourceFile[] {
  if (!storage) return [];
  const out: SourceFile[] = [];
  for (const e of readIndex(storage)) {
    const text = e.kept && wanted(e.sha256) ? storage.getItem(textKey(e.sha256)) : null;
    if (text !== null) out.push(pastedSource(e.name, text));
  }
  return out;
}

/** The pasted text a link names by (short) hash that this tab saw but could not keep: it must be pasted again. */
export function pastedNotKept(hash: string, storage: TabStorage | null = tabStorage()): PastedEntry | null {
  if (!storage) return null;
  return readIndex(storage).find((e) => hashMatches(hash, e.sha256) && (!e.kept || storage.getItem(textKey(e.sha256)) === null)) ?? null;
}

/**
 * Forgets every pasted text the tab kept: Close all means the tab should hold
 * no log the user pasted (a tab opened from this one copies its session
 * storage). A link to such text then asks for it to be pasted again.
 */
export function forgetPastedTexts(storage: TabStorage | null = tabStorage()): void {
  if (!storage) return;
  for (const e of readIndex(storage)) storage.removeItem(textKey(e.sha256));
  storage.removeItem(INDEX_KEY);
}
