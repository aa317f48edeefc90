import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'fflate';
import { gzipSync as zlibGzip } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../core/index';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cliPath, requireBuiltCli, runCli } from './test/runCli';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-cli-'));
function write(name: string, content: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const badLines = write(
  'bad.jsonl',
  [
    '{"kind":"input","id":"ok1","op":"allow","accept_seq":1}',
    '{"kind":"input","id":"broken","op":',
    '',
    '{"kind":"input","id":"ok2","op":"revoke","accept_seq":"2"}',
  ].join('\n'),
);
const flip = write(
  'o1.jsonl',
  '{"kind":"input","id":"m2","op":"revoke","accept_seq":2}\n{"kind":"input","id":"m1","op":"allow","accept_seq":1}\n',
);

describe('the seqscope binary', () => {
  it('stops quietly when its reader closes the pipe early, as `| head` does', () => {
    requireBuiltCli();
    const many = write('many.jsonl', Array.from({ length: 20_000 }, (_, i) => JSON.stringify({ kind: 'eval', case_id: `c${i >> 1}`, status: i % 2 ? 'pass' : 'fail' })).join('\n'));
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${cliPath}" check "${many}" | head -c 100 > /dev/null`], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('reports bad lines with their numbers and reasons and still reads the rest', () => {
    const run = runCli(['check', badLines]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('4 lines, 1 record, 2 rejected, 1 blank');
    expect(run.stdout).toContain('rejected: line 2: not valid JSON (Unexpected end of JSON input)');
    expect(run.stdout).toContain('rejected: line 4: accept_seq must be a non-negative integer, got "2"');
  });

  it('exits 1 on an error finding and prints it under Errors with file:line', () => {
    const run = runCli(['check', flip]);
    expect(run.status).toBe(1);
    const errors = run.stdout.slice(run.stdout.indexOf('Errors (1)'));
    expect(errors).toContain('decision-flip (default)');
    expect(errors).toContain(`${flip}:1 ${flip}:2`);
  });

  it('prints the JSON document of spec section 5 with the cutoff filled', () => {
    const run = runCli(['check', flip, '--json', '--cutoff', '1']);
    const doc = JSON.parse(run.stdout) as CheckDocument;
    expect(Object.keys(doc)).toEqual(['version', 'inputs', 'sessions', 'evals', 'findings']);
    expect(doc.sessions[0]!.cutoff).toEqual({ seq: 1, state: { permission: 'allow' }, future_leaks: ['m2'] });
    expect(doc.sessions[0]!.replay).toEqual({ storage: { permission: 'allow' }, acceptance: { permission: 'deny' } });
    expect(Object.keys(doc.inputs[0]!)).toEqual(['file', 'format', 'bytes', 'sha256', 'lines', 'records', 'blank', 'rejected', 'notes']);
    expect(doc.evals).toBeNull();
  });

  it('reads standard input with -, and gzip', () => {
    const fromStdin = runCli(['check', '-', '--json'], '{"kind":"input","id":"a","op":"allow","accept_seq":1}\n');
    expect((JSON.parse(fromStdin.stdout) as CheckDocument).inputs[0]!.file).toBe('<stdin>');
    const gz = write('o1.jsonl.gz', gzipSync(new TextEncoder().encode('{"kind":"input","id":"a","op":"allow"}\n')));
    expect((JSON.parse(runCli(['check', gz, '--json']).stdout) as CheckDocument).inputs[0]!.format).toBe('native-jsonl+gzip');
  });

  it('filters by --session and refuses an unknown one with exit 2', () => {
    const two = write('two.jsonl', '{"kind":"input","id":"a","op":"allow","session":"s1"}\n{"kind":"input","id":"b","op":"allow","session":"s2"}\n');
    const doc = JSON.parse(runCli(['check', two, '--json', '--session', 's2']).stdout) as CheckDocument;
    expect(doc.sessions.map((s) => s.session)).toEqual(['s2']);
    const missing = runCli(['check', two, '--session', 'nope']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no session named "nope"; sessions are: s1, s2');
    const unnamed = write('unnamed.jsonl', '{"kind":"input","id":"a","op":"allow","session":""}\n{"kind":"input","id":"b","op":"allow","session":" s2"}\n');
    expect(runCli(['check', unnamed, '--session', 'nope']).stderr).toContain('no session named "nope"; sessions are: "", " s2"\n');
    // A session the list names as "" is chosen by an empty name.
    const empty = JSON.parse(runCli(['check', unnamed, '--json', '--session', '']).stdout) as CheckDocument;
    expect(empty.sessions.map((x) => x.session)).toEqual(['']);
  });

  it('says plainly, for --session, that inputs of eval records only, or of no record, have no session to show', () => {
    const evals = write('evals-only.jsonl', '{"kind":"eval","case_id":"c1","run_id":"r1","status":"pass"}\n');
    const onlyEvals = runCli(['check', evals, '--session', 'x']);
    expect(onlyEvals.status).toBe(2);
    expect(onlyEvals.stderr).toBe(
      'seqscope: no session named "x": the inputs hold no session records (only eval records), so there is no state to show; leave out --session to see the evals\n',
    );
    const nothing = write('nothing.jsonl', 'not json\n');
    expect(runCli(['compare', nothing, nothing, '--session', 'x']).stderr).toBe('seqscope: no session named "x": no record was read from the inputs, so there is no state to show\n');
  });

  it('exits 2 for bad usage and unreadable files', () => {
    expect(runCli(['check']).status).toBe(2);
    expect(runCli(['frobnicate', flip]).status).toBe(2);
    expect(runCli(['check', flip, '--cutoff', 'x']).status).toBe(2);
    const huge = runCli(['check', flip, '--cutoff', '9007199254740993']);
    expect(huge.status).toBe(2);
    expect(huge.stderr).toContain('--cutoff 9007199254740993 is larger than an acceptance number can be');
    expect(runCli(['check', flip, '--cutoff', '9007199254740991']).status).toBe(1);
    const missing = runCli(['check', join(dir, 'nope.jsonl')]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('no such file');
    expect(runCli(['check', dir]).status).toBe(2);
    expect(runCli(['--help']).status).toBe(0);
  });

  it('takes no arguments as bad usage (usage on stderr, exit 2), and a request for help as none (usage on stdout, exit 0)', () => {
    const bare = runCli([]);
    expect(bare.status).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toMatch(/^seqscope: no command given \(check or compare\)\n\nUsage: seqscope check FILE\.\.\./);
    for (const help of ['--help', '-h', 'help']) {
      const run = runCli([help]);
      expect(run.status, help).toBe(0);
      expect(run.stdout.startsWith('Usage: seqscope check FILE...')).toBe(true);
      expect(run.stderr).toBe('');
    }
  });

  it('refuses one JSON document in no format with exit 2 and one located reason, instead of rejecting every line', () => {
    const unknown = write('state.json', JSON.stringify({ baseline: 'v0.19.4', features: [{ version: '1.2' }] }, null, 2));
    for (const args of [['check', unknown], ['check', unknown, '--report', join(dir, 'state.md')]]) {
      const run = runCli(args);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`${unknown}: a single JSON object (keys: "baseline", "features") over several lines, in no format Seqscope reads.`);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('names an unreadable file once in its one line, before the reason', () => {
    const unknown = write('unknown-ml.json', '{\n  "a": 1\n}\n');
    const numbers = write('numbers.json', '[1,2,3]');
    for (const [file, reason] of [[unknown, 'a single JSON object (keys: "a") over several lines'], [numbers, 'a JSON array of 3 items, none of them an object']] as const) {
      const run = runCli(['check', file]);
      expect(run.status).toBe(2);
      expect(run.stderr.startsWith(`seqscope: cannot read ${file}: ${reason}`)).toBe(true);
      expect(run.stderr.split(file)).toHaveLength(2);
    }
  });

  it('refuses - given more than once as bad usage: standard input can be read once, a second - would be an empty input', () => {
    for (const args of [['check', '-', '-'], ['check', '-', flip, '-', '--json']]) {
      const run = runCli(args, '{"kind":"input","id":"a","op":"allow","accept_seq":1}\n');
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('seqscope: - (standard input) is given more than once; standard input can be read only once');
    }
  });

  it('says when no line became a record that nothing was checked, so "Findings: 0" does not read as a clean log', () => {
    const said = 'Nothing was read as a record, so nothing was checked; see the rejected lines above.';
    const allBad = write('all-bad.jsonl', 'bad\n{"kind":"input","id":"x","accept_seq":"1"}\n');
    const run = runCli(['check', allBad]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`rejected: line 2: accept_seq must be a non-negative integer, got "1"\n\n${said}\n\nFindings: 0\n`);
    expect(runCli(['check', allBad, badLines]).stdout).not.toContain('Nothing was read');
    const empty = runCli(['check', write('empty.jsonl', '')]);
    expect(empty.stdout).toContain('Nothing was read as a record, so nothing was checked: the inputs hold none.');
    expect(runCli(['check', allBad, '--json']).stdout).not.toContain('Nothing was read');
  });

  it('counts the items of one JSON document as items, not lines, in the text report', () => {
    const pretty = write('pretty.json', JSON.stringify([{ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 }, { kind: 'input', id: 'b', op: 'allow', accept_seq: 'x' }], null, 2));
    const run = runCli(['check', pretty]);
    expect(run.stdout).toContain(`${pretty}: native-array, ${readFileSync(pretty).length} bytes, 2 items, 1 record, 1 rejected, 0 blank`);
    expect(run.stdout).not.toMatch(/\d lines?\b/);
    expect((JSON.parse(runCli(['check', pretty, '--json']).stdout) as CheckDocument).inputs[0]!.lines).toBe(2);
  });

  it('reads an array of records laid out one to a line as the array it is, not as lines', () => {
    const records = ['{"kind":"input","id":"m2","op":"revoke","accept_seq":2}', '{"kind":"input","id":"m1","op":"allow","accept_seq":1}'];
    const byHand = write('by-hand.json', `[\n  ${records.join(',\n  ')}\n]\n`);
    const run = runCli(['check', byHand, '--json']);
    expect(run.status).toBe(1);
    const doc = JSON.parse(run.stdout) as CheckDocument;
    expect(doc.inputs[0]).toMatchObject({ format: 'native-array', lines: 2, records: 2, rejected: [] });
    expect(doc.findings.map((f) => f.code)).toContain('decision-flip');
  });

  it('lists what the reader noted about an input in --json, as the text report says it', () => {
    const invalid = write('invalid-utf8.jsonl', Buffer.concat([Buffer.from('{"kind":"input","id":"a","op":"allow","accept_seq":1,"note":"'), Buffer.from([0xff]), Buffer.from('"}\n')]));
    const doc = JSON.parse(runCli(['check', invalid, '--json']).stdout) as CheckDocument;
    expect(doc.inputs[0]!.notes).toEqual([{ line: 1, message: expect.stringMatching(/not valid UTF-8/) as unknown as string }]);
    expect((JSON.parse(runCli(['check', flip, '--json']).stdout) as CheckDocument).inputs[0]!.notes).toEqual([]);
  });
});

describe('inputs that cannot be read', () => {
  const lines = (stderr: string) => stderr.trim().split('\n');

  it('are each named, in one run, and nothing is analysed when one of them cannot be read', () => {
    const nope1 = join(dir, 'nope1.jsonl');
    const nope2 = join(dir, 'nope2.jsonl');
    for (const report of [[], ['--report', join(dir, 'partial.md')]]) {
      const run = runCli(['check', flip, nope1, nope2, ...report]);
      expect(run.status).toBe(2);
      expect(run.stdout).toBe('');
      expect(lines(run.stderr)).toEqual([`seqscope: cannot read ${nope1}: no such file`, `seqscope: cannot read ${nope2}: no such file`]);
    }
    expect(existsSync(join(dir, 'partial.md'))).toBe(false);
  });

  it('are named once each, though given twice', () => {
    const nope = join(dir, 'nope1.jsonl');
    const run = runCli(['check', nope, flip, nope]);
    expect(lines(run.stderr)).toEqual([`seqscope: cannot read ${nope}: no such file`]);
    expect(run.status).toBe(2);
  });

  it('after one cannot be read, looks at the rest without reading them: a directory or a missing file is named, a bad document is not', () => {
    const numbers = write('numbers-after.json', '[1,2,3]');
    const nope = join(dir, 'nope3.jsonl');
    const run = runCli(['check', numbers, flip, dir, numbers, nope]);
    expect(run.status).toBe(2);
    const said = lines(run.stderr);
    expect(said).toHaveLength(3);
    expect(said[0]!.startsWith(`seqscope: cannot read ${numbers}: a JSON array of 3 items, none of them an object`)).toBe(true);
    expect(said.slice(1)).toEqual([`seqscope: cannot read ${dir}: is a directory`, `seqscope: cannot read ${nope}: no such file`]);
  });

  it('leaves standard input unread once an input cannot be read', () => {
    const nope = join(dir, 'nope4.jsonl');
    const run = runCli(['check', nope, '-'], '[1,2,3]');
    expect(run.status).toBe(2);
    expect(lines(run.stderr)).toEqual([`seqscope: cannot read ${nope}: no such file`]);
  });

  it('are named on both sides of compare', () => {
    const base = join(dir, 'nope-base.jsonl');
    const other = join(dir, 'nope-other.jsonl');
    const run = runCli(['compare', base, other]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(lines(run.stderr)).toEqual([`seqscope: cannot read ${base}: no such file`, `seqscope: cannot read ${other}: no such file`]);
  });
});

describe('the text report under hostile ids', () => {
  it('marks zero-width and direction characters so a terminal cannot hide or reorder them', () => {
    const file = write('rtl.jsonl', '{"kind":"input","id":"m\\u200b1","op":"allow","accept_seq":1}\n{"kind":"input","id":"x\\u202eyz","op":"revoke","accept_seq":1}\n');
    const run = runCli(['check', file]);
    expect(run.stdout).toContain('m⟨U+200B⟩1');
    expect(run.stdout).toContain('x⟨U+202E⟩yz');
    expect(run.stdout).not.toMatch(/[\u200b\u202e]/);
    expect(run.stdout.split('\n').length).toBeGreaterThan(5);
  });

  it('shows control characters of names on stderr too, so a session name cannot retitle or clear the terminal', () => {
    const hostile = write('esc.jsonl', `${JSON.stringify({ kind: 'input', id: 'a', op: 'allow', session: 'ev\u001b]0;PWNED\u0007\u001b[2J', accept_seq: 1 })}\n`);
    const run = runCli(['check', hostile, '--session', 'x']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('sessions are: ev⟨U+001B⟩]0;PWNED⟨U+0007⟩⟨U+001B⟩[2J');
    expect([...run.stderr].filter((c) => c !== '\n' && c.charCodeAt(0) < 0x20)).toEqual([]);
  });

  it('marks the control characters of a --session name that matches none, a bad --cutoff and an unknown command as the rest of the output does, not as JSON escapes', () => {
    for (const command of [['check', flip], ['compare', flip, flip]]) {
      const run = runCli([...command, '--session', 'zz\u001b[2J\u202e"\\']);
      expect(run.status).toBe(2);
      expect(run.stderr).toContain('seqscope: no session named "zz⟨U+001B⟩[2J⟨U+202E⟩\\"\\\\"; sessions are: default');
      expect(run.stderr).not.toContain('\\u001b');
    }
    expect(runCli(['check', flip, '--cutoff', '1\u001b']).stderr).toContain('--cutoff needs a non-negative integer, got "1⟨U+001B⟩"');
    expect(runCli(['zz\u001b[2J', flip]).stderr).toContain('unknown command "zz⟨U+001B⟩[2J"');
  });

  it('refuses a --report path that is one of the inputs, and leaves that file as it was', () => {
    const victim = write('victim.jsonl', '{"kind":"input","id":"a","op":"allow","accept_seq":1}\n');
    const run = runCli(['check', victim, '--report', join(dir, '.', 'victim.jsonl')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('is one of the files to check; writing the report there would overwrite it');
    expect(readFileSync(victim, 'utf8')).toBe('{"kind":"input","id":"a","op":"allow","accept_seq":1}\n');
  });

  it('quotes a file name in an error when bare it would not be seen as itself: empty, or edged with spaces', () => {
    for (const [name, shown] of [['', '""'], [' x ', '" x "'], ['nope.jsonl', 'nope.jsonl']]) {
      expect(runCli(['check', name!]).stderr).toBe(`seqscope: cannot read ${shown}: no such file\n`);
    }
  });

  it.skipIf(!existsSync('/usr/bin/script'))('says that standard input is read from the terminal, where it would otherwise look like a hang', () => {
    requireBuiltCli();
    // script(1) gives the CLI a terminal; the end of its own input (the empty string) ends the terminal's input.
    const run = spawnSync('script', ['-qec', `"${process.execPath}" "${cliPath}" check -`, '/dev/null'], { encoding: 'utf8', input: '' });
    expect(run.stdout).toContain('seqscope: reading standard input from the terminal; end it with Ctrl-D');
    expect(runCli(['check', '-'], '').stderr).toBe('');
  });

  it('says in a few words why the report cannot be written, its path once, and prints nothing else', () => {
    for (const [path, why] of [
      [join(dir, 'no-such-dir', 'r.md'), 'its directory does not exist'],
      [dir, 'is a directory'],
      [join(flip, 'r.md'), 'a directory on its path is a file'],
    ]) {
      const run = runCli(['check', flip, '--report', path!]);
      expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `seqscope: cannot write the report to ${path}: ${why}\n`]);
    }
  });

  it.skipIf(!existsSync('/dev/full'))('says so and exits 2 when the output cannot be written, rather than crash with exit 1', () => {
    requireBuiltCli();
    const run = spawnSync('sh', ['-c', '"$1" "$2" check "$3" > /dev/full', 'sh', process.execPath, cliPath, flip], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('seqscope: cannot write the output: no space left on the device\n');
  });

  it('says in a few words why an input cannot be read, its name once, not in Node\'s words', () => {
    const underFile = join(flip, 'x.jsonl');
    for (const args of [[underFile], [flip, underFile]]) {
      const run = runCli(['check', ...args]);
      expect([run.status, run.stdout, run.stderr]).toEqual([2, '', `seqscope: cannot read ${underFile}: a directory on its path is a file\n`]);
    }
  });

  it('says "permission denied" for a file it may not open, whether read or only looked at after another failed', () => {
    requireBuiltCli();
    const locked = write('locked.jsonl', readFileSync(flip));
    chmodSync(locked, 0o000);
    chmodSync(dir, 0o755);
    // root may open any file: run as nobody then, who may read the directory but not the file. The bundle is
    // copied beside it, as nobody may not reach the checkout (a clone under a private temporary folder).
    const asRoot = process.getuid?.() === 0;
    const asUser = asRoot ? { uid: 65534, gid: 65534 } : {};
    const bundle = asRoot ? write('seqscope.mjs', readFileSync(cliPath)) : cliPath;
    if (asRoot) chmodSync(bundle, 0o644);
    for (const args of [[locked], [join(dir, 'absent.jsonl'), locked]]) {
      const run = spawnSync(process.execPath, [bundle, 'check', ...args], { encoding: 'utf8', ...asUser });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`seqscope: cannot read ${locked}: permission denied\n`);
    }
    rmSync(locked);
  });

  it('says why a file whose name is not UTF-8 cannot be found, and how to read it anyway', () => {
    requireBuiltCli();
    writeFileSync(Buffer.concat([Buffer.from(`${dir}/lat`), Buffer.from([0xe9]), Buffer.from('.jsonl')]), readFileSync(flip));
    const run = spawnSync('sh', ['-c', `"$1" "$2" check "$3/lat$(printf '\\351').jsonl"`, 'sh', process.execPath, cliPath, dir], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no such file (if its name has bytes that are not UTF-8, Node cannot open it by that name: rename it, or give it as standard input, `seqscope check - < FILE`)');
  });

  it('refuses a file over the limit for one input read whole, from its size (a 5 GiB file was read whole, then failed inside Node)', () => {
    const big = write('sparse.jsonl', '');
    truncateSync(big, 501 * 1024 * 1024);
    const run = runCli(['check', big, '--report', join(dir, 'sparse.md')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('525,336,576 bytes, over the 500 MiB limit for one input');
    rmSync(big);
  });
});

describe('the same content given twice', () => {
  const copy = write('o1copy.jsonl', readFileSync(flip));
  const other = write('other.jsonl', '{"kind":"input","id":"x","session":"s2","op":"allow","accept_seq":1}\n');

  it('is analysed once, with one line on stderr, so the analysis is that of one file', () => {
    const said = { [flip]: `${flip} is given again`, [copy]: `${copy} is the same content as ${flip}` };
    for (const again of [flip, copy]) {
      const run = runCli(['check', flip, again, '--json']);
      expect(run.stderr).toMatch(new RegExp(`^seqscope: ${said[again]} \\(sha256 [0-9a-f]{12}\\); analysed once\\n$`));
      const doc = JSON.parse(run.stdout) as CheckDocument;
      expect(doc.inputs.map((i) => i.file)).toEqual([flip]);
      expect(doc.findings.map((f) => f.code)).toEqual(['decision-flip', 'storage-order-inversion']);
      expect(doc.sessions[0]!.replay.acceptance).toEqual({ permission: 'deny' });
      expect(run.status).toBe(1);
    }
  });

  it('is not said to be analysed once in a run that cannot read another input and analyses nothing', () => {
    const run = runCli(['check', flip, copy, join(dir, 'absent.jsonl')]);
    expect(run.stderr).toBe(`seqscope: cannot read ${join(dir, 'absent.jsonl')}: no such file\n`);
    expect(run.status).toBe(2);
  });

  it('keeps the files after it in their places, and says so on the --report path too', () => {
    const report = join(dir, 'dup.md');
    const run = runCli(['check', flip, copy, other, '--json', '--report', report]);
    expect(run.stderr).toContain(`${copy} is the same content as ${flip}`);
    const doc = JSON.parse(run.stdout) as CheckDocument;
    expect(doc.inputs.map((i) => i.file)).toEqual([flip, other]);
    expect(doc.sessions.map((s) => s.session)).toEqual(['default', 's2']);
    expect(readFileSync(report, 'utf8')).not.toContain('o1copy.jsonl');
  });
});

describe('the same log given plain and gzipped, or in two gzips', () => {
  const log = write('log.jsonl', '{"kind":"input","id":"x","session":"s","op":"allow","accept_seq":1}\n{"kind":"input","id":"y","session":"s","op":"set","key":"mode","value":"fast","accept_seq":2}\n');
  const fast = write('log.jsonl.gz', zlibGzip(readFileSync(log), { level: 1 }));
  const best = zlibGzip(readFileSync(log), { level: 9 });
  // Another time in the gzip header's MTIME field, as gzip writes it for a copy made later.
  best.writeUInt32LE(1_700_000_000, 4);
  const later = write('log-copy.jsonl.gz', best);

  it('is analysed once, by the content once decompressed, while --json keeps the file\'s own SHA-256', () => {
    expect(readFileSync(fast).equals(readFileSync(later))).toBe(false);
    for (const [first, again] of [[log, fast], [fast, log], [fast, later]] as const) {
      // --report reads each file whole; without it the gzip is streamed: both must know the content.
      for (const report of [[], ['--report', join(dir, 'twice.md')]]) {
        const run = runCli(['check', first, again, '--json', ...report]);
        expect(run.stderr).toMatch(new RegExp(`^seqscope: ${again} is the same content as ${first} once decompressed \\(sha256 [0-9a-f]{12}\\); analysed once\\n$`));
        expect(run.stderr).toContain(createHash('sha256').update(readFileSync(log)).digest('hex').slice(0, 12));
        const doc = JSON.parse(run.stdout) as CheckDocument;
        expect(doc.inputs.map((i) => [i.file, i.sha256])).toEqual([[first, createHash('sha256').update(readFileSync(first)).digest('hex')]]);
        expect(doc.findings.map((f) => f.code)).not.toContain('duplicate-accept-seq');
        expect(run.status).toBe(0);
      }
    }
  });
});
