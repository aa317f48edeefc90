import { describe, expect, it } from 'vitest';
import { parseArgs, USAGE } from './args';

const errorOf = (argv: string[]) => {
  const parsed = parseArgs(argv);
  return parsed.ok ? null : parsed.error;
};

describe('parseArgs', () => {
  it('explains in --help each option by the placeholder its usage line gives it, and names the formats a FILE may be', () => {
    const [usage, explained] = [USAGE.slice(0, USAGE.indexOf('\n\n')), USAGE.slice(USAGE.indexOf('\n\n'))];
    for (const [, option, value] of usage.matchAll(/\[(--[a-z]+)(?: ([A-Z.]+))?\]/g)) {
      expect(explained).toMatch(new RegExp(`\\n  ${option}${value ? ` ${value.replace('.', '\\.')}` : ''} +\\S`));
    }
    for (const format of ['Codex CLI rollout', 'Inspect', 'promptfoo', 'RunState', 'SQLite']) expect(USAGE).toContain(format);
  });

  it('refuses an option given twice rather than keep the last: two --session names would read as both analysed', () => {
    expect(errorOf(['check', 'a.jsonl', '--session', 'a', '--session', 'b'])).toBe('--session is given more than once; give it once');
    expect(errorOf(['check', 'a.jsonl', '--cutoff', '1', '--cutoff=2'])).toBe('--cutoff is given more than once; give it once');
    expect(errorOf(['check', 'a.jsonl', '--report', 'a.md', '--report', 'b.md'])).toBe('--report is given more than once; give it once');
    expect(errorOf(['compare', 'a', 'b', '--session', 'a', '--session', 'a'])).toBe('--session is given more than once; give it once');
    expect(errorOf(['check', 'a.jsonl', '--json', '--json'])).toBeNull();
  });

  it('calls an unknown short option an option, not a file that does not exist', () => {
    expect(errorOf(['check', 'a.jsonl', '-j'])).toBe('unknown option "-j" (a file whose name starts with - goes after --)');
    expect(errorOf(['check', 'a.jsonl', '--jsonx'])).toBe('unknown option "--jsonx"');
  });

  it('takes every argument after -- as a file, and - as standard input', () => {
    expect(parseArgs(['check', '--json', '--', '-j', '--json', '-'])).toEqual({
      ok: true,
      command: 'check',
      args: { files: ['-j', '--json', '-'], json: true, cutoff: null, session: null, report: null, all: false },
    });
    expect(parseArgs(['compare', '--', '-a', '-b'])).toMatchObject({ ok: true, args: { base: '-a', other: '-b' } });
  });

  it('takes --all for check, given once or more; compare refuses it, as it refuses --cutoff', () => {
    expect(parseArgs(['check', 'a.jsonl', '--all'])).toMatchObject({ ok: true, args: { all: true } });
    expect(parseArgs(['check', 'a.jsonl', '--all', '--all'])).toMatchObject({ ok: true, args: { all: true } });
    expect(errorOf(['check', 'a.jsonl', '--all=yes'])).toBe('--all takes no value; give --all alone');
    expect(errorOf(['compare', 'a', 'b', '--all'])).toBe('compare does not take --all');
    expect(USAGE).toContain('--all ');
  });

  it('says an option that takes no value takes none when given one with =, rather than call it unknown', () => {
    for (const flag of ['--json', '--all', '--help']) {
      for (const given of [`${flag}=1`, `${flag}=`, `${flag}=a=b`]) {
        expect(errorOf(['check', 'a.jsonl', given])).toBe(`${flag} takes no value; give ${flag} alone`);
      }
    }
    expect(errorOf(['compare', 'a', 'b', '--json=true'])).toBe('--json takes no value; give --json alone');
    expect(errorOf(['check', 'a.jsonl', '--jsonx=1'])).toBe('unknown option "--jsonx=1"');
  });

  it('takes the value of an option that needs one after = as after a space, an = in it kept', () => {
    expect(parseArgs(['check', 'a.jsonl', '--cutoff=3', '--session=s=1', '--report=r.md'])).toMatchObject({ ok: true, args: { cutoff: 3, session: 's=1', report: 'r.md' } });
    expect(parseArgs(['check', 'a.jsonl', '--session='])).toMatchObject({ ok: true, args: { session: '' } });
    expect(errorOf(['check', 'a.jsonl', '--cutoff='])).toBe('--cutoff needs a non-negative integer, got ""');
    expect(errorOf(['check', 'a.jsonl', '--report='])).toBe('--report needs a file name to write the Markdown report to');
    expect(parseArgs(['compare', 'a', 'b', '--session=s', '--report=r.md'])).toMatchObject({ ok: true, args: { session: 's', report: 'r.md' } });
  });

  it('prints a usage that fits an 80-column terminal', () => {
    expect(USAGE.split('\n').filter((line) => line.length > 80)).toEqual([]);
  });
});
