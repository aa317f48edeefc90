import { describe, expect, it } from 'vitest';
import { forgetPastedTexts, keepPastedTexts, keptPastedMatching, PASTED_KEPT_BYTES, pastedNotKept, pastedSource, type TabStorage } from './pastedTexts';
import { sourceFromBytes } from './sources';

/** A session storage that holds at most `quota` UTF-16 code units, keys included, as Chromium's does. */
function storageOf(quota = 5_242_880): TabStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  const used = () => [...items].reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      const before = items.get(k);
      if (used() - (before === undefined ? 0 : k.length + before.length) + k.length + v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k) => void items.delete(k),
  };
}

const sha = (c: string) => c.repeat(64);
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
const everything = () => true;

describe('pasted text kept for a reload', () => {
  it('keeps pasted text shown in the tab and gives back the very same bytes, and keeps no file the user chose', async () => {
    const storage = storageOf();
    const text = '\uFEFF{"kind":"input","id":"m1"}\n{"id":"\uD800 lone"}\n';
    const pasted = pastedSource('pasted.jsonl', text);
    const picked = sourceFromBytes('o1.jsonl', new TextEncoder().encode('{"kind":"input"}\n'));
    keepPastedTexts([picked, pasted], [sha('b'), sha('a')], storage);
    const back = keptPastedMatching((h) => h === sha('a'), storage);
    expect(back.map((s) => s.name)).toEqual(['pasted.jsonl']);
    expect(await bytesOf(back[0]!.blob)).toEqual(await bytesOf(pasted.blob));
    expect(keptPastedMatching((h) => h === sha('b'), storage)).toEqual([]);
    expect(pastedNotKept(sha('a').slice(0, 12), storage)).toBeNull();
  });

  it('forgets every pasted text on Close all, leaving nothing of the logs in the tab', () => {
    const storage = storageOf();
    storage.setItem('other', 'kept');
    keepPastedTexts([pastedSource('a.jsonl', '{"id":"a"}\n'), pastedSource('b.jsonl', '{"id":"b"}\n')], [sha('a'), sha('b')], storage);
    expect(storage.items.size).toBe(4);
    forgetPastedTexts(storage);
    expect([...storage.items.keys()]).toEqual(['other']);
    expect(keptPastedMatching(everything, storage)).toEqual([]);
  });

  it('remembers text over the limit by hash, name and size only, so a link can say it must be pasted again', () => {
    const storage = storageOf();
    const big = pastedSource('pasted.jsonl', 'x'.repeat(PASTED_KEPT_BYTES + 1));
    keepPastedTexts([big], [sha('c')], storage);
    expect(keptPastedMatching(everything, storage)).toEqual([]);
    expect(pastedNotKept(sha('c').slice(0, 12), storage)).toEqual({ sha256: sha('c'), name: 'pasted.jsonl', bytes: PASTED_KEPT_BYTES + 1, kept: false });
    expect([...storage.items.keys()]).toEqual(['seqscope:pasted']);
  });

  it('keeps the newest texts while they fit, and an older one beyond the limit loses its text', () => {
    const storage = storageOf();
    const third = Math.floor(PASTED_KEPT_BYTES / 3);
    keepPastedTexts([pastedSource('pasted.jsonl', 'a'.repeat(third))], [sha('a')], storage);
    keepPastedTexts([pastedSource('pasted.jsonl', 'b'.repeat(third))], [sha('b')], storage);
    keepPastedTexts([pastedSource('pasted.jsonl', 'c'.repeat(2 * third))], [sha('c')], storage);
    expect(pastedNotKept(sha('a'), storage)?.kept).toBe(false);
    expect(storage.items.has(`seqscope:pasted:${sha('a')}`)).toBe(false);
    expect(keptPastedMatching(everything, storage).length).toBe(2);
  });

  it('says a text is not kept when the browser refuses to store it, as Safari may well under the limit', () => {
    const storage = storageOf(1_000);
    keepPastedTexts([pastedSource('pasted.jsonl', 'y'.repeat(2_000))], [sha('d')], storage);
    expect(keptPastedMatching(everything, storage)).toEqual([]);
    expect(pastedNotKept(sha('d'), storage)).toMatchObject({ kept: false, bytes: 2_000 });
  });

  it('reads nothing from an index it did not write', () => {
    const storage = storageOf();
    storage.setItem('seqscope:pasted', '[{"sha256":"../x","name":"a","bytes":1,"kept":true}, 7]');
    expect(keptPastedMatching(everything, storage)).toEqual([]);
    storage.setItem('seqscope:pasted', 'not json');
    expect(pastedNotKept('aaaaaaaaaaaa', storage)).toBeNull();
  });
});
