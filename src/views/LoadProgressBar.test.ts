import { describe, expect, it } from 'vitest';
import { progressText } from './LoadProgressBar';

const MiB = 1024 * 1024;

describe('what the progress bar says', () => {
  it('names each phase, so a file parsed whole never reads as stuck at every byte and no record', () => {
    const base = { bytes: 40 * MiB, total: 96 * MiB, records: 123456, etaMs: 6000 };
    expect(progressText({ ...base, phase: 'reading' })).toBe('40.0 of 96.0 MiB · 123,456 records · about 6 s of reading left');
    expect(progressText({ ...base, bytes: 96 * MiB, records: 0, etaMs: null, phase: 'parsing' })).toBe('96.0 MiB read; parsing the whole file');
    expect(progressText({ ...base, phase: 'analysing' })).toBe('123,456 records read; analysing');
    expect(progressText({ ...base, phase: 'sending' })).toBe('123,456 records analysed; sending to the page');
  });

  it('gives no time left once every byte is read', () => {
    expect(progressText({ bytes: 60 * MiB, total: 60 * MiB, records: 500000, etaMs: 300, phase: 'reading' })).toBe('60.0 of 60.0 MiB · 500,000 records');
  });

  it('groups the MiB as every count is grouped, as the CLI writes them', () => {
    const big = { bytes: 1100 * MiB, total: 2048.5 * MiB, records: 9, etaMs: null };
    expect(progressText({ ...big, phase: 'reading' })).toBe('1,100.0 of 2,048.5 MiB · 9 records');
    expect(progressText({ ...big, phase: 'parsing' })).toBe('1,100.0 MiB read; parsing the whole file');
  });
});
