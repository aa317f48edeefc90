import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectGolden } from '../cli/test/golden';
import { loadFile, nativeSamplesDir } from '../io/test/samples';
import { analyze } from './analyze';
import { compareAnalyses } from './compare';
import { COMPARE_LIST_LIMIT, divergenceTexts, renderComparisonReport } from './comparisonReport';
import { toInput, type Rec } from './test/build';

/**
 * The comparison report of the bundled compare samples, against golden files
 * that the CLI's `compare --report` and the page's export are held to as well.
 * `UPDATE_GOLDEN=1 npx vitest run src/core/comparisonReport.test.ts` rewrites them.
 */

const goldenDir = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const AT = '2025-09-16T08:00:00.000Z';

async function sampleReport(base: string, other: string): Promise<string> {
  const a = analyze([await loadFile(join(nativeSamplesDir, base), 0, base)]);
  const b = analyze([await loadFile(join(nativeSamplesDir, other), 0, other)]);
  const c = compareAnalyses(a, b);
  return renderComparisonReport(c, { generatedAt: AT, divergenceTexts: divergenceTexts(c, a, b) });
}

/** The report with code spans removed (a backslash-escaped backtick opens none): what is left is prose, headings and tables. */
function proseOf(markdown: string): string {
  return markdown.replace(/(?<![\\`])(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '');
}

/** Cells of a table row, split where GitHub splits them: on a bar not escaped. */
function cells(row: string): number {
  return row.split(/(?<!\\)\|/).length - 2;
}

describe('renderComparisonReport on the bundled compare samples', () => {
  it.each([
    ['compare-good.jsonl', 'compare-bad.jsonl', 'compare-good.vs.compare-bad.comparison.md'],
    ['eval-run-a.jsonl', 'eval-run-b.jsonl', 'eval-run-a.vs.eval-run-b.comparison.md'],
  ])('%s against %s matches its golden file', async (base, other, golden) => {
    expectGolden(join(goldenDir, golden), await sampleReport(base, other));
  });

  it('names where the good and the bad run first part, and what each decided', async () => {
    const report = await sampleReport('compare-good.jsonl', 'compare-bad.jsonl');
    expect(report).toContain('## First divergence\n\n**Session `deploy-7`, accept\\_seq 4.** At accept_seq 4 of session deploy-7');
    expect(report).toContain('| `deploy-7` | `rollout` | `"canary"` | `compare-good.jsonl:4` `input` `scope` | `"full"` | `compare-bad.jsonl:4` `input` `scope` |');
    expect(report).toContain('### Only in the other run (2)\n\n- **error** `decision-flip` · session `deploy-7`:');
  });

  it("quotes the two records where the runs part, cut as the audit report cuts a raw line, and says when one is only its parsed fields", () => {
    const a = analyze([toInput([{ kind: 'input', id: 'm1', op: 'allow', accept_seq: 1, note: 'x'.repeat(2500) }])]);
    const b = analyze([toInput([{ kind: 'input', id: 'm1', op: 'revoke', accept_seq: 1 }], 'other.jsonl')]);
    const c = compareAnalyses(a, b);
    const texts = divergenceTexts(c, a, b);
    expect(texts.base?.exact).toBe(true);
    const report = renderComparisonReport(c, { divergenceTexts: { base: texts.base, other: { text: '{"kind": "input"}', exact: false } } });
    expect(report).toContain('Base run, `log.jsonl:1`:\n\n```json\n{"kind":"input","id":"m1"');
    expect(report).toMatch(/x{100}\n```\n\n… \d+ more characters not shown\.\n/);
    expect(report).toContain('Other run, `other.jsonl:1`, shown as parsed (the input has no raw text for it):\n\n```json\n{"kind": "input"}\n```');
    expect(renderComparisonReport(c)).not.toContain('Base run, ');
  });

  it('says when two runs agree, and is the same text each time', () => {
    const run = analyze([toInput([{ kind: 'input', id: 'm1', op: 'allow', accept_seq: 1 }])]);
    const report = renderComparisonReport(compareAnalyses(run, run));
    expect(report).toContain('No divergence: the runs agree in acceptance terms.');
    expect(report).toContain('## Decisions that differ (0)');
    expect(report).not.toContain('reported at');
    expect(renderComparisonReport(compareAnalyses(run, run))).toBe(report);
  });

  it('says two eval sweeps that agree agree on every eval outcome, and a session with evals beside it in acceptance terms', () => {
    const sweep = analyze([toInput([{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' }])]);
    expect(renderComparisonReport(compareAnalyses(sweep, sweep))).toContain('No divergence: the runs agree on every eval outcome.\n');
    const both = analyze([toInput([{ kind: 'eval', case_id: 'c1', run_id: 'r1', status: 'pass' }, { kind: 'input', id: 'm1', op: 'allow', accept_seq: 1 }])]);
    expect(renderComparisonReport(compareAnalyses(both, both))).toContain('No divergence: the runs agree in acceptance terms.\n');
  });
});

describe('renderComparisonReport on runs written to break Markdown', () => {
  const long = 'i'.repeat(10_000);
  const session = 's|<b>`x`</b>';
  const base: Rec[] = [
    { kind: 'input', id: 'a|b', session, op: 'set', key: 'k<script>', value: '```\n<script>alert(1)</script>\n```', accept_seq: 1 },
    { kind: 'input', id: long, session, op: 'set', key: 'blob', value: 'v'.repeat(5_000), accept_seq: 2 },
    { kind: 'eval', id: '[x](javascript:alert(1))', status: 'pass' },
  ];
  const other: Rec[] = [
    { kind: 'input', id: 'a|b', session, op: 'set', key: 'k<script>', value: '\u202eevil\u202c | ![img](http://x/y.png)', accept_seq: 1 },
    { kind: 'input', id: `${long}j`, session, op: 'set', key: 'blob', value: 'w', accept_seq: 2 },
    { kind: 'eval', id: '[x](javascript:alert(1))', status: 'fail' },
  ];
  const report = renderComparisonReport(compareAnalyses(analyze([toInput(base, 'evil`<base>|.jsonl')]), analyze([toInput(other, 'other\u200b.jsonl')])));

  it('lets no log content open HTML, a link or an image outside code', () => {
    const prose = proseOf(report);
    expect(prose).not.toMatch(/(?<!\\)</);
    expect(prose).not.toMatch(/(?<!\\)\[/);
    expect(prose).not.toMatch(/(?<!\\):\/\//);
  });

  it('keeps every table row to its columns, bars in names and values escaped', () => {
    const rows = report.split('\n').filter((l) => l.startsWith('| '));
    expect(rows.length).toBeGreaterThan(8);
    for (const block of report.split('\n\n')) {
      const table = block.split('\n').filter((l) => l.startsWith('| '));
      for (const row of table) expect(cells(row), row).toBe(cells(table[0]!));
    }
  });

  it('marks invisible and direction-changing characters', () => {
    expect(report).toContain('other⟨U+200B⟩.jsonl');
    expect(report).toContain('⟨U+202E⟩evil⟨U+202C⟩');
    expect(report).not.toMatch(/[\u200b\u202e\u202c]/);
  });

  it('cuts long ids and values, saying how much is left out', () => {
    expect(report).toContain(`\`${'i'.repeat(80)}\` … (9,920 more characters)`);
    expect(report).toContain(`\`"${'v'.repeat(199)}\` … (4,802 more characters)`);
    expect(report).not.toContain('i'.repeat(81));
    expect(report.length).toBeLessThan(8_000);
  });
});

describe('renderComparisonReport on long lists', () => {
  it('lists as many differences as the text output does and counts the rest', () => {
    const n = COMPARE_LIST_LIMIT + 7;
    const run = (op: string) => analyze([toInput(Array.from({ length: n }, (_, i) => ({ kind: 'input', id: `m${i}`, op, accept_seq: i + 1 })))]);
    const report = renderComparisonReport(compareAnalyses(run('allow'), run('revoke')));
    const block = report.slice(report.indexOf('### Session `default`'), report.indexOf('## Decisions'));
    expect(block.split('\n').filter((l) => l.startsWith('- At accept_seq'))).toHaveLength(COMPARE_LIST_LIMIT);
    expect(block).toContain('- … and 7 more (see `seqscope compare --json`)');
  });

  it("groups the sessions table's counts as every count in the report", () => {
    const run = (op: string) => analyze([toInput(Array.from({ length: 1_200 }, (_, i) => ({ kind: 'input', id: `m${i}`, op: i < 1_100 ? 'allow' : op, accept_seq: i + 1 })))]);
    const report = renderComparisonReport(compareAnalyses(run('allow'), run('revoke')));
    expect(report).toContain('| `default` | both runs | 1,200 | 1,200 | 1,100 | 100 | 0 | 0 | 0 |');
  });
});

describe('renderComparisonReport on names a log makes long', () => {
  it('cuts a session name, key and eval label wherever they stand, so a long one quoted in every entry stays short', () => {
    const name = 'n'.repeat(100_000);
    const run = (op: string) =>
      analyze([
        toInput([
          ...Array.from({ length: COMPARE_LIST_LIMIT + 5 }, (_, i) => ({ kind: 'input', id: `m${i}`, session: name, op: 'set', key: `${name}${i}`, value: op, accept_seq: i + 1 })),
          { kind: 'eval', id: name, status: op === 'a' ? 'pass' : 'fail' },
        ]),
      ]);
    const report = renderComparisonReport(compareAnalyses(run('a'), run('b')));
    expect(report).not.toContain('n'.repeat(2001));
    expect(report).toContain(`### Session \`${'n'.repeat(80)}\` … (99,920 more characters): ${COMPARE_LIST_LIMIT + 5} differences`);
    expect(report).toMatch(/^- At accept_seq 1 of session n{1970,2000} … \([\d,]+ more characters\)$/m);
    expect(report.length).toBeLessThan(400_000);
  });
});

describe('renderComparisonReport over runs not read whole', () => {
  const records = [{ kind: 'input', id: 'm1', op: 'allow', accept_seq: 1 }];
  const section = (report: string) => report.slice(report.indexOf('## First divergence'), report.indexOf('## Decisions'));

  it('says beside "No divergence" what was not read, as the CLI says it', () => {
    const cut = toInput(records, 'cut*.jsonl.gz');
    const other = analyze([{ ...cut, notes: [{ line: null, message: 'the gzip stream ends early', partial: true }], rejected: [{ line: 2, reason: 'not JSON' }] }]);
    const report = renderComparisonReport(compareAnalyses(analyze([toInput(records, 'a.jsonl')]), other));
    expect(section(report)).toContain(
      "No divergence: the runs agree in acceptance terms.\n\nCompared in what was read, but not all of it was: the other run's cut\\*.jsonl.gz was not read to its end; 1 line of the other run's cut\\*.jsonl.gz was not read as a record.\n",
    );
  });

  it('says under a first divergence that it was found in what was read', () => {
    const other = analyze([{ ...toInput([], 'b.jsonl'), rejected: [{ line: 1, reason: 'not JSON' }] }]);
    const report = renderComparisonReport(compareAnalyses(analyze([toInput(records, 'a.jsonl')]), other));
    expect(section(report)).toMatch(/\*\*Session `default`, accept\\_seq 1\.\*\* .*\n\nCompared in what was read, but not all of it was: 1 line of the other run's b\.jsonl was not read as a record\.\n/);
  });

  it('says nothing was read before "No divergence" between two runs of nothing', () => {
    const report = renderComparisonReport(compareAnalyses(analyze([toInput([], 'a.jsonl')]), analyze([toInput([], 'b.jsonl')])));
    expect(section(report)).toBe('## First divergence\n\nNothing was read as a record, so nothing was compared: the inputs hold none.\n\nNo divergence: the runs agree in acceptance terms.\n\n');
  });
});
