import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, PAGE_MAX_FILE_BYTES, pageFileLimit, shellWord, splitBySize } from './pageLimits';

const MiB = 1024 * 1024;

describe('the page refuses a file too large for a tab, before reading it', () => {
  it('uses 256 MiB unless the address lowers it', () => {
    expect(PAGE_MAX_FILE_BYTES).toBe(256 * MiB);
    expect(pageFileLimit('')).toBe(PAGE_MAX_FILE_BYTES);
    expect(pageFileLimit('?maxFileMB=1')).toBe(MiB);
    expect(pageFileLimit('?sample=o1-flip.jsonl&maxFileMB=0.5')).toBe(MiB / 2);
  });

  it('never raises the limit, and ignores what is not a positive number', () => {
    for (const q of ['?maxFileMB=100000', '?maxFileMB=0', '?maxFileMB=-1', '?maxFileMB=1e3', '?maxFileMB=abc', '?maxFileMB=']) expect(pageFileLimit(q)).toBe(PAGE_MAX_FILE_BYTES);
  });

  it('says which file, how big, the limit and the command to run instead', () => {
    expect(fileTooLargeMessage('big.jsonl', 300 * MiB + 5, 256 * MiB)).toBe(
      'big.jsonl is 300.0 MiB (314,572,805 bytes), over the 256 MiB this page can hold for one file, so it was not read. ' +
        'The command line reads it with the same checks: npx seqscope check big.jsonl --report report.md (see docs/limits.md for larger files).',
    );
    expect(fileTooLargeMessage('x.jsonl', 2048, 1024)).toContain('x.jsonl is 2.0 KiB (2,048 bytes), over the 1 KiB');
  });

  it('groups the whole part of a size in KiB or MiB, as every count is written', () => {
    expect(fileTooLargeMessage('x.jsonl', 1023.5 * 1024, 1024)).toContain('x.jsonl is 1,023.5 KiB (1,048,064 bytes)');
    expect(fileTooLargeMessage('x.jsonl', 1000 * MiB, 256 * MiB)).toContain('x.jsonl is 1,000.0 MiB (1,048,576,000 bytes)');
  });

  it('quotes a file name that is not one shell word', () => {
    expect(shellWord('run-3.jsonl.gz')).toBe('run-3.jsonl.gz');
    expect(shellWord('my log.jsonl')).toBe("'my log.jsonl'");
    expect(shellWord("it's $(rm -rf).jsonl")).toBe("'it'\\''s $(rm -rf).jsonl'");
  });

  it('keeps the files that fit, in order, and names each one refused', () => {
    const files = [
      { name: 'a', size: 10 },
      { name: 'b', size: 11 },
      { name: 'c', size: 1 },
    ];
    const { fits, refused } = splitBySize(files, 10);
    expect(fits.map((f) => f.name)).toEqual(['a', 'c']);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(/^b is 11 bytes, over the 10 bytes/);
  });
});
