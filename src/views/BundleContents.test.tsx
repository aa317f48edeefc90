// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleExpected, bundleUrlView, type EvidenceBundle } from '../state/bundle';
import { useStore } from '../state/store';
import { BundleContents, FIRST_LINES, SHOWN_LINE_CHARS } from './BundleContents';

const line = (n: number, text = `{"kind":"input","id":"m${n}"}`) => ({ file: 'o1.jsonl', sha256: 'a'.repeat(64), line: n, offset: 0, exact: true, text });

function open(cited: EvidenceBundle['cited']): void {
  const bundle: EvidenceBundle = {
    seqscope: 'evidence-bundle',
    version: 1,
    generatedAt: '2025-09-16T08:00:00.000Z',
    sample: null,
    inputs: [{ name: 'o1.jsonl', sha256: 'a'.repeat(64), bytes: 160, format: 'native-jsonl' }],
    comparison: null,
    view: { session: null, cutoff: null, selection: null, finding: null, filters: { code: null, order: 'derived' } },
    annotations: [],
    cited,
    citedTotal: cited.length,
    findings: {},
    report: '# Seqscope audit report\n',
  };
  const expected = bundleExpected(bundle);
  useStore.getState().setPendingLink({ expected, view: bundleUrlView(bundle), matched: expected.map(() => null), rejected: [], problems: [], bundle, checking: false, pastedNotKept: expected.map(() => null) });
  render(<BundleContents />);
}

const unfold = (summary: string) => {
  const details = screen.getByText(summary, { selector: 'summary' }).parentElement as HTMLDetailsElement;
  details.open = true;
  fireEvent(details, new Event('toggle'));
};

describe('the cited lines of a bundle waiting for its files', () => {
  afterEach(() => {
    cleanup();
    useStore.getState().setPendingLink(null);
  });

  it('are drawn only once unfolded, the first ones first, each long line cut where the bundle holds it whole', () => {
    open([...Array.from({ length: FIRST_LINES + 50 }, (_, k) => line(k + 1)), line(9999, `{"v":"${'x'.repeat(10_000)}"}`)]);
    const list = () => document.querySelector('.bundle-cited');
    expect(list()).toBeNull();
    unfold('Cited raw lines');
    expect(list()!.querySelectorAll('li')).toHaveLength(FIRST_LINES);
    fireEvent.click(screen.getByRole('button', { name: `Show all ${FIRST_LINES + 51} lines` }));
    const items = list()!.querySelectorAll('li');
    expect(items).toHaveLength(FIRST_LINES + 51);
    const last = items[items.length - 1]!.querySelector('pre')!.textContent!;
    expect(last.length).toBeLessThan(SHOWN_LINE_CHARS + 100);
    expect(last).toMatch(/… \(8,008 more characters here; the bundle holds the whole line\)$/);
  });
});
