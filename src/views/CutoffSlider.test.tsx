// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from '../state/store';
import { analysisOf, O1 } from '../state/testAnalysis';
import { EMPTY_URL_VIEW } from '../state/url';
import { initialView } from '../state/viewFromUrl';
import { CutoffSlider } from './CutoffSlider';

async function sliderOf(lines: object[]): Promise<HTMLInputElement> {
  const analysis = await analysisOf({ name: 's.jsonl', lines });
  useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  render(<CutoffSlider />);
  return screen.getByRole('slider', { name: 'Cutoff (acceptance sequence)' }) as HTMLInputElement;
}

/** The minimum assistive technology is given: aria-valuemin where set (it overrides the native min), else min. */
function announcedMin(slider: HTMLInputElement): string {
  return slider.getAttribute('aria-valuemin') ?? slider.min;
}

describe('the cutoff slider', () => {
  afterEach(cleanup);

  it('with one acceptance number stands at its end, N, and stays there; Play is off', async () => {
    // O5: one input with accept_seq 1, one without.
    const slider = await sliderOf([
      { kind: 'input', id: 'm2', op: 'revoke', session: 'o5' },
      { kind: 'input', id: 'm1', op: 'allow', session: 'o5', accept_seq: 1 },
    ]);
    expect(slider.value).toBe('1');
    expect(slider.max).toBe('1');
    expect(Number(slider.min)).toBeLessThan(1);
    expect(screen.getByRole('button', { name: 'Play' })).toHaveProperty('disabled', true);
    // The step below 1 only places the thumb; a screen reader is told the range is 1 to 1.
    expect([announcedMin(slider), slider.getAttribute('aria-valuetext')]).toEqual(['1', "N = 1, the session's only acceptance number"]);
    // Moved below its one number, it comes back to it.
    fireEvent.change(slider, { target: { value: '0' } });
    expect(useStore.getState().cutoff).toBe(1);
    expect(slider.value).toBe('1');
  });

  it('with several acceptance numbers spans them and moves', async () => {
    const slider = await sliderOf(O1);
    expect([slider.min, slider.max, slider.value]).toEqual(['1', '2', '2']);
    expect([announcedMin(slider), slider.getAttribute('aria-valuetext')]).toEqual(['1', 'N = 2']);
  });

  it('writes N and the last acceptance number as they are, and groups how many future leaks there are', async () => {
    // Stored in the reverse of acceptance order: at N = 1001, the 1,001 records accepted after it are stored before it.
    const slider = await sliderOf(Array.from({ length: 2002 }, (_, k) => ({ kind: 'input', id: `m${k}`, op: 'allow', session: 's', accept_seq: 2002 - k })));
    fireEvent.change(slider, { target: { value: '1001' } });
    expect(slider.getAttribute('aria-valuetext')).toBe('N = 1001');
    expect(document.querySelector('.cutoff-value')!.textContent).toBe('N = 1001 of 2002');
    expect(document.querySelector('.leak-count')!.textContent).toBe('1,001 future leaks');
  });
});
