import { describe, expect, it, vi } from 'vitest';
import { PageReads } from './pageReads';
import { readRecordsOnPage } from './recordsReadOnPage';
import { isSmi } from '../io/test/isSmi';

const line = (i: number) => JSON.stringify({ kind: 'input', id: `r${i}`, session: 's', op: 'allow', accept_seq: i, note: 'x'.repeat(200) });
/** About 4.5 MB of native lines: eighteen steps of the page's reading at the least. */
const large = () => new Blob([Array.from({ length: 20_000 }, (_, i) => line(i + 1)).join('\n')]);

describe("the page's own reads of a request's files", () => {
  it('stops a read the answer does not need at its next step, and gives the records of those it names', async () => {
    let steps = 0;
    const step = async () => {
      steps++;
      await new Promise((r) => setTimeout(r, 0));
    };
    const reads = new PageReads(
      [
        { name: 'dup.jsonl', blob: large() },
        { name: 'small.jsonl', blob: new Blob([`${line(1)}\n${line(2)}\n`]) },
      ],
      step,
    );
    reads.start(0, 0);
    reads.start(1, 0);
    await vi.waitFor(() => expect(steps).toBeGreaterThan(0));
    // The answer leaves the second file's records to the page; the first was a duplicate.
    const records = await reads.recordsFor([{ readOnPage: 1 }], [2]);
    expect(records.get(1)!.map((r) => r.id)).toEqual(['r1', 'r2']);
    // Held inline, not as a heap number each: 12 bytes a record at a million records.
    expect(records.get(1)!.every((r) => isSmi(r.line) && isSmi(r.offset) && isSmi(r.length) && isSmi(r.acceptSeq))).toBe(true);
    const after = steps;
    await new Promise((r) => setTimeout(r, 50));
    expect(steps - after).toBeLessThanOrEqual(1);
    expect(steps).toBeLessThan(18);
  });

  it('names the file whose records the page read otherwise than the worker', async () => {
    const reads = new PageReads([{ name: 'a.jsonl', blob: new Blob([`${line(1)}\n`]) }], async () => undefined);
    reads.start(0, 0);
    await expect(reads.recordsFor([{ readOnPage: 0 }], [2])).rejects.toMatchObject({ file: 'a.jsonl', message: 'the page could not read this file itself (it read 1 record where the worker read 2)' });
    await expect(new PageReads([{ name: 'b.jsonl', blob: new Blob([]) }], async () => undefined).recordsFor([{ readOnPage: 0 }], [0])).rejects.toMatchObject({ file: 'b.jsonl' });
  });

  it('refuses a file past the limit for one input, as the worker does, before reading it', async () => {
    let cancelled = false;
    const huge = {
      size: 600 * 2 ** 20,
      slice: () => new Blob(['{"']),
      stream: () =>
        new ReadableStream({
          pull: (c) => c.enqueue({ length: 600 * 2 ** 20 } as unknown as Uint8Array),
          cancel: () => void (cancelled = true),
        }),
    } as unknown as Blob;
    await expect(readRecordsOnPage(huge, 'huge.jsonl', 0, async () => undefined)).rejects.toMatchObject({
      file: 'huge.jsonl',
      message: 'the page could not read this file itself (more than 500 MiB of content, the limit for one input)',
    });
    expect(cancelled).toBe(true);
  });
});
