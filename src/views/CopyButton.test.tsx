// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyButton } from './CopyButton';
import { pressCopy, stubClipboard } from './test/pressCopy';

function renderButton(text: () => string) {
  render(<CopyButton text={text} label="Copy it" copied="It is copied" failed="Could not copy: select it" className="small" ariaLabel="Copy the thing" />);
  return screen.getByRole('button', { name: 'Copy the thing' });
}

describe('CopyButton', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('copies the text as it is when pressed, says so, then reads as before', async () => {
    vi.useFakeTimers();
    const writeText = stubClipboard();
    let now = 'first';
    const button = renderButton(() => now);
    expect(button.textContent).toBe('Copy it');
    now = 'second';
    await pressCopy(button);
    expect(writeText).toHaveBeenCalledExactlyOnceWith('second');
    expect(button.textContent).toBe('It is copied');
    expect(button.getAttribute('aria-live')).toBe('polite');
    expect(button.className).toBe('small');
    act(() => vi.advanceTimersByTime(2000));
    expect(button.textContent).toBe('Copy it');
  });

  it('says a copy pressed again for its own 2 s, not what is left of the first press', async () => {
    vi.useFakeTimers();
    stubClipboard();
    const button = renderButton(() => 'x');
    await pressCopy(button);
    act(() => vi.advanceTimersByTime(1500));
    await pressCopy(button);
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('It is copied');
    act(() => vi.advanceTimersByTime(1000));
    expect(button.textContent).toBe('Copy it');
  });

  it('says it could not when the browser refuses, for longer than a success', async () => {
    vi.useFakeTimers();
    stubClipboard(() => Promise.reject(new Error('denied')));
    const button = renderButton(() => 'x');
    await pressCopy(button);
    expect(button.textContent).toBe('Could not copy: select it');
    act(() => vi.advanceTimersByTime(2000));
    expect(button.textContent).toBe('Could not copy: select it');
    act(() => vi.advanceTimersByTime(2000));
    expect(button.textContent).toBe('Copy it');
  });

  it('says it could not when the page has no clipboard, rather than nothing', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const button = renderButton(() => 'x');
    await pressCopy(button);
    expect(button.textContent).toBe('Could not copy: select it');
  });
});
