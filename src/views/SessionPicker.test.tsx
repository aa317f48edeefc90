// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisOf } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { SessionPicker } from './SessionPicker';

describe('session picker', () => {
  afterEach(cleanup);

  it('counts records in the singular and says when a session has no accept_seq at all', async () => {
    const analysis = await analysisOf({
      name: 'x.jsonl',
      lines: [
        { kind: 'input', id: 'a', op: 'allow', session: 'plain' },
        { kind: 'input', id: 'b', op: 'allow', session: 'plain' },
        { kind: 'input', id: 'c', op: 'allow', session: 'solo', accept_seq: 1 },
      ],
    });
    useStore.getState().setAnalysis(analysis, initialView(analysis, { ...EMPTY_URL_VIEW, session: 'plain' }, null));
    const { container } = render(<SessionPicker />);
    expect([...container.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['plain (2 records)', 'solo (1 record)']);
    expect(container.querySelector('.session-facts')!.textContent).toBe('2 accepted · 0 not accepted · 0 inversions · no accept_seq at all');
  });

  it('does not say a session has no accept_seq at all when records the host did not accept carry one', async () => {
    const analysis = await analysisOf({
      name: 'x.jsonl',
      lines: [
        { kind: 'input', id: 'u1', op: 'allow', accepted: false, accept_seq: 1 },
        { kind: 'input', id: 'a', op: 'allow' },
      ],
    });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    const { container } = render(<SessionPicker />);
    expect(container.querySelector('.session-facts')!.textContent).toBe('1 accepted · 1 not accepted · 0 inversions · no accepted record has accept_seq');
  });

  it('says no accepted record of an analysed kind has accept_seq when only a kind the engine does not analyse carries one', async () => {
    const analysis = await analysisOf({
      name: 'x.jsonl',
      lines: [
        { kind: 'heartbeat', id: 'h', accept_seq: 1 },
        { kind: 'input', id: 'a', op: 'allow' },
      ],
    });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
    const { container } = render(<SessionPicker />);
    expect(container.querySelector('.session-facts')!.textContent).toBe('2 accepted · 0 not accepted · 0 inversions · no accepted record of an analysed kind has accept_seq');
  });
});
