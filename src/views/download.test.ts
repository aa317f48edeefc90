import { describe, expect, it } from 'vitest';
import { exportFileName, stemOf } from './download';

describe('export file names', () => {
  it('name an export made for one session after it, apart from the export of every session', () => {
    expect(exportFileName('run', '.findings.json', null)).toBe('run.findings.json');
    expect(exportFileName('run', '.findings.json', 'o1')).toBe('run.session-o1.findings.json');
    expect(exportFileName('run', '.report.md', '</svg><script>')).toBe('run.session-svg_script_.report.md');
    expect(exportFileName('run', '.evidence.json', '..')).toBe('run.session-_.evidence.json');
  });

  it('take a stem from the first input without its extensions or anything a file system dislikes', () => {
    expect(stemOf('a&b=c#d:e %41.jsonl.gz')).toBe('a_b_c_d_e_41');
    expect(stemOf(undefined)).toBe('seqscope');
  });
});
