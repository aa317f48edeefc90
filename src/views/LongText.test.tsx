// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNKS_IN_GROUP, TEXT_CHUNK } from './ChunkedText';
import { formatCount } from './format';
import { LongText } from './LongText';
import { pressCopy, stubClipboard } from './test/pressCopy';

const MAX = 50_000;

function showWhole(text: string): HTMLElement {
  const { container } = render(<LongText text={text} max={MAX} what="line" as="pre" className="raw-line" />);
  fireEvent.click(screen.getByRole('button', { name: /^Show the whole line/ }));
  return container.querySelector('pre.raw-line')!;
}

const chunksOf = (pre: HTMLElement) => [...pre.querySelectorAll<HTMLElement>('.text-chunk')];

describe('a long text shown whole', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is drawn in pieces that hold every character once, in order, each saying its length', () => {
    const text = `{"value":"${'the agent 日本語 😀 replied '.repeat(20_000)}"}`;
    const pre = showWhole(text);
    const chunks = chunksOf(pre);
    expect(chunks.length).toBeGreaterThan(text.length / TEXT_CHUNK);
    expect(chunks.map((c) => c.textContent).join('')).toBe(text);
    expect(pre.textContent).toBe(text);
    for (const chunk of chunks) {
      expect(chunk.textContent!.length).toBeLessThanOrEqual(TEXT_CHUNK);
      expect(Number(chunk.dataset.chars)).toBe(chunk.textContent!.length);
      expect(chunk.textContent!.charCodeAt(0)).not.toSatisfy((u: number) => u >= 0xdc00 && u <= 0xdfff);
      // Text only: nothing in a piece is an element but the marks of invisible characters.
      expect(chunk.querySelector(':not(.has-invisibles, .inv-word, .invisible-char)')).toBeNull();
    }
  });

  it('gathers its pieces in groups, each standing in at the characters of its pieces', () => {
    const pre = showWhole('group me '.repeat(50_000));
    const groups = [...pre.querySelectorAll<HTMLElement>('.text-chunks > .text-chunk-group')];
    expect(groups.length).toBe(Math.ceil(chunksOf(pre).length / CHUNKS_IN_GROUP));
    for (const [g, group] of groups.entries()) {
      const pieces = [...group.children] as HTMLElement[];
      expect(pieces.every((p) => p.matches('.text-chunk'))).toBe(true);
      if (g < groups.length - 1) expect(pieces.length).toBe(CHUNKS_IN_GROUP);
      expect(Number(group.style.getPropertyValue('--chars'))).toBe(group.textContent!.length);
    }
  });

  it('never splits a surrogate pair between two pieces, wherever the size falls', () => {
    for (const lead of [0, 1]) {
      const text = `${'a'.repeat(lead)}${'😀'.repeat(MAX)}`;
      const chunks = chunksOf(showWhole(text));
      expect(chunks.map((c) => c.textContent).join('')).toBe(text);
      for (const chunk of chunks) expect(chunk.textContent).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
      cleanup();
    }
  });

  it('keeps marking invisible characters, in whichever piece they fall', () => {
    const text = `${'x '.repeat(40_000)}m\u200B1 ${'y '.repeat(40_000)}`;
    const pre = showWhole(text);
    const marks = [...pre.querySelectorAll('.invisible-char')];
    expect(marks.map((m) => m.textContent)).toEqual(['⟨U+200B⟩']);
    expect(marks[0]!.closest('.text-chunk')).not.toBeNull();
    expect(pre.textContent).toBe(text.replace('\u200B', '⟨U+200B⟩'));
  });

  it('is busy while the whole is drawn, and only then', async () => {
    const text = 'busy '.repeat(20_000);
    const { container } = render(<LongText text={text} max={MAX} what="line" as="pre" className="raw-line" />);
    const pre = container.querySelector('pre')!;
    // What aria-busy was before each change to it.
    const before: (string | null)[] = [];
    const watch = new MutationObserver((records) => before.push(...records.map((r) => r.oldValue)));
    watch.observe(pre, { attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
    fireEvent.click(screen.getByRole('button', { name: /^Show the whole line/ }));
    await Promise.resolve();
    watch.disconnect();
    // Set as the button answers, taken off once the text is drawn.
    expect(before).toEqual([null, 'true']);
    expect(pre.hasAttribute('aria-busy')).toBe(false);
    expect(pre.textContent).toBe(text);
  });

  it('draws a text of one piece bare, as before', () => {
    const text = 'z'.repeat(TEXT_CHUNK);
    const { container } = render(<LongText text={text} max={MAX} what="line" as="pre" className="raw-line" />);
    expect(container.querySelector('pre')!.innerHTML).toBe(text);
  });

  it('draws its first part in pieces too, the same ones it keeps when shown whole', () => {
    const text = 'word '.repeat(30_000);
    const { container } = render(<LongText text={text} max={MAX} what="line" as="pre" className="raw-line" />);
    const pre = container.querySelector<HTMLElement>('pre')!;
    const first = chunksOf(pre);
    expect(first.map((c) => c.textContent).join('')).toBe(text.slice(0, MAX));
    fireEvent.click(screen.getByRole('button', { name: /^Show the whole line/ }));
    const whole = chunksOf(pre);
    expect(whole.length).toBeGreaterThan(first.length);
    // The same elements, not new ones: the browser keeps their layout.
    expect(first.slice(0, -1).every((chunk, k) => whole[k] === chunk)).toBe(true);
  });
});

describe("a long text's first part", () => {
  afterEach(cleanup);

  const graphemes = (text: string) => [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((g) => g.segment);

  it('ends before a character the cut falls inside: an emoji joined by ZWJ, a letter and its combining mark', () => {
    const family = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}';
    const accented = 'e\u0301\u0327';
    for (const cluster of [family, accented]) {
      for (let inside = 1; inside < cluster.length; inside++) {
        const start = MAX - inside;
        const text = `${'a'.repeat(start)}${cluster}${'z'.repeat(10)}`;
        render(<LongText text={text} max={MAX} what="line" as="pre" className="raw-line" />);
        fireEvent.click(screen.getByRole('button', { name: /^Show the whole line/ }));
        // The first part, as its own button counts it, is the characters before the one cut inside.
        expect(screen.getByRole('button', { name: `Show the first ${formatCount(start)} characters` })).toBeTruthy();
        // The cluster is one character as the browser draws it (segmented near the cut: a segment holds its whole input).
        expect(graphemes(text.slice(start - 1, start + cluster.length + 1))).toEqual(['a', cluster, 'z']);
        cleanup();
      }
    }
  });

  it('keeps its max when the cut falls between two characters', () => {
    const text = `${'a'.repeat(MAX - 1)}e\u0301${'z'.repeat(10)}`;
    render(<LongText text={text} max={MAX + 1} what="line" as="pre" className="raw-line" />);
    expect(screen.getByRole('button', { name: /^Show the whole line/ }).textContent).toContain(`${formatCount(text.length - MAX - 1)} more`);
  });
});

describe('Copy the whole line', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('copies the whole text exactly, invisible characters as they are, without showing it', async () => {
    const writeText = stubClipboard();
    const text = `${'a'.repeat(MAX)}\u200B${'😀'.repeat(10)}`;
    const { container } = render(<LongText text={text} max={MAX} what="line" as="pre" className="raw-line" />);
    const copy = screen.getByRole('button', { name: 'Copy the whole line' });
    await pressCopy(copy);
    expect(writeText).toHaveBeenCalledExactlyOnceWith(text);
    expect(copy.textContent).toBe(`Copied ${formatCount(text.length)} characters`);
    expect(container.querySelector('pre')!.textContent!.length).toBe(MAX);
  });

  it('says so when the browser refuses', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    render(<LongText text={'b'.repeat(MAX + 1)} max={MAX} what="value" as="div" className="field-text" />);
    const copy = screen.getByRole('button', { name: 'Copy the whole value' });
    await pressCopy(copy);
    // Only the first part is drawn: selecting it would take that part alone.
    expect(copy.textContent).toBe('Could not copy: show the whole value and select it');
    fireEvent.click(screen.getByRole('button', { name: /Show the whole value/ }));
    await pressCopy(copy);
    expect(copy.textContent).toBe('Could not copy: select the value instead');
  });

  it('is offered only for a text cut short', () => {
    render(<LongText text={'c'.repeat(MAX)} max={MAX} what="line" as="pre" className="raw-line" />);
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull();
  });
});
