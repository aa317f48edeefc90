// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkedText, TEXT_CHUNK } from './ChunkedText';

// Each piece draws its text through Marked: its renders count the pieces drawn again.
const drawn = vi.hoisted(() => ({ texts: [] as string[] }));
vi.mock('./Marked', async (original) => {
  const real = await original<typeof import('./Marked')>();
  return {
    ...real,
    Marked: (props: { text: string; layout?: boolean }) => {
      drawn.texts.push(props.text);
      return real.Marked(props);
    },
  };
});

const PIECES = 40;
/** Text of PIECES pieces, no space in it: each piece is TEXT_CHUNK characters. */
const text = (last = 'z') => `${'y'.repeat(TEXT_CHUNK * (PIECES - 1))}${last.repeat(TEXT_CHUNK)}`;

describe('ChunkedText drawn again', () => {
  afterEach(cleanup);

  it('draws again only the pieces whose characters changed, and none for the same text in another string', () => {
    const { container, rerender } = render(<ChunkedText text={text()} />);
    expect(drawn.texts.length).toBe(PIECES);
    drawn.texts = [];
    // Equal but not the same string, as a raw line sliced from its file again at each render of the record is.
    rerender(<ChunkedText text={` ${text()}`.slice(1)} />);
    expect(drawn.texts).toEqual([]);
    rerender(<ChunkedText text={text('w')} />);
    expect(drawn.texts).toEqual(['w'.repeat(TEXT_CHUNK)]);
    expect(container.textContent).toBe(text('w'));
  });

  it('keeps the pieces of the first part when the rest is added', () => {
    drawn.texts = [];
    const whole = text();
    const { rerender } = render(<ChunkedText text={whole.slice(0, TEXT_CHUNK * 10 + 5)} />);
    expect(drawn.texts.length).toBe(11);
    drawn.texts = [];
    rerender(<ChunkedText text={whole} />);
    // The last piece of the first part grows; the ten before it stay as they were.
    expect(drawn.texts.length).toBe(PIECES - 10);
  });

  it('slices nothing when drawn again with the same text, as a cutoff step draws the record shown', () => {
    const whole = text();
    const { rerender } = render(<ChunkedText text={whole} />);
    const slice = String.prototype.slice;
    let slices = 0;
    String.prototype.slice = function (this: string, ...args: [number?, number?]) {
      if (this.length === whole.length) slices++;
      return slice.apply(this, args);
    };
    try {
      rerender(<ChunkedText text={whole} />);
      rerender(<ChunkedText text={` ${whole}`.slice(1)} />);
    } finally {
      String.prototype.slice = slice;
    }
    expect(slices).toBe(0);
  });
});
