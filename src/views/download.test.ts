import { describe, expect, it } from 'vitest';
import { exportFileName, orderFileName, stemOf } from './download';

describe('export file names', () => {
  it('name an export made for one session after it, apart from the export of every session', () => {
    expect(exportFileName('run', '.findings.json', null)).toBe('run.findings.json');
    expect(exportFileName('run', '.findings.json', 'o1')).toBe('run.session-o1.findings.json');
    expect(exportFileName('run', '.report.md', '</svg><script>')).toMatch(/^run\.session-svg_script_-[0-9a-f]{8}\.report\.md$/);
    expect(exportFileName('run', '.evidence.json', '..')).toMatch(/^run\.session-_-[0-9a-f]{8}\.evidence\.json$/);
  });

  it('keep apart sessions whose names sanitise alike, and leave a name the file system takes as it is', () => {
    for (const [a, b] of [
      ['a/b', 'a:b'],
      ['run 1', 'run_1'],
      ['x'.repeat(40) + 'A', 'x'.repeat(40) + 'B'],
    ]) {
      expect(orderFileName('run', a!, 'svg')).not.toBe(orderFileName('run', b!, 'svg'));
      expect(orderFileName('run', a!, 'png')).not.toBe(orderFileName('run', b!, 'png'));
      expect(exportFileName('run', '.findings.json', a!)).not.toBe(exportFileName('run', '.findings.json', b!));
    }
    expect(orderFileName('run', 'run_1', 'svg')).toBe('run.order-run_1.svg');
    expect(orderFileName('run', 'o1', 'png')).toBe('run.order-o1.png');
    expect(orderFileName('run', 'a/b', 'svg')).toMatch(/^run\.order-a_b-[0-9a-f]{8}\.svg$/);
    expect(orderFileName('run', 'a/b', 'svg')).toBe(orderFileName('run', 'a/b', 'svg'));
  });

  it('take a stem from the first input without its extensions or anything a file system dislikes', () => {
    expect(stemOf('a&b=c#d:e %41.jsonl.gz')).toBe('a_b_c_d_e_41');
    expect(stemOf(undefined)).toBe('seqscope');
  });
});
