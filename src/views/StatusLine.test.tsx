// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from '../state/store';
import { analysisOf, O1 } from '../state/testAnalysis';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { StatusLine } from './StatusLine';

describe('what the status line says to assistive technology', () => {
  afterEach(cleanup);

  it('says what an analysis holds once it arrives, in the same live region it kept through the load', async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    const { container } = render(<StatusLine />);
    const region = () => container.querySelector('p.visually-hidden[role="status"]');
    const before = region();
    act(() => useStore.getState().startLoading([], { kind: 'files' }));
    expect(region()).toBe(before);
    act(() => useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null)));
    expect(region()).toBe(before);
    expect(region()!.textContent).toBe(`Analysed o1.jsonl: 2 records, ${analysis.findings.length} findings.`);
  });
});
