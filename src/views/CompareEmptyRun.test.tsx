// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { loadInput } from '../io/loadInput';
import { analysisOf } from '../state/testAnalysis';
import { CompareEmptyRun, emptyRunText } from './CompareEmptyRun';

const run = () => analysisOf({ name: 'a.jsonl', lines: [{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' }] });
const textRun = async (name: string, text: string) => analyze([await loadInput(name, new TextEncoder().encode(text), 0)]);

describe('a comparison with a run that holds no record', () => {
  afterEach(cleanup);

  it('says so before the differences, with why, rather than only a run every record is absent from', async () => {
    const junk = await textRun('junk.bin', 'not json\n{nor this\n');
    render(<CompareEmptyRun base={await run()} other={junk} otherLabel="junk.bin" />);
    expect(screen.getByRole('note').textContent).toBe('No record was read from junk.bin (2 lines rejected), so everything in the open inputs shows as absent from it: this compares with nothing.');
  });

  it('names an empty or blank run, either side, and says nothing when both hold records', async () => {
    const empty = await textRun('empty.jsonl', '');
    const blank = await textRun('blank.jsonl', '\n\n');
    expect(emptyRunText(await run(), empty, 'empty.jsonl')).toContain('(it is empty)');
    expect(emptyRunText(blank, await run(), 'a.jsonl')).toBe('The open inputs hold no record (its lines are blank), so everything in a.jsonl shows as only in it: this compares nothing with it.');
    expect(emptyRunText(empty, blank, 'blank.jsonl')).toBe('Neither run holds a record, so there is nothing to compare.');
    expect(emptyRunText(await run(), await run(), 'a.jsonl')).toBeNull();
  });
});
