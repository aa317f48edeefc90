import { describe, expect, it } from 'vitest';
import { inSlices } from './inSlices';

/** Steps that count how many of them ran; each takes one tick of the fake clock below. */
function* counted(n: number, ran: { count: number; closed: boolean }) {
  try {
    for (let i = 0; i < n; i++) {
      ran.count++;
      yield;
    }
    return 'done';
  } finally {
    ran.closed = true;
  }
}

/** A clock that moves one unit each time it is read: slices are counted in steps, not in time. */
function options(pauses: { count: number }) {
  let t = 0;
  return {
    sliceMs: 3,
    now: () => t++,
    pause: async () => {
      pauses.count++;
    },
  };
}

describe('inSlices', () => {
  it('hands the thread back between slices and returns what the steps return', async () => {
    const ran = { count: 0, closed: false };
    const pauses = { count: 0 };
    await expect(inSlices(counted(30, ran), () => true, options(pauses))).resolves.toBe('done');
    expect(ran.count).toBe(30);
    // Three steps a slice (the clock read once before a slice and once after each step).
    expect(pauses.count).toBe(10);
  });

  it('stops at the first pause after the work is no longer wanted, and closes the steps', async () => {
    const ran = { count: 0, closed: false };
    const pauses = { count: 0 };
    let wanted = true;
    const o = options(pauses);
    const pause = async () => {
      await o.pause();
      if (pauses.count === 2) wanted = false;
    };
    await expect(inSlices(counted(30, ran), () => wanted, { ...o, pause })).resolves.toBeNull();
    expect(ran.count).toBe(6);
    expect(ran.closed).toBe(true);
  });
});
