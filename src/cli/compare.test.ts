import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { CompareDocument } from './compareJson';
import { repoRoot, runCli } from './test/runCli';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-compare-'));
function write(name: string, records: readonly object[]): string {
  const path = join(dir, name);
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

const input = (id: string, op: string, seq: number, extra: object = {}) => ({ kind: 'input', id, op, accept_seq: seq, ...extra });
const inOrder = write('in-order.jsonl', [input('m1', 'allow', 1), input('m2', 'revoke', 2)]);
const reordered = write('reordered.jsonl', [input('m2', 'revoke', 2), input('m1', 'allow', 1)]);
const flipped = write('flipped.jsonl', [input('m1', 'allow', 1), input('m2', 'allow', 2), input('m3', 'revoke', 3, { session: 'later' })]);

describe('seqscope compare', () => {
  it('exits 0 when two runs agree in acceptance terms, even stored in another order', () => {
    const same = runCli(['compare', inOrder, inOrder]);
    expect(same.status).toBe(0);
    expect(same.stdout).toContain('No divergence: the runs agree in acceptance terms.');
    const run = runCli(['compare', inOrder, reordered]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Decisions that differ: 0');
    // File order differs, and the findings say so.
    expect(run.stdout).toContain('Findings only in other: 2');
    expect(run.stdout).toContain(`error decision-flip (default)`);
  });

  it('says two eval sweeps that agree agree on their outcomes: they have no acceptance order to agree in', () => {
    const sweep = write('sweep.jsonl', [{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' }]);
    const run = runCli(['compare', sweep, sweep]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('No divergence: the runs agree on every eval outcome.');
    expect(run.stdout).not.toContain('acceptance terms');
  });

  it('counts one eval observation in the singular', () => {
    const one = write('one-eval.jsonl', [{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' }]);
    const two = write('two-evals.jsonl', [
      { kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' },
      { kind: 'eval', case_id: 'c2', run_id: 'r1', status: 'fail' },
    ]);
    expect(runCli(['compare', one, two]).stdout).toContain('Evals: base 1 observation, pass rate 100.0%; other 2 observations, pass rate 50.0%');
  });

  it("says what a run's disputed identities leave out of its pass rate, as the page's comparison does", () => {
    const run = (id: string, outcomes: readonly [string, string][]) => outcomes.map(([c, status]) => ({ kind: 'eval', case_id: c, run_id: id, status }));
    // c1 passed and failed: over the undisputed c2 the rate is 100%, and resolving c1 could make it 50%.
    const ranged = write('disputed-range.jsonl', run('r1', [['c1', 'pass'], ['c1', 'fail'], ['c2', 'pass']]));
    // c1 passed and was skipped: either way the rate is 100%.
    const single = write('disputed-single.jsonl', run('r2', [['c1', 'pass'], ['c1', 'skip'], ['c2', 'pass']]));
    const plain = write('undisputed.jsonl', run('r3', [['c1', 'pass'], ['c2', 'fail']]));
    expect(runCli(['compare', ranged, plain]).stdout).toContain(
      'Evals: base 2 observations, pass rate 100.0% (1 disputed identity left out: 50.0% to 100.0% as resolved); other 2 observations, pass rate 50.0%\n',
    );
    expect(runCli(['compare', plain, single]).stdout).toContain(
      'Evals: base 2 observations, pass rate 50.0%; other 2 observations, pass rate 100.0% (1 disputed identity left out: 100.0% however resolved)\n',
    );
  });

  it('says how many lines of a run were rejected, since runs that agree on what was read may still have lost lines', () => {
    const damaged = join(dir, 'damaged.jsonl');
    writeFileSync(damaged, `${readFileSync(inOrder, 'utf8')}{"kind":"input","id":"m3","op":\nnot json\n`);
    const run = runCli(['compare', inOrder, damaged]);
    expect(run.stdout).toMatch(/^Base: {2}\S*in-order\.jsonl \(native-jsonl, sha256 [0-9a-f]{12}\)$/m);
    expect(run.stdout).toMatch(/^Other: \S*damaged\.jsonl \(native-jsonl, sha256 [0-9a-f]{12}, 2 lines rejected\)$/m);
    const doc = JSON.parse(runCli(['compare', inOrder, damaged, '--json']).stdout) as CompareDocument;
    expect(doc.other.inputs[0]!.rejected).toBe(2);
  });

  it('counts the rejected entries of one JSON document as items, not lines', () => {
    const pretty = join(dir, 'pretty.json');
    writeFileSync(pretty, JSON.stringify([input('m1', 'allow', 1), { kind: 'input', id: 'm2', op: 'revoke', accept_seq: 'x' }], null, 2));
    const gz = join(dir, 'pretty.json.gz');
    writeFileSync(gz, gzipSync(readFileSync(pretty)));
    const run = runCli(['compare', inOrder, pretty]);
    expect(run.stdout).toMatch(/^Other: \S*pretty\.json \(native-array, sha256 [0-9a-f]{12}, 1 item rejected\)$/m);
    expect(runCli(['compare', gz, inOrder]).stdout).toMatch(/^Base: {2}\S*pretty\.json\.gz \(native-array\+gzip, sha256 [0-9a-f]{12}, 1 item rejected\)$/m);
  });

  it('exits 1 and names the first divergence, the decision that differs and the session in one run only', () => {
    const run = runCli(['compare', inOrder, flipped]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(
      `First divergence: session default, accept_seq 2\n  At accept_seq 2 of session default, the base run accepted input m2 (${inOrder}:2) and the other run input m2 (${flipped}:2), which differ in op.`,
    );
    expect(run.stdout).toContain(`default permission: base "deny" set by m2 (${inOrder}:2), other "allow" set by m2 (${flipped}:2)`);
    expect(run.stdout).toContain('later: other run only; 0 same, 0 changed, 0 renumbered, 0 only in base, 1 only in other');
  });

  it('prints one JSON document with --json', () => {
    const run = runCli(['compare', inOrder, flipped, '--json']);
    expect(run.status).toBe(1);
    const doc = JSON.parse(run.stdout) as CompareDocument;
    expect(Object.keys(doc)).toEqual(['version', 'base', 'other', 'diverged', 'first_divergence', 'sessions', 'decisions', 'evals', 'findings', 'counts', 'not_wholly_read', 'nothing_read']);
    expect(doc.version).toBe(1);
    expect(doc.first_divergence).toMatchObject({ scope: 'session', session: 'default', seq: 2, base: { line: 2, id: 'm2' }, other: { line: 2, id: 'm2' } });
    expect(doc.base.inputs[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.counts.sessions).toEqual({ both: 1, only_in_base: 0, only_in_other: 1, diverging: 2 });
  });

  it('names every field of --json in snake_case, as check --json does, and keeps the keys of the log\'s own values as written', () => {
    const run = (value: number) => [
      input('a', 'set', 1, { key: 'k', value: { camelCase: value } }),
      { kind: 'eval', case_id: 'c1', run_id: 'r1', status: value === 1 ? 'pass' : 'fail', score: { maxScore: value } },
      // Without an id, in the other run only: a finding in one run, which names its records' places.
      ...(value === 2 ? [{ kind: 'input', op: 'set', key: 'j', value: 1, accept_seq: 2 }] : []),
    ];
    const doc = JSON.parse(runCli(['compare', write('camel-base.jsonl', run(1)), write('camel-other.jsonl', run(2)), '--json']).stdout) as CompareDocument;
    const names = new Set<string>();
    const walk = (value: unknown, key: string | null): void => {
      if (key === 'acceptance' || key === 'storage' || key === 'scores' || key === 'score' || value === null || typeof value !== 'object') return;
      for (const [k, member] of Object.entries(value)) {
        if (!Array.isArray(value)) names.add(k);
        walk(member, Array.isArray(value) ? key : k);
      }
    };
    walk(doc, null);
    expect([...names].filter((k) => !/^[a-z0-9]+(_[a-z0-9]+)*$/.test(k))).toEqual([]);
    expect(names).toContain('first_divergence');
    expect(names).toContain('has_id');
    expect(names).toContain('storage_setter');
    expect(names).toContain('aligned_by');
    expect(names).toContain('record_index');
    const k = doc.decisions.find((d) => d.key === 'k')!;
    expect(k.base!.acceptance).toEqual({ camelCase: 1 });
    expect(k.other!.storage).toEqual({ camelCase: 2 });
    expect(doc.evals!.differences[0]!.base!.scores).toEqual([{ maxScore: 1 }]);
    expect(doc.evals!.differences[0]!.base!.outcomes).toEqual([{ status: 'pass', score: { maxScore: 1 } }]);
  });

  it('says which cases of an eval sweep changed status between two runs with different run ids', () => {
    const sweep = readFileSync(join(repoRoot, 'public/samples/eval-sweep.jsonl'), 'utf8').split('\n').filter(Boolean);
    const rerun = sweep.map((line) => JSON.parse(line) as Record<string, unknown>).map((r) => ({
      ...r,
      run_id: r.run_id === undefined ? undefined : 'nightly-0916',
      id: typeof r.id === 'string' ? r.id.replace('0915', '0916') : undefined,
      status: r.case_id === 'refund-01' ? 'fail' : r.status,
    }));
    const base = join(repoRoot, 'public/samples/eval-sweep.jsonl');
    const other = write('sweep-rerun.jsonl', rerun);
    const run = runCli(['compare', base, other, '--json']);
    expect(run.status).toBe(1);
    const doc = JSON.parse(run.stdout) as CompareDocument;
    expect(doc.evals!.differences.map((d) => [d.label, d.change, d.aligned_by, d.base?.status, d.other?.status])).toEqual([
      ['refund-01 / nightly-0915', 'status', 'case', 'pass', 'fail'],
    ]);
    expect(doc.first_divergence).toMatchObject({ scope: 'eval', label: 'refund-01 / nightly-0915' });
  });

  it('reads one side from standard input, and filters by --session', () => {
    const fromStdin = runCli(['compare', inOrder, '-'], readFileSync(reordered, 'utf8'));
    expect(fromStdin.status).toBe(0);
    expect(fromStdin.stdout).toContain('Other: <stdin> (native-jsonl');
    const onlyLater = JSON.parse(runCli(['compare', inOrder, flipped, '--json', '--session', 'later']).stdout) as CompareDocument;
    expect(onlyLater.sessions.map((s) => s.session)).toEqual(['later']);
  });

  it('quotes a session name or key that would not be seen bare, as the check report does', () => {
    const base = write('unnamed-base.jsonl', [input('a', 'set', 1, { session: '', key: '', value: 1 })]);
    const other = write('unnamed-other.jsonl', [input('a', 'set', 1, { session: '', key: '', value: 2 })]);
    const run = runCli(['compare', base, other]);
    expect(run.stdout).toContain('First divergence: session "", accept_seq 1\n');
    expect(run.stdout).toContain('\n  "": both runs; ');
    expect(run.stdout).toMatch(/\n {2}"" "": base 1 set by a /);
  });

  it('quotes names on a decision line that would otherwise read as another session and key', () => {
    const decided = (session: string, key: string, value: number) => input('a', 'set', 1, { session, key, value });
    const base = write('spaced-base.jsonl', [decided('a b', 'c', 1), decided('a', 'b c', 1), decided('s: t', 'k', 1)]);
    const other = write('spaced-other.jsonl', [decided('a b', 'c', 2), decided('a', 'b c', 2), decided('s: t', 'k', 2)]);
    const lines = runCli(['compare', base, other]).stdout.split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}"a b" c: base 1 set by a /));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}a "b c": base 1 set by a /));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}"s: t" k: base 1 set by a /));
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}"s: t": both runs; /));
  });

  it("lists a finding's first 8 places and says how many more, as the check report does", () => {
    const base = write('shared-base.jsonl', Array.from({ length: 10 }, (_, i) => input(`m${i}`, 'allow', i + 1)));
    const other = write('shared-other.jsonl', Array.from({ length: 10 }, (_, i) => input(`m${i}`, 'allow', 1)));
    const line = runCli(['compare', base, other]).stdout.split('\n').find((l) => l.startsWith('  error duplicate-accept-seq (default): '));
    expect(line).toMatch(/ \[(\S*shared-other\.jsonl:\d+ ){7}\S*shared-other\.jsonl:8 \.\.\. and 2 more\]$/);
  });

  it('cuts a long decided value as the check report does, and says an undetermined one bare', () => {
    const base = write('long-base.jsonl', [input('a', 'set', 1, { key: 'k', value: 'x'.repeat(1000) })]);
    const other = write('long-other.jsonl', [{ kind: 'input', id: 'a', op: 'set', key: 'k', value: 'unknown' }]);
    const line = runCli(['compare', base, other]).stdout.split('\n').find((l) => l.startsWith('  default k: '))!;
    expect(line).toMatch(/^ {2}default k: base "x{199}… \(802 more characters\) set by a \(.*\), other unknown$/);
  });

  it('exits 2 for bad usage, unreadable files and unknown sessions', () => {
    const cases: [string[], string][] = [
      [['compare', inOrder], 'compare needs exactly two files'],
      [['compare', inOrder, inOrder, inOrder], 'compare needs exactly two files'],
      [['compare', inOrder, inOrder, '--cutoff', '1'], 'compare does not take --cutoff'],
      [['compare', inOrder, inOrder, '--all'], 'compare does not take --all'],
      [['compare', '-', '-'], 'only one of BASE and OTHER can be standard input'],
      [['compare', inOrder, join(dir, 'nope.jsonl')], 'no such file'],
      [['compare', inOrder, inOrder, '--session', 'nope'], 'no session named "nope"; sessions are: default'],
    ];
    for (const [args, message] of cases) {
      const run = runCli(args);
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain(message);
      expect(run.stdout).toBe('');
    }
  });
});

describe('seqscope compare over runs not read whole', () => {
  const gzipped = join(dir, 'in-order.jsonl.gz');
  writeFileSync(gzipped, gzipSync(readFileSync(inOrder)));
  const trailing = join(dir, 'trailing.jsonl.gz');
  writeFileSync(trailing, Buffer.concat([readFileSync(gzipped), Buffer.from('XYZW')]));
  const cut = join(dir, 'cut.jsonl.gz');
  writeFileSync(cut, readFileSync(gzipped).subarray(0, -20));

  it('says under "No divergence" that it is in what was read, for a gzip with bytes after its end, in text and --json', () => {
    const run = runCli(['compare', inOrder, trailing]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^No divergence: the runs agree in acceptance terms\.\n {2}in what was read; not all of it was: the other run's \S*trailing\.jsonl\.gz was not read to its end\.$/m);
    const doc = JSON.parse(runCli(['compare', inOrder, trailing, '--json']).stdout) as CompareDocument;
    expect(doc.not_wholly_read).toMatch(/^the other run's \S*trailing\.jsonl\.gz was not read to its end$/);
    expect(doc.nothing_read).toBeNull();
    expect(JSON.parse(runCli(['compare', inOrder, inOrder, '--json']).stdout)).toMatchObject({ not_wholly_read: null, nothing_read: null });
  });

  it('says it under the first divergence of a gzip cut off, and of lines rejected', () => {
    const run = runCli(['compare', inOrder, cut]);
    expect(run.stdout).toMatch(/^ {2}in what was read; not all of it was: the other run's \S*cut\.jsonl\.gz was not read to its end; 1 line of the other run's \S*cut\.jsonl\.gz was not read as a record\.$/m);
    const rejecting = join(dir, 'rejecting.jsonl');
    writeFileSync(rejecting, `${readFileSync(inOrder, 'utf8')}not json\n`);
    expect(runCli(['compare', rejecting, inOrder]).stdout).toMatch(/^No divergence: .*\n {2}in what was read; not all of it was: 1 line of the base run's \S*rejecting\.jsonl was not read as a record\.$/m);
  });

  it('says nothing was read between two empty runs, as check does', () => {
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const run = runCli(['compare', empty, empty]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('\n\nNothing was read as a record, so nothing was compared: the inputs hold none.\n\nNo divergence: the runs agree in acceptance terms.\n');
    expect(run.stdout).not.toContain('in what was read');
    const doc = JSON.parse(runCli(['compare', empty, empty, '--json']).stdout) as CompareDocument;
    expect(doc.nothing_read).toBe('Nothing was read as a record, so nothing was compared: the inputs hold none.');
  });
});
