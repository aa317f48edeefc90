// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { NOT_HASHED } from '../core/fileHash';
import { keepAnnotation, noteOf, recordTarget, storageKey } from './annotations';
import { startEvidenceSync } from './evidenceSync';
import { useStore } from './store';
import { analysisOf, O1 } from './testAnalysis';

describe('the notes of a file hashed after its view', () => {
  let stop: (() => void) | null = null;
  afterEach(() => {
    stop?.();
    localStorage.clear();
    useStore.getState().clearInputs();
  });

  it('come once it is hashed, beside the notes shown by then', async () => {
    const other = [{ kind: 'input', id: 'x1', op: 'allow', session: 'x', accept_seq: 1 }];
    const analysis = await analysisOf({ name: 'small.jsonl', lines: O1 }, { name: 'big.jsonl', lines: other });
    const big = analysis.inputs[1]!;
    const bigRecord = analysis.records.findIndex((r) => r.fileIndex === 1);
    keepAnnotation(analysis, localStorage, [], recordTarget(analysis, 0)!, 'on the small file');
    keepAnnotation(analysis, localStorage, [], recordTarget(analysis, bigRecord)!, 'on the big file');
    const sha256 = big.sha256;
    expect(localStorage.getItem(storageKey(sha256))).not.toBeNull();
    (big as { sha256: string }).sha256 = NOT_HASHED;

    stop = startEvidenceSync();
    useStore.setState({ analysis });
    expect(useStore.getState().annotations.map((a) => a.note)).toEqual(['on the small file']);
    // A note kept only in the page meanwhile (storage refused it) stays.
    const inPage = { target: { kind: 'finding' as const, key: 'k' }, note: 'in the page only' };
    useStore.getState().setAnnotations([...useStore.getState().annotations, inPage]);

    (big as { sha256: string }).sha256 = sha256;
    useStore.getState().inputsHashed();
    const notes = useStore.getState().annotations;
    expect(notes.map((a) => a.note).sort()).toEqual(['in the page only', 'on the big file', 'on the small file']);
    expect(noteOf(notes, recordTarget(analysis, bigRecord))).toBe('on the big file');
  });
});
