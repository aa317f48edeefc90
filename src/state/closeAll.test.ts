// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { closeAllAndForgetPasted, closeAllInputs } from './loader';
import { keptPastedMatching, pastedSource } from './pastedTexts';
import { recentFilesMatching, rememberShownFiles } from './recentFiles';
import { sourceFromBytes } from './sources';

const sha = (c: string) => c.repeat(64);
const everything = () => true;

describe('closing every input', () => {
  it('on the way to a link or through history keeps what was pasted; Close all itself forgets it, kept or held', () => {
    const pasted = pastedSource('pasted.jsonl', '{"kind":"input","id":"p"}\n');
    const chosen = sourceFromBytes('o1.jsonl', new TextEncoder().encode('{"kind":"input","id":"c"}\n'));
    rememberShownFiles([chosen, pasted], [{ sha256: sha('c') }, { sha256: sha('a') }]);
    closeAllInputs();
    expect(recentFilesMatching(everything).map((s) => s.name)).toEqual(['o1.jsonl', 'pasted.jsonl']);
    expect(keptPastedMatching(everything).map((s) => s.name)).toEqual(['pasted.jsonl']);
    closeAllAndForgetPasted();
    expect(recentFilesMatching(everything).map((s) => s.name)).toEqual(['o1.jsonl']);
    expect(keptPastedMatching(everything)).toEqual([]);
  });
});
