import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashBlob } from './hashFiles';

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
