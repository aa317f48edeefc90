import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as loader from '../io/loadInput';
import { gzipDamagedPastHead, readCliInput } from './readCliInput';

afterEach(() => vi.restoreAllMocks());

describe('a file read whole', () => {
  it('is handed to the loader as its one concatenated buffer, not a copy of it (a 240 MB promptfoo export held 240 MB more)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seqscope-whole-'));
    const file = join(dir, 'results.json');
    // Larger than one read chunk, so the file arrives in several pieces that must be joined.
    const results = Array.from({ length: 4000 }, (_, i) => ({ promptIdx: 0, testIdx: i, success: true, score: 1, vars: { q: `question ${i}` } }));
    writeFileSync(file, JSON.stringify({ evalId: 'e', results: { version: 3, timestamp: 't', prompts: [], results } }, null, 2));
    const joined: Buffer[] = [];
    const concat = Buffer.concat.bind(Buffer);
    vi.spyOn(Buffer, 'concat').mockImplementation((list, length) => {
      const out = concat(list, length);
      joined.push(out);
      return out;
    });
    const load = vi.spyOn(loader, 'loadInput');
    const input = await readCliInput(file, 0, true);
    expect(input.records).toHaveLength(4000);
    const handed = load.mock.calls[0]![1];
    expect(handed.buffer).toBe(joined[joined.length - 1]!.buffer);
    expect(Buffer.isBuffer(handed)).toBe(false);
  });
});

describe('a gzip damaged past its head', () => {
  it('counts the bytes decompressed before it as a count: 1 byte, 2 bytes', () => {
    expect(gzipDamagedPastHead(new Error('incorrect header check'), 1, true)).toMatch(/^the gzip data is followed by bytes that are not gzip \(found after 1 byte had been decompressed\); a pipe /);
    expect(gzipDamagedPastHead(new Error('incorrect data check'), 2048, true)).toContain('(found after 2,048 bytes had been decompressed)');
  });
});
