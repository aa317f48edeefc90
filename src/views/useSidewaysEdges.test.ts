import { describe, expect, it } from 'vitest';
import { sidewaysEdgesOf } from './useSidewaysEdges';

const box = (scrollLeft: number, scrollWidth: number, clientWidth = 300) => ({ scrollLeft, scrollWidth, clientWidth, offsetWidth: clientWidth + 15, clientHeight: 200, offsetHeight: 215 });

describe('the sides of a box scrolled sideways that hold more', () => {
  it('is the right side at the start, both in the middle, the left at the end', () => {
    expect(sidewaysEdgesOf(box(0, 900))).toMatchObject({ left: false, right: true });
    expect(sidewaysEdgesOf(box(300, 900))).toMatchObject({ left: true, right: true });
    expect(sidewaysEdgesOf(box(600, 900))).toMatchObject({ left: true, right: false });
  });

  it('is neither when everything fits, nor a side short of its end by a pixel or less', () => {
    expect(sidewaysEdgesOf(box(0, 300))).toMatchObject({ left: false, right: false });
    expect(sidewaysEdgesOf(box(599.5, 900))).toMatchObject({ left: true, right: false });
    expect(sidewaysEdgesOf(box(1, 900))).toMatchObject({ left: false, right: true });
  });

  it('gives the scrollbars’ sizes, which the shades leave uncovered', () => {
    expect(sidewaysEdgesOf(box(0, 900))).toMatchObject({ barWidth: 15, barHeight: 15 });
  });
});
