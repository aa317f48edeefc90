import { describe, expect, it } from 'vitest';
import { findingKey, findingTarget, keepAnnotation, loadAnnotations, mergeAnnotations, noteOf, recordTarget, storageKey, toReviewerAnnotations, type NoteStorage } from './annotations';
import { analysisOf, O1 } from './testAnalysis';
import { NOT_HASHED } from '../core/fileHash';

function memoryStorage(): NoteStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

describe('annotations', () => {
  it('keeps notes per input hash and finds them again for the same content under another name', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const storage = memoryStorage();
    let list = keepAnnotation(a, storage, [], recordTarget(a, 1)!, 'the allow, accepted first\nchecked with the host').annotations;
    list = keepAnnotation(a, storage, list, findingTarget(a, 0)!, 'real flip').annotations;
    expect([...storage.map.keys()]).toEqual([storageKey(a.inputs[0]!.sha256)]);

    const renamed = await analysisOf({ name: 'copy.jsonl', lines: O1 });
    const loaded = loadAnnotations(renamed, storage);
    expect(noteOf(loaded, recordTarget(renamed, 1))).toBe('the allow, accepted first\nchecked with the host');
    expect(noteOf(loaded, findingTarget(renamed, 0))).toBe('real flip');
    expect(noteOf(loaded, recordTarget(renamed, 0))).toBeNull();
    expect(list).toHaveLength(2);
  });

  it('removes a note saved empty, and the entry with its last note', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const storage = memoryStorage();
    const list = keepAnnotation(a, storage, [], recordTarget(a, 0)!, 'x').annotations;
    expect(keepAnnotation(a, storage, list, recordTarget(a, 0)!, '   ').annotations).toEqual([]);
    expect(storage.map.size).toBe(0);
  });

  it('says whether storage took a note, which stays in the list either way', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const storage = memoryStorage();
    const kept = keepAnnotation(a, storage, [], recordTarget(a, 0)!, 'kept');
    expect(kept.stored).toBe(true);
    expect(noteOf(loadAnnotations(a, storage), recordTarget(a, 0))).toBe('kept');

    const full: NoteStorage = {
      ...storage,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    const refused = keepAnnotation(a, full, kept.annotations, findingTarget(a, 0)!, 'refused');
    expect(refused.stored).toBe(false);
    expect(noteOf(refused.annotations, findingTarget(a, 0))).toBe('refused');
    expect(noteOf(loadAnnotations(a, storage), findingTarget(a, 0))).toBeNull();

    const none = keepAnnotation(a, null, [], recordTarget(a, 1)!, 'no storage');
    expect(none).toEqual({ annotations: [{ target: recordTarget(a, 1), note: 'no storage' }], stored: false });
    expect(keepAnnotation(a, storage, kept.annotations, recordTarget(a, 0)!, '').stored).toBe(true);
    expect(storage.map.size).toBe(0);
  });

  it("merges a bundle's notes where the page has none of its own, and counts those storage refused", async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const own = keepAnnotation(a, null, [], recordTarget(a, 0)!, 'mine').annotations;
    const bundled = [
      { target: recordTarget(a, 0)!, note: 'theirs' },
      { target: recordTarget(a, 1)!, note: 'second' },
      { target: findingTarget(a, 0)!, note: 'flip' },
    ];
    const storage = memoryStorage();
    const merged = mergeAnnotations(a, storage, own, bundled);
    expect(merged.refused).toBe(0);
    expect(noteOf(merged.annotations, recordTarget(a, 0))).toBe('mine');
    expect(noteOf(loadAnnotations(a, storage), recordTarget(a, 1))).toBe('second');

    const refusing: NoteStorage = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    const kept = mergeAnnotations(a, refusing, own, bundled);
    expect(kept.refused).toBe(2);
    expect(kept.annotations).toHaveLength(3);
    expect(mergeAnnotations(a, null, [], bundled).refused).toBe(3);
  });

  it('a finding note is not shown for other inputs whose findings differ', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const storage = memoryStorage();
    keepAnnotation(a, storage, [], findingTarget(a, 0)!, 'flip');
    const other = await analysisOf({ name: 'o1.jsonl', lines: [...O1, { kind: 'input', id: 'm3', op: 'allow', session: 'o1', accept_seq: 3 }] });
    expect(loadAnnotations(other, storage).filter((n) => n.target.kind === 'finding')).toEqual([]);
  });

  it('gives the report its notes: findings by position first, then records by file and line', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    let list = keepAnnotation(a, null, [], recordTarget(a, 1)!, 'second').annotations;
    list = keepAnnotation(a, null, list, recordTarget(a, 0)!, 'first').annotations;
    list = keepAnnotation(a, null, list, findingTarget(a, 0)!, 'finding').annotations;
    expect(toReviewerAnnotations(a, list)).toEqual([
      { target: { findingIndex: 0 }, note: 'finding' },
      { target: { file: 'o1.jsonl', line: 1 }, note: 'first' },
      { target: { file: 'o1.jsonl', line: 2 }, note: 'second' },
    ]);
    expect(findingKey(a, 0)).toMatch(/^decision-flip\|o1\|[0-9a-f]{12}:\d/);
  });

  it('gives a file not hashed yet no note to take or find: an empty hash would key every such file alike', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const storage = memoryStorage();
    keepAnnotation(a, storage, [], recordTarget(a, 1)!, 'kept by hash');
    const sha256 = a.inputs[0]!.sha256;
    (a.inputs[0] as { sha256: string }).sha256 = NOT_HASHED;
    expect([recordTarget(a, 1), findingTarget(a, 0), findingKey(a, 0)]).toEqual([null, null, null]);
    expect(loadAnnotations(a, storage)).toEqual([]);
    // Once hashed, its notes are found as before.
    (a.inputs[0] as { sha256: string }).sha256 = sha256;
    expect(noteOf(loadAnnotations(a, storage), recordTarget(a, 1))).toBe('kept by hash');
  });

  it('survives a corrupt storage entry', async () => {
    const a = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const storage = memoryStorage();
    storage.map.set(storageKey(a.inputs[0]!.sha256), '{not json');
    expect(loadAnnotations(a, storage)).toEqual([]);
    storage.map.set(storageKey(a.inputs[0]!.sha256), JSON.stringify({ records: { '1': 5, x: 'y', '2': 'ok' }, findings: [] }));
    expect(loadAnnotations(a, storage)).toEqual([{ target: { kind: 'record', input: a.inputs[0]!.sha256, line: 2 }, note: 'ok' }]);
  });
});
