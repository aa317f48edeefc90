// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useStore } from '../state/store';
import { analysisOf, O1, STALE_REFERENCE } from '../state/testAnalysis';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { DetailView } from './DetailView';

const chipGroups = () => screen.getByRole('region', { name: 'Record' }).querySelectorAll('[role="group"][aria-label="Selected records"]');

describe('the record panel as its selection changes', () => {
  afterEach(cleanup);

  it('holds one row of chips when a finding and its first record share a number', async () => {
    // React says when two siblings share a key; such siblings are duplicated or left behind on an update.
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const o1 = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const other = await analysisOf({ name: 'stale.jsonl', lines: STALE_REFERENCE });
    const finding = o1.findings.findIndex((f) => f.code === 'decision-flip');
    const records = [...o1.findings[finding]!.recordIndex];
    useStore.getState().setAnalysis(other, initialView(other, EMPTY_URL_VIEW, null));
    useStore.getState().selectRecord(0);
    render(<DetailView />);
    act(() => {
      useStore.getState().setAnalysis(o1, initialView(o1, EMPTY_URL_VIEW, null));
      useStore.getState().selectFinding(finding, records, 0);
    });
    expect(chipGroups()).toHaveLength(1);
    act(() => useStore.getState().focusRecord(records.find((r) => r !== 0)!));
    expect(chipGroups()).toHaveLength(1);
    act(() => useStore.getState().focusRecord(0));
    expect(chipGroups()).toHaveLength(1);
    act(() => useStore.getState().selectRecord(null));
    expect(chipGroups()).toHaveLength(0);
    expect(errors.mock.calls.filter((c) => String(c[0]).includes('same key'))).toEqual([]);
    errors.mockRestore();
  });
});
