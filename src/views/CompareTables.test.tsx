// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UnmatchedFinding } from '../core/comparison';
import { CompareFindings } from './CompareTables';

const inversion = (lines: readonly number[]): UnmatchedFinding => ({
  index: 0,
  code: 'storage-order-inversion',
  severity: 'warning',
  session: 'deploy-7',
  message: 'Session deploy-7 stores records after one accepted later.',
  records: lines.map((line) => ({ file: 'bad.jsonl', line, id: `m${line}` })),
  recordIndex: lines.map(() => -1),
});

describe('findings only in one run', () => {
  afterEach(cleanup);

  it('say how many records they name beyond the places shown, as the findings list does', () => {
    render(<CompareFindings findings={{ common: 0, onlyInBase: [], onlyInOther: [inversion([2, 3, 4, 5, 6])] }} />);
    const item = screen.getByRole('list', { name: 'Findings only in the other run' }).querySelector('li')!;
    expect(item.textContent).toContain('bad.jsonl:2, bad.jsonl:3, bad.jsonl:4, bad.jsonl:5 and 1 more');
  });

  it('name every place of a finding with few records, with nothing more to say', () => {
    render(<CompareFindings findings={{ common: 0, onlyInBase: [], onlyInOther: [inversion([2, 3])] }} />);
    const item = screen.getByRole('list', { name: 'Findings only in the other run' }).querySelector('li')!;
    expect(item.textContent).toMatch(/bad\.jsonl:2, bad\.jsonl:3$/);
  });
});
