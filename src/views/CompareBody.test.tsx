// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { RecordSide } from './CompareBody';
import { RAW_SHOWN_CHARS } from './DetailView';

describe('a compared record', () => {
  it('shows a long raw line cut, as the record panel does, with the rest a click away', async () => {
    const note = 'n'.repeat(RAW_SHOWN_CHARS * 2);
    const analysis = await analysisOf({ name: 'base.jsonl', lines: [{ kind: 'input', id: 'a1', session: 's', op: 'allow', accept_seq: 1, note }] });
    const record = { file: 'base.jsonl', line: 1, id: 'a1', hasId: true, kind: 'input', seq: 1, index: 0 };
    const { container } = render(<RecordSide title="Base run" record={record} analysis={analysis} />);
    const shown = container.querySelector('pre.raw-line')!.textContent!;
    expect(shown.length).toBeLessThanOrEqual(RAW_SHOWN_CHARS);
    expect(shown.startsWith('{"kind":"input"')).toBe(true);
    expect(screen.getByRole('button', { name: /^Show the whole line/ })).toBeTruthy();
  });
});
