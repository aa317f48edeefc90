// @vitest-environment happy-dom
import { gzipSync } from 'node:zlib';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze, type Analysis } from '../core/analyze';
import { compareAnalyses } from '../core/compare';
import { loadInput } from '../io/loadInput';
import { analysisOf } from '../state/testAnalysis';
import { CompareUnreadNote, emptyRunText, unreadRunText } from './CompareUnreadNote';

const run = () => analysisOf({ name: 'a.jsonl', lines: [{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' }] });
const textRun = async (name: string, text: string | Uint8Array) => analyze([await loadInput(name, typeof text === 'string' ? new TextEncoder().encode(text) : text, 0)]);
const noteOf = (base: Analysis, other: Analysis, label: string) => unreadRunText(compareAnalyses(base, other), base, other, label);

describe('a comparison with a run that holds no record', () => {
  afterEach(cleanup);

  it('says so before the differences, with why, rather than only a run every record is absent from', async () => {
    const [base, junk] = [await run(), await textRun('junk.bin', 'not json\n{nor this\n')];
    render(<CompareUnreadNote result={compareAnalyses(base, junk)} base={base} other={junk} otherLabel="junk.bin" />);
    expect(screen.getByRole('note').textContent).toBe('No record was read from junk.bin (2 lines rejected), so everything in the open inputs shows as absent from it: this compares with nothing.');
  });

  it('names an empty or blank run, either side, and says nothing when both hold records', async () => {
    const empty = await textRun('empty.jsonl', '');
    const blank = await textRun('blank.jsonl', '\n\n');
    const emptyOf = (base: Analysis, other: Analysis, label: string) => emptyRunText(compareAnalyses(base, other), base, other, label);
    expect(emptyOf(await run(), empty, 'empty.jsonl')).toContain('(it is empty)');
    expect(emptyOf(blank, await run(), 'a.jsonl')).toBe('The open inputs hold no record (its lines are blank), so everything in a.jsonl shows as only in it: this compares nothing with it.');
    expect(emptyOf(await run(), await run(), 'a.jsonl')).toBeNull();
  });

  it("says nothing was read when neither run holds a record, in the CLI's and the report's words", async () => {
    const [empty, blank] = [await textRun('empty.jsonl', ''), await textRun('blank.jsonl', '\n\n')];
    expect(noteOf(empty, blank, 'blank.jsonl')).toBe('Nothing was read as a record, so nothing was compared: the inputs hold none.');
    expect(noteOf(empty, await textRun('junk.bin', 'not json\n'), 'junk.bin')).toBe('Nothing was read as a record, so nothing was compared; see the rejected lines above.');
  });
});

describe('a comparison with a run not read whole', () => {
  afterEach(cleanup);
  const text = '{"kind":"input","id":"m1","op":"allow","accept_seq":1}\n{"kind":"input","id":"m2","op":"revoke","accept_seq":2}\n';

  it('says that the runs agree only in what was read: a gzip with bytes after its end, lines rejected', async () => {
    const base = await textRun('a.jsonl', text);
    const trailing = await textRun('t.gz', new Uint8Array([...gzipSync(text), ...new TextEncoder().encode('XYZW')]));
    const result = compareAnalyses(base, trailing);
    expect(result.diverged).toBe(false);
    render(<CompareUnreadNote result={result} base={base} other={trailing} otherLabel="t.gz" />);
    expect(screen.getByRole('note').textContent).toBe("Compared in what was read, but not all of it was: the other run's t.gz was not read to its end.");
    expect(noteOf(await textRun('r.jsonl', `${text}not json\n`), base, 'a.jsonl')).toBe("Compared in what was read, but not all of it was: 1 line of the base run's r.jsonl was not read as a record.");
  });

  it('says it beside a divergence too: a gzip cut off loses its last records', async () => {
    const base = await textRun('a.jsonl', text);
    const cut = await textRun('cut.gz', gzipSync(text).subarray(0, -12));
    expect(compareAnalyses(base, cut).diverged).toBe(true);
    expect(noteOf(base, cut, 'cut.gz')).toMatch(/^Compared in what was read, but not all of it was: the other run's cut\.gz was not read to its end/);
  });

  it('says it after the note of an empty run, for the run that holds records, without counting the empty run again', async () => {
    const cut = await textRun('cut.gz', gzipSync(text).subarray(0, -12));
    const junk = await textRun('junk.bin', 'not json\n');
    expect(noteOf(cut, junk, 'junk.bin')).toBe(
      "No record was read from junk.bin (1 line rejected), so everything in the open inputs shows as absent from it: this compares with nothing. Compared in what was read, but not all of it was: the base run's cut.gz was not read to its end; 1 line of the base run's cut.gz was not read as a record.",
    );
    expect(noteOf(junk, cut, 'cut.gz')).toMatch(/this compares nothing with it\. Compared in what was read, but not all of it was: the other run's cut\.gz was not read to its end; 1 line of the other run's cut\.gz was not read as a record\.$/);
    expect(noteOf(await textRun('a.jsonl', text), junk, 'junk.bin')).not.toContain('Compared in what was read');
  });

  it('says nothing when every line of both runs was read', async () => {
    const base = await textRun('a.jsonl', text);
    expect(noteOf(base, base, 'a.jsonl')).toBeNull();
  });
});
