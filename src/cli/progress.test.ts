import { describe, expect, it } from 'vitest';
import { CliProgress } from './progress';

function terminal(isTTY: boolean, columns?: number) {
  const written: string[] = [];
  let t = 0;
  const progress = new CliProgress({ isTTY, columns, write: (s: string) => written.push(s) }, () => t);
  return { written, progress, at: (ms: number) => (t = ms) };
}

const MiB = 1024 * 1024;

describe('CLI progress', () => {
  it('says nothing when stderr is not a terminal', () => {
    const { written, progress } = terminal(false);
    progress.startFile();
    progress.reading('big.jsonl', MiB, 10 * MiB);
    progress.analysing(1000);
    progress.clear();
    expect(written).toEqual([]);
  });

  it('rewrites one line in place, at most every 100 ms, estimates once a second has passed, and clears it', () => {
    const { written, progress, at } = terminal(true);
    progress.startFile();
    progress.reading('big.jsonl', MiB, 10 * MiB);
    at(50);
    progress.reading('big.jsonl', 2 * MiB, 10 * MiB);
    at(2000);
    progress.reading('big.jsonl', 4 * MiB, 10 * MiB);
    progress.analysing(1234567);
    progress.clear();
    expect(written).toEqual([
      '\r\x1b[Kseqscope: reading big.jsonl · 1.0 of 10.0 MiB',
      '\r\x1b[Kseqscope: reading big.jsonl · 4.0 of 10.0 MiB · about 4 s left',
      '\r\x1b[Kseqscope: analysing 1,234,567 records…',
      '\r\x1b[K',
    ]);
  });

  it('estimates from the rate of the last stretch, as the page does, not the average so far: a reading that speeds up', () => {
    const { written, progress, at } = terminal(true);
    progress.startFile();
    for (const [ms, mib] of [[0, 0], [1000, 1], [2000, 2], [3000, 6]] as const) {
      at(ms);
      progress.reading('big.jsonl', mib * MiB, 20 * MiB);
    }
    // 5 MiB in the last 2 s (the stretch and the sample before it) leave 14 MiB for about 6 s; the average (2 MiB/s) said 7.
    expect(written.at(-1)).toBe('\r\x1b[Kseqscope: reading big.jsonl · 6.0 of 20.0 MiB · about 6 s left');
  });

  it('reads standard input without a total or an estimate, and clears nothing it did not draw', () => {
    const { written, progress, at } = terminal(true);
    progress.clear();
    progress.startFile();
    at(5000);
    progress.reading('<stdin>', 3 * MiB, null);
    expect(written).toEqual(['\r\x1b[Kseqscope: reading <stdin> · 3.0 MiB']);
  });

  it('groups the digits of a size past a thousand MiB, as every count is written', () => {
    const { written, progress } = terminal(true);
    progress.startFile();
    progress.reading('big.jsonl.gz', 412 * MiB, 1031.2 * MiB);
    expect(written).toEqual(['\r\x1b[Kseqscope: reading big.jsonl.gz · 412.0 of 1,031.2 MiB']);
  });

  it('fits the line to the terminal, so it never wraps and can be rewritten', () => {
    const { written, progress } = terminal(true, 30);
    progress.startFile();
    progress.reading('a-rather-long-file-name.jsonl', MiB, 10 * MiB);
    expect(written).toEqual(['\r\x1b[Kseqscope: reading a-rather-l…']);
    expect(written[0]!.length - '\r\x1b[K'.length).toBe(29);
  });

  it('shows a file name’s control characters as ?, so they cannot move the cursor', () => {
    const { written, progress } = terminal(true);
    progress.startFile();
    progress.reading('a\x1b[2Jb\nc.jsonl', MiB, null);
    expect(written).toEqual(['\r\x1b[Kseqscope: reading a?[2Jb?c.jsonl · 1.0 MiB']);
  });
});
