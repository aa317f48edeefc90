import { describe, expect, it } from 'vitest';
import { analysisOf } from './testAnalysis';
import { parseUrlView } from './url';
import { droppedFromLink } from './urlSyncDropped';
import { initialView } from './viewFromUrl';

const o1 = () =>
  analysisOf({
    name: 'o1.jsonl',
    lines: [
      { kind: 'input', id: 'm2', session: 'o1', accept_seq: 2, op: 'revoke' },
      { kind: 'input', id: 'm1', session: 'o1', accept_seq: 1, op: 'allow' },
    ],
  });

/** What the page says after opening `search` on these inputs: the view is restored as the loader restores it. */
async function said(search: string): Promise<string[]> {
  const analysis = await o1();
  return droppedFromLink(search, analysis, initialView(analysis, parseUrlView(search), null));
}

describe('a link whose view the inputs cannot show', () => {
  it('says nothing when every part of the view is restored', async () => {
    expect(await said('?in=abc:o1.jsonl&session=o1&cutoff=1&sel=0:2&finding=0&code=decision-flip')).toEqual([]);
    expect(await said('?in=abc:o1.jsonl')).toEqual([]);
  });

  it('names each part it could not restore and what is shown instead', async () => {
    expect(await said('?session=nope&cutoff=1')).toEqual(['The link\'s session “nope” is not in these inputs; session “o1” is shown.']);
    expect(await said('?session=o1&cutoff=7')).toEqual(["The link's cutoff N = 7 is outside this session's acceptance numbers (1 to 2); N = 2 is shown."]);
    expect(await said('?session=o1&cutoff=-5')).toEqual(["The link's cutoff “-5” is not an acceptance number; N = 2 is shown."]);
    expect(await said('?sel=0:999')).toEqual(['The link selects line 999 of “o1.jsonl”, which holds no record; no record is selected.']);
    expect(await said('?sel=3:1')).toEqual(['The link selects line 1 of input 4, which is not open; no record is selected.']);
    expect(await said('?sel=first')).toEqual(["The link's selection “first” names no record; no record is selected."]);
    expect(await said('?finding=42')).toEqual(['The link chooses finding F43, but these inputs have 2 findings; no finding is chosen.']);
    expect(await said('?code=%3Cscript%3E')).toEqual(['The link shows only findings coded “<script>”, which no finding of these inputs has; every finding is shown.']);
  });

  it('says when a record the link selects is not one its finding names', async () => {
    const analysis = await o1();
    const named = analysis.findings[0]!.recordIndex.map((i) => analysis.records[i]!.line);
    expect(named).toEqual([1, 2]);
    expect(await said('?finding=0&sel=0:5')).toEqual([
      'The link selects line 5 of “o1.jsonl”, which holds no record; the first record of its finding is selected.',
    ]);
  });

  it('speaks of a bundle as a bundle', async () => {
    const analysis = await o1();
    const search = '?finding=42';
    expect(droppedFromLink(search, analysis, initialView(analysis, parseUrlView(search), null), 'bundle')).toEqual([
      'The bundle chooses finding F43, but these inputs have 2 findings; no finding is chosen.',
    ]);
  });
});
