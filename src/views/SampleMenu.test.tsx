// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SampleEntry } from '../state/samples';
import { SamplePicker } from './SampleMenu';

const pairs: SampleEntry[] = [
  { file: 'compare-good.jsonl', family: 'compare', title: 'Compare: the good run', description: 'In order.' },
  { file: 'compare-bad.jsonl', family: 'compare', title: 'Compare: the bad run', description: 'Out of order.' },
];

describe('a sample chosen from the list', () => {
  afterEach(cleanup);

  it('gives focus back to the button that opened the list, which stays while the list goes', () => {
    const picked: string[] = [];
    render(<SamplePicker label="or a sample ▾" name="Compare with a sample" samples={pairs} onPick={(f) => picked.push(f)} />);
    const opener = screen.getByRole('button', { name: 'or a sample ▾' });
    fireEvent.click(opener);
    const choice = screen.getByRole('button', { name: /^Compare: the bad run/ });
    choice.focus();
    fireEvent.click(choice);
    expect(picked).toEqual(['compare-bad.jsonl']);
    expect(screen.queryByRole('group', { name: 'Compare with a sample' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
