/**
 * The text report grows linearly with the findings. As in the engine's
 * scaling tests, its work is counted, not timed: the array elements it steps
 * over (spreads, loops, scans) on n and 2n findings, where linear work doubles
 * and quadratic work grows 4×.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadInput } from '../io/loadInput';
import { analyze } from '../core/analyze';
import { formatCount } from '../core/countText';
import { toCheckDocument } from '../core/checkDocument';
import type { JsonObject } from '../core/model';
import { directInput, toInput } from '../core/test/build';
import { countArrayWork, workGrowth } from '../core/test/countedWork';
import { renderTextReport } from './textReport';

/** Eval records whose every identity is disputed: one finding per pair of records. */
const disputes = (n: number): JsonObject[] =>
  Array.from({ length: 2 * n }, (_, i) => ({ kind: 'eval', case_id: `c${i >> 1}`, run_id: 'r', status: i % 2 ? 'pass' : 'fail' }));

describe('the text report', () => {
  it('lists where a session\'s effective history changes under it, and counts its turns', async () => {
    const path = join(dirname(fileURLToPath(import.meta.url)), '../io/__fixtures__/codex-paginated-boundaries.jsonl');
    const text = renderTextReport(analyze([await loadInput('b.jsonl', new Uint8Array(readFileSync(path)), 0)]));
    expect(text).toContain(
      [
        '    boundary at line 10: turn aborted — turn turn-b aborted (interrupted)',
        '    boundary at line 11: rollback — thread rolled back 1 turn; takes lines 8–10 out of the effective history',
        '    boundary at line 12: compaction — history compacted into a summary and 1 kept item',
        '    boundary at line 13: compaction — context compacted',
        '    5 turn starts and ends recorded, not listed',
      ].join('\n'),
    );
  });

  it('quotes a value a log set, the string "unknown" included, and says an undetermined key bare', () => {
    const set = (id: string, seq: number | undefined, value: string) => ({ kind: 'input', id, ...(seq === undefined ? {} : { accept_seq: seq }), op: 'set', key: 'k', value });
    const decided = renderTextReport(analyze([toInput([set('m2', 2, 'unknown'), set('m1', 1, 'x')])], { cutoff: 2 }));
    expect(decided).toContain('    storage replay:    k="x"\n    acceptance replay: k="unknown"\n');
    expect(decided).toContain('    as of accept_seq 2: k="unknown";');
    const undetermined = renderTextReport(analyze([toInput([set('m2', undefined, 'a'), set('m1', 1, 'x')])], { cutoff: 1 }));
    expect(undetermined).toContain('    acceptance replay: k=unknown\n');
    expect(undetermined).toContain('    as of accept_seq 1: k=unknown;');
  });

  it('says under a session stored across files that the order the files were given decides its storage order', () => {
    const fa = toInput([{ kind: 'input', id: 'A1', session: 's', op: 'allow', accept_seq: 2 }], 'fa.jsonl', 0);
    const fb = toInput([{ kind: 'input', id: 'B1', session: 's', op: 'revoke', accept_seq: 1 }], 'fb.jsonl', 1);
    const text = renderTextReport(analyze([fa, fb]));
    expect(text).toContain(
      '  s: 2 records (2 accepted, 0 unaccepted), 1 inversion\n    stored across 2 files, taken in the order given (fa.jsonl, fb.jsonl): given in another order, the storage replay and the inversions can differ\n',
    );
    expect(renderTextReport(analyze([toInput([{ kind: 'input', id: 'A1', session: 's', op: 'allow', accept_seq: 1 }])]))).not.toContain('stored across');
  });

  it('after no finding, says that only what was read was checked when a line was not read as a record', async () => {
    const bytes = new TextEncoder().encode(`${JSON.stringify({ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 })}\n{"kind":\n`);
    const text = renderTextReport(analyze([await loadInput('cut.jsonl', bytes, 0)]));
    expect(text).toContain('Findings: 0\n  in what was read; not all of it was: 1 line of cut.jsonl was not read as a record (see its rejected lines).\n');
    const whole = renderTextReport(analyze([toInput([{ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 }])]));
    expect(whole).not.toContain('in what was read');
  });

  it('places the notes and rejected entries of an itemized input by item, and those of lines by line', () => {
    const base = directInput([{ kind: 'eval', case_id: 'c1', status: 'pass' }]);
    const rejected = Array.from({ length: 51 }, (_, i) => ({ line: i + 2, reason: `item ${i + 2}: not a record` }));
    const notes = [{ line: 3, message: 'samples without an epoch are taken as epoch 1.' }];
    const items = renderTextReport(analyze([{ ...base, itemized: true, lines: 52, rejected, notes }]));
    expect(items).toContain('direct: test, 0 bytes, 52 items, 1 record, 51 rejected');
    expect(items).toContain('    note (item 3): samples without an epoch are taken as epoch 1.\n');
    expect(items).toContain('    ... and 1 more rejected item (see --all or --json)\n');
    const lines = renderTextReport(analyze([{ ...base, lines: 52, rejected, notes }]));
    expect(lines).toContain('52 lines, 1 record');
    expect(lines).toContain('    note (line 3): ');
    expect(lines).toContain('    ... and 1 more rejected line (see --all or --json)\n');
  });

  it('lists an input\'s notes on the whole input and its first 20 notes on lines, and counts the rest', () => {
    const input = toInput([{ kind: 'input', id: 'a', op: 'allow' }]);
    const onLines = Array.from({ length: 25 }, (_, k) => ({ line: k + 2, message: `turn t${k} aborted` }));
    const text = renderTextReport(analyze([{ ...input, notes: [{ line: null, message: 'Legacy rollout' }, ...onLines] }]));
    expect(text).toContain('    note: Legacy rollout\n    note (line 2): turn t0 aborted\n');
    expect(text).toContain('    note (line 21): turn t19 aborted\n    ... and 5 more notes on lines (see --all or --json)\n');
    expect(text).not.toContain('t20');
  });

  it('names the first 20 keys of a large state on each state line and counts the rest', () => {
    const records = Array.from({ length: 1000 }, (_, k) => ({ kind: 'input', id: `r${k}`, op: 'set', key: `key${k}`, value: k, accept_seq: k }));
    const text = renderTextReport(analyze([toInput(records)], { cutoff: 500 }));
    expect(text.match(/ and 980 more keys \(the same in both; see --all or --json\)\n/g)).toHaveLength(2);
    expect(text).toMatch(/as of accept_seq 500: .* and 481 more keys \(see --all or --json\); future leaks: none\n/);
    expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThan(400);
  });

  it('lists with --all every rejected line, note, key, future leak and place of a finding that it otherwise counts', () => {
    const input = toInput(Array.from({ length: 30 }, (_, k) => ({ kind: 'input', id: `r${30 - k}`, op: 'set', key: `k${k}`, value: 30 - k, accept_seq: 30 - k })));
    const rejected = Array.from({ length: 60 }, (_, k) => ({ line: 31 + k, reason: `line ${31 + k}: not valid JSON` }));
    const notes = Array.from({ length: 25 }, (_, k) => ({ line: k + 1, message: `turn t${k} aborted` }));
    const analysis = analyze([{ ...input, lines: 90, rejected, notes }], { cutoff: 1 });
    const cut = renderTextReport(analysis);
    expect(cut).toContain('    ... and 10 more rejected lines (see --all or --json)\n');
    expect(cut).toContain('    ... and 5 more notes on lines (see --all or --json)\n');
    expect(cut).toMatch(/ and 10 more keys \(.*; see --all or --json\)\n/);
    expect(cut).toMatch(/future leaks: .* and \d+ more \(see --all or --json\)\n/);
    expect(cut).toMatch(/log\.jsonl:9 \.\.\. and 21 more\]\n/);
    const all = renderTextReport(analysis, { all: true });
    expect(all).toContain('    rejected: line 90: not valid JSON\n');
    expect(all).toContain('    note (line 25): turn t24 aborted\n');
    expect(all).toContain('k9=21');
    expect(all).toMatch(/future leaks: r30, [^\n]*, r2\n/);
    expect(all).toMatch(/log\.jsonl:29 log\.jsonl:30\]\n/);
    expect(all).not.toContain('... and');
    expect(all).not.toContain('see --all');
  });

  it('names the first 20 future leaks of a cutoff and counts the rest', () => {
    const reversed = Array.from({ length: 30 }, (_, k) => ({ kind: 'input', id: `r${30 - k}`, op: 'set', key: 'k', value: 30 - k, accept_seq: 30 - k }));
    const text = renderTextReport(analyze([toInput(reversed)], { cutoff: 1 }));
    const ids = Array.from({ length: 20 }, (_, k) => `r${30 - k}`).join(', ');
    expect(text).toContain(`    as of accept_seq 1: k=1; future leaks: ${ids} and 9 more (see --all or --json)\n`);
    expect(renderTextReport(analyze([toInput(reversed.slice(-3))], { cutoff: 1 }))).toContain('future leaks: r3, r2\n');
  });

  it('cuts a long state value at 200 characters and says how many more there are, while --json keeps it whole', () => {
    const long = 'v'.repeat(100_000);
    const records = [
      { kind: 'input', id: 'a', op: 'set', key: 'blob', value: long, accept_seq: 1 },
      { kind: 'input', id: 'b', op: 'set', key: 'short', value: 'x', accept_seq: 2 },
    ];
    const analysis = analyze([toInput(records)], { cutoff: 1 });
    const text = renderTextReport(analysis);
    const shown = `blob="${'v'.repeat(199)}… (99,802 more characters)`;
    expect(text).toContain(`    storage replay:    ${shown}, short="x"\n`);
    expect(text).toContain(`    acceptance replay: ${shown}, short="x"\n`);
    expect(text).toContain(`    as of accept_seq 1: ${shown}; future leaks: none\n`);
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(300);
    expect(toCheckDocument(analysis).sessions[0]!.replay.storage.blob).toBe(long);
  });

  it('quotes a session name or key that would not be seen bare: empty, edged with whitespace, or starting with a quote', () => {
    const records = [
      { kind: 'input', id: 'a', session: '', op: 'set', key: '', value: 1, accept_seq: 2 },
      { kind: 'input', id: 'b', session: '', op: 'set', key: '', value: 2, accept_seq: 1 },
      { kind: 'input', id: 'c', session: '  ', op: 'set', key: ' k', value: 'v', accept_seq: 1 },
      { kind: 'input', id: 'd', session: '"q\\', op: 'set', key: 'mode', value: 'v', accept_seq: 1 },
      { kind: 'input', id: 'e', session: 'plain name', op: 'set', key: 'a"b', value: 'v', accept_seq: 1 },
    ];
    const text = renderTextReport(analyze([toInput(records)], { cutoff: 1 }));
    expect(text).toContain('\n  "": 2 records (2 accepted, 0 unaccepted), 1 inversion\n    storage replay:    ""=2\n    acceptance replay: ""=1\n    as of accept_seq 1: ""=2;');
    expect(text).toContain('\n  "  ": 1 record (1 accepted, 0 unaccepted), 0 inversions\n    storage replay:    " k"="v"\n');
    expect(text).toContain('\n  "\\"q\\\\": 1 record');
    expect(text).toContain('\n  plain name: 1 record');
    expect(text).toContain('    storage replay:    a"b="v"\n');
    expect(text).toMatch(/\n {2}decision-flip \(""\): /);
  });

  it('quotes a key or session name holding "=" or ", ", which on a state line would read as another key or value', () => {
    const records = [
      { kind: 'input', id: 'a', session: 's, t=u', op: 'set', key: 'a=b', value: 1, accept_seq: 1 },
      { kind: 'input', id: 'b', session: 's, t=u', op: 'set', key: 'x, y=2', value: 2, accept_seq: 2 },
      { kind: 'input', id: 'c', session: 's, t=u', op: 'set', key: 'c,d', value: 3, accept_seq: 3 },
    ];
    const text = renderTextReport(analyze([toInput(records)], { cutoff: 3 }));
    expect(text).toContain('\n  "s, t=u": 3 records (3 accepted, 0 unaccepted), 0 inversions\n');
    for (const line of ['    storage replay:    ', '    acceptance replay: ', '    as of accept_seq 3: ']) {
      expect(text).toContain(`${line}"a=b"=1, c,d=3, "x, y=2"=2`);
    }
  });

  /** Sessions a (a flip), b (a shared and a missing accept_seq), c (`unaccepted` inputs the host refused), and a disputed eval. */
  const mixed = (unaccepted: number) => [
    { kind: 'input', id: 'm2', session: 'a', op: 'revoke', accept_seq: 2 },
    { kind: 'input', id: 'm1', session: 'a', op: 'allow', accept_seq: 1 },
    { kind: 'input', id: 'u1', session: 'a', op: 'allow', accept_seq: 3, accepted: false },
    { kind: 'input', id: 'n1', session: 'b', op: 'set', key: 'mode', value: 'x' },
    { kind: 'input', id: 'd1', session: 'b', op: 'set', key: 'mode', value: 'y', accept_seq: 1 },
    { kind: 'input', id: 'd2', session: 'b', op: 'set', key: 'mode', value: 'z', accept_seq: 1 },
    ...Array.from({ length: unaccepted }, (_, k) => ({ kind: 'input', id: `x${k}`, session: 'c', op: 'allow', accept_seq: 1 + k, accepted: false })),
    { kind: 'eval', case_id: 'c1', run_id: 'r', status: 'pass' },
    { kind: 'eval', case_id: 'c1', run_id: 'r', status: 'fail' },
  ];
  const refused = (id: string, line: number, session = 'c') =>
    `  unaccepted-input (${session}): Input ${id} (line ${line}) was not accepted by the host; it is shown but changes no state in either replay. [log.jsonl:${line}]`;

  it('prints a log with no more than 20 findings of any code as it always did: every finding, no count by code', () => {
    // 20 unaccepted-input findings: u1 and x0..x18, at the limit, listed in the engine's order among the other codes.
    const text = renderTextReport(analyze([toInput(mixed(19))], { cutoff: 1 }));
    expect(text).toBe(
      [
        'Inputs',
        '  log.jsonl: native-jsonl, 2,259 bytes, 27 lines, 27 records, 0 rejected, 0 blank, sha256 ',
        '',
        'Sessions',
        '  a: 3 records (2 accepted, 1 unaccepted), 1 inversion',
        '    storage replay:    permission="allow"',
        '    acceptance replay: permission="deny"',
        '    as of accept_seq 1: permission="allow"; future leaks: m2',
        '  b: 3 records (3 accepted, 0 unaccepted), 0 inversions',
        '    storage replay:    mode="z"',
        '    acceptance replay: mode=unknown',
        '    as of accept_seq 1: mode=unknown; future leaks: none',
        '  c: 19 records (0 accepted, 19 unaccepted), no acceptance order',
        '    as of accept_seq 1: (no keys); future leaks: none',
        '',
        'Evals',
        '  1 observation: 0 pass, 0 fail, 0 error, 0 skip, 0 unknown, 1 disputed, 0 replays',
        '  pass rate n/a over undisputed, range 0.0% to 100.0% if disputes were resolved',
        '',
        'Findings: 27',
        '',
        'Errors (3)',
        '  decision-flip (a): Key permission is "deny" in acceptance order (set by m2 (line 1)) but "allow" when replayed in file order (set by m1 (line 2)). [log.jsonl:1 log.jsonl:2]',
        '  duplicate-accept-seq (b): accept_seq 1 is shared by d1 (line 5), d2 (line 6); their relative acceptance order is unknown. [log.jsonl:5 log.jsonl:6]',
        '  eval-conflict: Eval c1 / r has conflicting results (pass vs fail) in line 26, line 27; it is disputed and left out of the pass rate, with no side chosen. [log.jsonl:26 log.jsonl:27]',
        '',
        'Warnings (2)',
        '  missing-accept-seq (b): Record n1 (line 4) has no accept_seq, so its place in the acceptance order is unknown. [log.jsonl:4]',
        '  undetermined-decision (b): Key mode cannot be decided in acceptance order because n1 (line 4), d1 (line 5), d2 (line 6) have a missing or shared accept_seq; file order would say "z", which the evidence cannot confirm. [log.jsonl:4 log.jsonl:5 log.jsonl:6]',
        '',
        'Info (22)',
        '  storage-order-inversion (a): Session a stores 1 record after one accepted later (1 inverted pair): m1 (line 2). [log.jsonl:2]',
        refused('u1', 3, 'a'),
        '  no-acceptance-order (c): No accepted record of session c carries accept_seq (only records the host did not accept do), so its acceptance order is unknown; only file order is available, and every acceptance value is "unknown".',
        ...Array.from({ length: 19 }, (_, k) => refused(`x${k}`, k + 7)),
        '',
      ].join('\n'),
    );
  });

  it('past 20 findings of a code, counts every code by severity, lists the first 20 of each and counts the rest', () => {
    const analysis = analyze([toInput(mixed(20))], { cutoff: 1 });
    const text = renderTextReport(analysis);
    expect(text).toContain(
      [
        'Findings: 28',
        '  error    1  decision-flip',
        '  error    1  duplicate-accept-seq',
        '  error    1  eval-conflict',
        '  warning  1  missing-accept-seq',
        '  warning  1  undetermined-decision',
        '  info    21  unaccepted-input',
        '  info     1  no-acceptance-order',
        '  info     1  storage-order-inversion',
        '',
        'Errors (3)',
      ].join('\n'),
    );
    expect(text).toContain(`${refused('x18', 25)}\n  ... and 1 more unaccepted-input finding (see --all or --json)\n`);
    expect(text).not.toContain('x19');
    expect(text.indexOf('Errors (3)')).toBeLessThan(text.indexOf('Warnings (2)'));
    expect(text.indexOf('Warnings (2)')).toBeLessThan(text.indexOf('Info (23)'));
    // --all lists every one, and keeps the count by code.
    const all = renderTextReport(analysis, { all: true });
    expect(all).toContain(`${refused('x19', 26)}\n`);
    expect(all).toContain('  info    21  unaccepted-input\n');
    expect(all).not.toContain('more unaccepted-input');
  });

  it('prints a few hundred lines for many findings of one code, with every code and its count', () => {
    const log = [...disputes(10_000), ...mixed(0).filter((r) => r.kind !== 'eval')];
    const analysis = analyze([directInput(log as JsonObject[])]);
    expect(analysis.findings.length).toBeGreaterThan(10_000);
    const text = renderTextReport(analysis);
    expect(text.split('\n').length).toBeLessThan(100);
    const counts = new Map<string, { severity: string; n: number }>();
    for (const f of analysis.findings) counts.set(f.code, { severity: f.severity, n: (counts.get(f.code)?.n ?? 0) + 1 });
    expect(counts.size).toBeGreaterThan(4);
    for (const [code, { severity, n }] of counts) expect(text).toMatch(new RegExp(`\\n  ${severity} +${formatCount(n)}  ${code}\\n`));
    expect(text).toContain('\n  error   10,000  eval-conflict\n');
    expect(text).toContain('  eval-conflict: Eval c0 / r ');
    expect(text).toContain('\n  ... and 9,980 more eval-conflict findings (see --all or --json)\n');
    expect(text.match(/^ {2}eval-conflict: /gm)).toHaveLength(20);
    expect(renderTextReport(analysis, { all: true }).match(/^ {2}eval-conflict: /gm)).toHaveLength(10_000);
  });

  it('lists the first 200 of 100,000 sessions and counts the rest', () => {
    const sessions = Array.from({ length: 100_000 }, (_, k): JsonObject => ({ kind: 'input', id: `r${k}`, session: `s${String(k).padStart(6, '0')}`, op: 'allow', accept_seq: 1 }));
    const analysis = analyze([directInput(sessions)]);
    const text = renderTextReport(analysis);
    expect(text.split('\n').length).toBeLessThan(700);
    expect(text).toContain('\n  s000199: 1 record');
    expect(text).not.toContain('s000200');
    expect(text).toContain('\n  ... and 99,800 more sessions (see --all or --json)\n\nFindings: 0\n');
    expect(renderTextReport(analysis, { all: true }).match(/^ {2}s\d{6}: /gm)).toHaveLength(100_000);
  });

  it('costs linear work in the number of findings', () => {
    // Grouped by copying each severity's list for every finding, the work grew with the square of the findings.
    const analyses = new Map([2_000, 4_000].map((n) => [n, analyze([directInput(disputes(n))])]));
    expect(analyses.get(4_000)!.findings.length).toBe(2 * analyses.get(2_000)!.findings.length);
    expect(workGrowth((n) => countArrayWork(() => renderTextReport(analyses.get(n)!)).steps, 2_000)).toBeLessThan(2.2);
  });
});

describe('the text report’s pass rate', () => {
  const evalsReport = (statuses: string[]) =>
    renderTextReport(analyze([directInput(statuses.map((status, i): JsonObject => ({ kind: 'eval', case_id: i < 2 ? 'disputed' : `c${i}`, run_id: 'r', status })))]));

  it('says one value when every way of resolving the disputes gives it', () => {
    // A fail against an error counts as one more non-pass either way: 1 of 3.
    const text = evalsReport(['fail', 'error', 'pass', 'fail']);
    expect(text).toContain('pass rate 50.0% over undisputed, 33.3% however the disputes are resolved');
    expect(text).not.toContain('33.3% to 33.3%');
  });

  it('gives the range when resolving could move the rate', () => {
    expect(evalsReport(['pass', 'fail', 'pass', 'fail'])).toMatch(/pass rate 50\.0% over undisputed, range \d+\.\d% to \d+\.\d% if disputes were resolved/);
  });
});
