import { describe, expect, it } from 'vitest';
import { countedElementReads } from './countedWork';

describe('countedElementReads', () => {
  it('counts the elements read by index, not the length or a method looked up', () => {
    const counter = { reads: 0 };
    const list = countedElementReads([10, 20, 30], counter);
    expect(list[1]).toBe(20);
    expect(list[2]).toBe(30);
    expect(list.length).toBe(3);
    expect(typeof list.indexOf).toBe('function');
    expect(counter.reads).toBe(2);
  });

  it('reads a typed array, whose length getter would refuse the proxy as its receiver', () => {
    const counter = { reads: 0 };
    const tree = countedElementReads(new Float64Array([1, 2]), counter);
    expect(tree.length).toBe(2);
    expect(tree[0]).toBe(1);
    expect(counter.reads).toBe(1);
  });
});
