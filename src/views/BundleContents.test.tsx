// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleExpected, bundleUrlView, type EvidenceBundle } from '../state/bundle';
import { useStore } from '../state/store';
import { BundleContents, FIRST_LINES, SHOWN_LINE_CHARS } from './BundleContents';
import { bundleOf, citedLine, waitForFiles } from './bundleFixture';

function open(cited: EvidenceBundle['cited']): void {
  const bundle = bundleOf(cited);
  waitForFiles(bundleExpected(bundle), bundleUrlView(bundle), bundle);
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
    open([...Array.from({ length: FIRST_LINES + 50 }, (_, k) => citedLine(k + 1)), citedLine(9999, `{"v":"${'x'.repeat(10_000)}"}`)]);
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

  it('are shown whole and cut again by one button that keeps keyboard focus and says what it shows', () => {
    open(Array.from({ length: FIRST_LINES + 5 }, (_, k) => citedLine(k + 1)));
    unfold('Cited raw lines');
    const count = () => document.querySelectorAll('.bundle-cited li').length;
    expect(screen.getByText(/^5 more lines\./)).toBeTruthy();
    const button = screen.getByRole('button', { name: `Show all ${FIRST_LINES + 5} lines` });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    fireEvent.click(button);
    expect(count()).toBe(FIRST_LINES + 5);
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.textContent).toBe(`Show the first ${FIRST_LINES} lines`);
    expect(screen.queryByText(/more lines\./)).toBeNull();
    fireEvent.click(button);
    expect(count()).toBe(FIRST_LINES);
    expect(document.activeElement).toBe(button);
    expect(button.textContent).toBe(`Show all ${FIRST_LINES + 5} lines`);
  });

  it('offer no button when every line is shown', () => {
    open(Array.from({ length: FIRST_LINES }, (_, k) => citedLine(k + 1)));
    unfold('Cited raw lines');
    expect(document.querySelectorAll('.bundle-cited li')).toHaveLength(FIRST_LINES);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
