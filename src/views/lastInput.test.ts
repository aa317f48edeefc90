// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { sinceInput } from './lastInput';

describe('time since the user last did something', () => {
  it('is unbounded before any input, and counts from a key press even one a handler stopped', () => {
    expect(sinceInput()).toBe(Infinity);
    const stop = (e: Event) => e.stopPropagation();
    document.body.addEventListener('keydown', stop);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    document.body.removeEventListener('keydown', stop);
    expect(sinceInput()).toBeLessThan(Infinity);
    expect(sinceInput()).toBeGreaterThanOrEqual(0);
  });
});

describe('listening for input', () => {
  it('begins when the module loads, so a press before anyone first asks counts', async () => {
    vi.resetModules();
    const fresh = await import('./lastInput');
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'j', bubbles: true }));
    expect(fresh.sinceInput()).toBeLessThan(Infinity);
  });
});

describe('a control changed without a key or a press', () => {
  it('counts as input: a screen reader stepping a slider sends only the input event', async () => {
    vi.resetModules();
    const fresh = await import('./lastInput');
    expect(fresh.sinceInput()).toBe(Infinity);
    const slider = document.createElement('input');
    slider.type = 'range';
    document.body.append(slider);
    slider.dispatchEvent(new Event('input', { bubbles: true }));
    expect(fresh.sinceInput()).toBeLessThan(Infinity);
  });
});
