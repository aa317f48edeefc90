// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { analysisOf, O1 } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { initialView } from '../state/viewFromUrl';
import { EMPTY_URL_VIEW } from '../state/url';
import { OrderArea } from './OrderArea';

async function show(lines: readonly object[]) {
  const analysis = await analysisOf({ name: 'x.jsonl', lines });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  return render(<OrderArea />);
}

describe('order area caption', () => {
  afterEach(cleanup);

  it('says each record is placed twice when records are on the axes', async () => {
    const { container } = await show(O1);
    expect(container.querySelector('.order-mode-caption')!.textContent).toMatch(/^Derived: each record placed twice/);
  });

  it('says where the records went when none is on the axes', async () => {
    const { container } = await show([
      { kind: 'input', id: 'a', op: 'allow', key: 'k', session: 's' },
      { kind: 'tool_call', id: 'b', session: 's', accept_seq: 1 },
    ]);
    expect(container.querySelector('.order-mode-caption')!.textContent).toMatch(/^No record of this session is on the two axes.*each is drawn in its lane below/);
  });
});

describe('order legend', () => {
  afterEach(cleanup);
  const legend = (container: HTMLElement) => container.querySelector('[aria-label="Legend"]')?.textContent ?? '';

  it('lists the future-leak marker where there is a cutoff, and not where the session has no acceptance order', async () => {
    expect(legend((await show(O1)).container)).toContain('future leak');
    cleanup();
    const plain = await show([
      { kind: 'input', id: 'a', op: 'allow', key: 'k', session: 's' },
      { kind: 'input', id: 'b', op: 'revoke', key: 'k', session: 's' },
    ]);
    expect(legend(plain.container)).toContain('input');
    expect(legend(plain.container)).not.toContain('future leak');
  });
});

describe('raw file order', () => {
  afterEach(() => {
    cleanup();
    useStore.getState().setRecordOrder('derived');
  });

  it('hides the derived order view and keeps it, so coming back shows the same elements without building them again', async () => {
    const { container } = await show(O1);
    const caption = container.querySelector('.order-mode-caption')!;
    const view = caption.nextElementSibling!;
    act(() => useStore.getState().setRecordOrder('raw'));
    expect(container.querySelector('table[aria-label$="in file order"]')).not.toBeNull();
    expect(caption.isConnected && view.isConnected).toBe(true);
    expect((caption as HTMLElement).style.display).toBe('none');
    act(() => useStore.getState().setRecordOrder('derived'));
    expect(container.querySelector('table[aria-label$="in file order"]')).toBeNull();
    expect(container.querySelector('.order-mode-caption')).toBe(caption);
    expect(caption.nextElementSibling).toBe(view);
    expect((caption as HTMLElement).style.display).toBe('');
  });

  it("starts a session's rows at its first row, not at the rows paged to in the session before", async () => {
    const long = Array.from({ length: 450 }, (_, i) => ({ kind: 'input', id: `l${i}`, session: 'long', op: 'set', key: 'k', value: i, accept_seq: i + 1 }));
    const short = [{ kind: 'input', id: 's0', session: 'short', op: 'set', key: 'k', value: 0, accept_seq: 1 }];
    const { container, getByRole } = await show([...long, ...short]);
    act(() => useStore.getState().selectSession('long', null));
    act(() => useStore.getState().setRecordOrder('raw'));
    act(() => getByRole('button', { name: 'Later rows' }).click());
    expect(container.querySelector('.raw-caption')!.textContent).toContain('Rows 401–450');
    act(() => useStore.getState().selectSession('short', null));
    const rows = container.querySelectorAll('table[aria-label="Session short in file order"] tbody tr:not(.raw-spacer)');
    expect(rows).toHaveLength(1);
  });
});
