import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashBlob, HashesFromElsewhere } from './hashFiles';

describe('hashBlob', () => {
  it('gives the same SHA-256 hashed whole by Web Crypto and streamed, for empty, small and multi-chunk files', async () => {
    for (const size of [0, 1, 65_537, 300_000]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + 7) & 255);
      const expected = createHash('sha256').update(bytes).digest('hex');
      expect(await hashBlob(new Blob([bytes]))).toBe(expected);
      expect(await hashBlob(new Blob([bytes]), -1)).toBe(expected);
    }
  });
});

describe('hashes from the second worker', () => {
  it('a wait for a hash ends when the request is abandoned, whether it began before or after', async () => {
    const from = new HashesFromElsewhere(new Set([0, 1]));
    const waiting = from.of(0, new Blob(['a']))!();
    const reason = new Error('a newer request');
    from.abandon(reason);
    await expect(waiting).rejects.toBe(reason);
    await expect(from.of(1, new Blob(['b']))!()).rejects.toBe(reason);
  });

  it('a delivered hash is used, and a failed one is made from the file', async () => {
    const from = new HashesFromElsewhere(new Set([0, 1]));
    from.deliver(0, 'abc');
    from.deliver(1, null);
    expect(await from.of(0, new Blob(['x']))!()).toBe('abc');
    expect(await from.of(1, new Blob(['x']))!()).toBe(createHash('sha256').update('x').digest('hex'));
    expect(from.of(2, new Blob(['x']))).toBeNull();
  });
});
