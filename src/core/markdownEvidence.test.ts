import { describe, expect, it } from 'vitest';
import { loadText } from '../io/test/samples';
import { analyze } from './analyze';
import { renderMarkdownReport } from './markdownReport';
import { toInput } from './test/build';

const inspectLog = (value: string) =>
  JSON.stringify({
    version: 2,
    status: 'success',
    eval: { task: 'arith', run_id: 'run-1' },
    samples: [{ id: 1, epoch: 1, scores: { match: { value } } }],
  });

const promptfooExport = (success: boolean, failureReason: number) =>
  JSON.stringify({
    evalId: 'eval-1',
    results: { version: 3, results: [{ testIdx: 0, promptIdx: 0, provider: { id: 'p' }, success, failureReason }] },
    config: {},
  });

/** The disputed identity's table rows, without the heading and its rule. */
function disputedRows(report: string): string[] {
  const table = report.slice(report.indexOf('| Status | Written as |'));
  return table.split('\n').slice(2).filter((l) => l.startsWith('|'));
}

describe('the disputed identities of the Markdown report', () => {
  it('give, for a real format, what the file recorded, not the status Seqscope read from it', async () => {
    const inputs = [await loadText('a.json', inspectLog('C'), 0), await loadText('b.json', inspectLog('I'), 1)];
    const report = renderMarkdownReport(analyze(inputs));
    expect(report).toContain('for its records *Written as* gives what the file recorded');
    const rows = disputedRows(report);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^\| pass \| "C" \(correct\) \| C \|/);
    expect(rows[1]).toMatch(/^\| fail \| "I" \(incorrect\) \| I \|/);
  });

  it("give promptfoo's success flag, and its error reason, as what the file recorded", async () => {
    const inputs = [await loadText('a.json', promptfooExport(true, 0), 0), await loadText('b.json', promptfooExport(false, 2), 1)];
    const rows = disputedRows(renderMarkdownReport(analyze(inputs)));
    expect(rows[0]).toMatch(/^\| pass \| success true \|/);
    expect(rows[1]).toMatch(/^\| error \| failureReason 2 \(an error\) \|/);
  });

  it('give a native record its status as written, even when it carries a status_basis of its own', async () => {
    const lines = [
      { kind: 'eval', id: 'A', status: 'PASSED', status_basis: 'my own words' },
      { kind: 'eval', id: 'A', status: 'fail' },
    ];
    const input = await loadText('evals.jsonl', lines.map((l) => JSON.stringify(l)).join('\n'), 0);
    const report = renderMarkdownReport(analyze([input]));
    expect(report).not.toContain('*Written as* gives what the file recorded');
    const rows = disputedRows(report);
    expect(rows[0]).toMatch(/^\| pass \| `"PASSED"` \|/);
    expect(rows[1]).toMatch(/^\| fail \| `"fail"` \|/);
  });
});

describe('a record the report quotes', () => {
  it('is said to be shown as Seqscope read it when its reader found no text for it, and as parsed when it is a native item', async () => {
    const lost = async (name: string, text: string, fileIndex: number) => {
      const input = await loadText(name, text, fileIndex);
      return { ...input, records: input.records.map((r) => ({ ...r, offset: -1, length: 0 })) };
    };
    const conflict = [await lost('a.json', promptfooExport(true, 0), 0), await lost('b.json', promptfooExport(false, 1), 1)];
    expect(renderMarkdownReport(analyze(conflict))).toContain("shown as Seqscope read it, not the file's text (its text was not found in the file)");
    const native = await loadText('records.json', JSON.stringify([{ kind: 'eval', id: 'A', status: 'pass' }, { kind: 'eval', id: 'A', status: 'fail' }]));
    const report = renderMarkdownReport(analyze([native]));
    expect(report).toContain('shown as parsed (the input has no raw text for it)');
    expect(report).not.toContain('as Seqscope read it');
  });
});

describe('counts and spans the evidence sections write in words', () => {
  const reportOf = (lines: readonly Record<string, unknown>[], limits = {}) => renderMarkdownReport(analyze([toInput(lines)]), { limits });

  it('numbers a single finding as F1, not "F1 to F1"', () => {
    const report = reportOf([{ kind: 'input', id: 'a', op: 'allow' }]);
    expect(report).toContain('Numbered F1. Raw lines are quoted as stored');
    expect(reportOf([{ kind: 'input', id: 'a', op: 'allow', session: 's' }, { kind: 'input', id: 'b', op: 'allow', session: 't' }])).toContain(
      "Numbered F1 to F2 in the engine's order.",
    );
  });

  it('counts the findings left out of a severity in the singular when there is one', () => {
    const sessions = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'input', id: `a${i}`, op: 'allow', session: `s${i}` }));
    expect(reportOf(sessions(2), { findingsPerSeverity: 1 })).toContain('… and 1 more info finding (see');
    expect(reportOf(sessions(3), { findingsPerSeverity: 1 })).toContain('… and 2 more info findings (see');
  });

  it('gives the pass rate resolving the disputes could give as one value when every resolution gives the same', () => {
    const evals = (other: string) => [
      { kind: 'eval', id: 'A', status: 'fail' },
      { kind: 'eval', id: 'A', status: other },
      { kind: 'eval', id: 'B', status: 'pass' },
    ];
    expect(reportOf(evals('error'))).toContain('Pass rate: 100.0% (1 of 1 undisputed pass, fail or error); however the disputes are resolved, it would be 50.0%.');
    expect(reportOf(evals('pass'))).toContain('resolving the disputes could give 50.0% to 100.0%.');
  });

  it("groups the evals table's counts as the pass rate under it does", () => {
    const evals = Array.from({ length: 1_500 }, (_, i) => ({ kind: 'eval', id: `e${i}`, status: i < 1_200 ? 'pass' : 'fail' }));
    const report = reportOf(evals);
    expect(report).toContain('| 1,500 | 1,200 | 300 | 0 | 0 | 0 | 0 | 0 |');
    expect(report).toContain('(1,200 of 1,500 undisputed pass, fail or error)');
  });
});

describe('ids the evidence sections name', () => {
  const long = 'i'.repeat(10_000);
  const i80 = `\`${'i'.repeat(80)}\` … (9,920 more characters)`;

  it("cut a 10,000-character id at 80 characters in a quoted record's heading, a dispute's heading and an annotation", () => {
    const lines = [
      { kind: 'input', id: long, op: 'allow' },
      { kind: 'input', id: 'b', op: 'allow', accept_seq: 1 },
      { kind: 'eval', id: long, status: 'pass' },
      { kind: 'eval', id: long, status: 'fail' },
    ];
    const annotations = [{ target: { file: 'log.jsonl', line: 1 }, note: 'seen' }];
    const report = renderMarkdownReport(analyze([toInput(lines)]), { annotations, limits: { rawLineChars: 100 } });
    expect(report).toContain(`**\`log.jsonl:1\`** · input · ${i80} · no accept\\_seq\n`);
    expect(report).toContain(`**\`log.jsonl:3\`** · eval · ${i80} · no accept\\_seq\n`);
    expect(report).toContain(`#### ${i80}\n`);
    expect(report).toContain(`- **\`log.jsonl:1\`** (input ${i80}): seen\n`);
    expect(report).not.toContain('i'.repeat(101));
    expect(report.length).toBeLessThan(6_000);
  });

  it('cut the id of a record a finding names but the inputs no longer hold', () => {
    const analysis = analyze([toInput([{ kind: 'input', id: long, op: 'allow' }, { kind: 'input', id: 'b', op: 'allow', accept_seq: 1 }])]);
    const findings = analysis.findings.map((f) => ({ ...f, recordIndex: [] }));
    const report = renderMarkdownReport({ ...analysis, findings });
    expect(report).toContain(`**\`log.jsonl:1\`** · ${i80} (record not found in these inputs)`);
  });

  it('name a short id, and an eval identity without an id, as before', () => {
    const lines = [
      { kind: 'input', id: 'short', op: 'allow' },
      { kind: 'input', id: 'b', op: 'allow', accept_seq: 1 },
      { kind: 'eval', case_id: 'c', run_id: 'r', status: 'pass' },
      { kind: 'eval', case_id: 'c', run_id: 'r', status: 'fail' },
    ];
    const report = renderMarkdownReport(analyze([toInput(lines)]));
    expect(report).toContain('**`log.jsonl:1`** · input · `short` · no accept\\_seq\n');
    expect(report).toContain('**`log.jsonl:3`** · eval · `c / r` · no accept\\_seq\n');
    expect(report).toContain('#### `c / r`\n');
    expect(report).not.toContain('more characters)');
  });
});

describe('a long session name in the report', () => {
  const long = 's'.repeat(10_000);
  const s80 = `\`${'s'.repeat(80)}\` … (9,920 more characters)`;
  const lines = Array.from({ length: 12 }, (_, i) => ({ kind: 'input', id: `i${i}`, session: long, accept_seq: 12 - i, op: 'set', key: `k${i % 3}`, value: i }));

  it("is cut at 80 characters in the session's heading, each finding's heading and the settings", () => {
    const analysis = analyze([toInput(lines)], { session: long });
    const report = renderMarkdownReport(analysis, { settings: { session: long }, limits: { rawLineChars: 100, messageChars: 100 } });
    expect(analysis.findings.length).toBeGreaterThan(3);
    expect(report).toContain(`### Session ${s80}\n`);
    expect(report).toContain(`only ${s80}`);
    expect(report.match(new RegExp(`#### F\\d+ · \`[a-z-]+\` · session ${s80.replace(/[`()…]/g, '\\$&')}\\n`, 'g'))?.length).toBe(analysis.findings.length);
    expect(report).not.toContain('s'.repeat(101));
  });

  it("is cut in a finding's message as a raw line is, the cut said after it", () => {
    const report = renderMarkdownReport(analyze([toInput(lines)]), { limits: { messageChars: 100 } });
    const message = report.split('\n').find((l) => l.startsWith('Session s'));
    expect(message).toMatch(/^Session s{92} … \(\d[\d,]* more characters\)$/);
  });
});
