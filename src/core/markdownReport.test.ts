import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseNative } from '../io/parseNative';
import { analyze, type Analysis } from './analyze';
import { renderMarkdownReport } from './markdownReport';
import type { MarkdownReportOptions } from './markdownReportOptions';
import type { ParsedInput } from './model';
import { allow, revoke, toInput } from './test/build';
import { expectGolden } from '../cli/test/golden';
import { fixturesDir, loadFile } from '../io/test/samples';

/**
 * The report of a log written to break Markdown, compared with a golden file.
 * `UPDATE_GOLDEN=1 npx vitest run src/core/markdownReport.test.ts` rewrites it.
 */

const goldenDir = join(dirname(fileURLToPath(import.meta.url)), '__golden__');

function inputFromText(text: string, name: string, fileIndex: number): ParsedInput {
  return { name, bytes: new TextEncoder().encode(text).length, sha256: 'ab'.repeat(32), text, ...parseNative(text, name, fileIndex) };
}

const hostileLines = [
  JSON.stringify({ kind: 'input', id: 'x`y', session: 's|1', op: 'set', key: 'mode<b>', value: '```\n<script>alert(1)</script>\n```', accept_seq: 2 }),
  JSON.stringify({ kind: 'input', id: 'a|b', session: 's|1', op: 'set', key: 'mode<b>', value: 'safe', accept_seq: 1 }),
  '<img src=x onerror=alert(1)> not json',
  '',
  JSON.stringify({ kind: 'input', session: 's|1', op: 'allow', note: '\u202eevil\u202c [link](javascript:alert(1))' }),
  JSON.stringify({ kind: 'input', id: 'long', session: 's|1', accepted: false, op: 'allow', text: 'z'.repeat(300) }),
];
const evalLines = [
  JSON.stringify({ kind: 'eval', id: 'case*1*', status: 'pass', note: '| pipe <i>html</i>\nsecond line', source: '[src](http://x)' }),
  JSON.stringify({ kind: 'eval', id: 'case*1*', status: 'FAIL', score: 0, note: '`tick` ~~strike~~', source: 'grader' }),
  ...Array.from({ length: 5 }, () => JSON.stringify({ kind: 'eval', case_id: 'rep', run_id: 'r', status: 'pass' })),
];

function hostileAnalysis(): Analysis {
  const inputs = [inputFromText(hostileLines.join('\n') + '\n', 'evil`name|.jsonl', 0), inputFromText(evalLines.join('\n') + '\n', 'evals.jsonl', 1)];
  return analyze(inputs, { cutoff: 1 });
}

const hostileOptions: MarkdownReportOptions = {
  title: 'Incident <42> | review',
  generatedAt: '2025-09-16T08:00:00Z',
  settings: { cutoff: 1, session: null },
  limits: { rawLineChars: 160, recordsPerFinding: 3 },
  annotations: [
    { target: { findingIndex: 0 }, note: 'Confirmed with the host team.\n- not a list\n<script>x</script>' },
    { target: { file: 'evil`name|.jsonl', line: 2 }, note: 'the allow | accepted first' },
    { target: { file: 'evil`name|.jsonl', line: 3 }, note: 'rejected line' },
    { target: { findingIndex: 999 }, note: 'stale note' },
  ],
};

/** The report with fenced blocks and code spans removed: what is left is prose, headings and tables. */
function proseOf(markdown: string): string {
  return markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '').replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '');
}

describe('renderMarkdownReport', () => {
  it('cuts a long value in the replay and cutoff tables, saying how many characters are left out', () => {
    const long = 'v'.repeat(100_000);
    const analysis = analyze([toInput([{ kind: 'input', id: 'a', op: 'set', key: 'blob', value: long, accept_seq: 1 }])], { cutoff: 1 });
    const report = renderMarkdownReport(analysis);
    const shown = `\`"${'v'.repeat(199)}\` … (99,802 more characters)`;
    expect(report).toContain(`| \`blob\` | ${shown} | \`a\` at \`log.jsonl:1\` | ${shown} | \`a\` at \`log.jsonl:1\` | same |`);
    expect(report).toContain(`| \`blob\` | ${shown} | ${shown} | same |`);
    expect(report.length).toBeLessThan(5_000);
    const wider = renderMarkdownReport(analysis, { limits: { valueChars: 1000 } });
    expect(wider).toContain(`${'v'.repeat(999)}\` … (99,002 more characters)`);
  });

  it('puts the acceptance replay before the storage replay, as the page does: acceptance order is the one that decides', () => {
    const report = renderMarkdownReport(analyze([toInput([revoke('m2', 2), allow('m1', 1)], 'o1.jsonl')]));
    expect(report).toContain(
      [
        '| Key | Acceptance replay | Set by | Storage replay (file order) | Set by | Verdict |',
        '| --- | --- | --- | --- | --- | --- |',
        '| `permission` | `"deny"` | `m2` at `o1.jsonl:1` | `"allow"` | `m1` at `o1.jsonl:2` | **flip** |',
      ].join('\n'),
    );
  });

  const report = renderMarkdownReport(hostileAnalysis(), hostileOptions);

  it('matches the golden report of a log written to break Markdown', () => {
    expectGolden(join(goldenDir, 'hostile-log.report.md'), report);
  });

  it('lets no log content open HTML: every < outside code is escaped', () => {
    expect(proseOf(report)).not.toMatch(/(?<!\\)</);
  });

  it('quotes each raw line inside a fence no backtick run in it can close', () => {
    const line = hostileLines[0]!;
    expect(report).toContain(`\`\`\`json\n${line}\n\`\`\``);
  });

  it('cites records as file:line, caps long findings and cuts long lines', () => {
    expect(report).toContain('**``evil`name|.jsonl:1``**');
    expect(report).toContain('… and 2 more records');
    expect(report).toContain(`… ${hostileLines[5]!.length - 160} more characters not shown.`);
  });

  it('is pure: the same analysis and options give the same text', () => {
    expect(renderMarkdownReport(hostileAnalysis(), hostileOptions)).toBe(report);
  });

  it('without settings, reads the cutoff back from the sessions and says when nothing was found', () => {
    const a = analyze([toInput([allow('m1', 1), revoke('m2', 2)])], { cutoff: 2 });
    const text = renderMarkdownReport(a);
    expect(text).toContain('- Cutoff: accept\\_seq ≤ 2');
    expect(text).toContain('- Sessions: all');
    expect(text).toContain('No findings.');
    expect(text).toContain('No line was rejected.');
    expect(text).toContain('No eval records were read.');
    expect(text).not.toContain('## Annotations');
    expect(text).not.toContain('reported at');
  });

  it('says no finding was found only in what was read when a line was not read as a record', () => {
    const input = inputFromText(`${JSON.stringify({ kind: 'input', id: 'a', op: 'allow', accept_seq: 1 })}\nnot json\n`, 'part_of.jsonl', 0);
    const text = renderMarkdownReport(analyze([input]));
    expect(text).not.toContain('No findings.');
    expect(text).toContain('No findings in what was read, but not all of it was: 1 line of part_of.jsonl was not read as a record (see its rejected lines).');
    const none = renderMarkdownReport(analyze([inputFromText('not json\n', 'none.jsonl', 0)]));
    expect(none).toContain('Nothing was read as a record, so nothing was checked; see the rejected lines above.');
    expect(none).not.toContain('No findings');
    expect(renderMarkdownReport(analyze([inputFromText('\n', 'blank.jsonl', 0)]))).toContain('Nothing was read as a record, so nothing was checked: the inputs hold none.');
  });
});

describe('ids in the state tables of the report', () => {
  const long = 'i'.repeat(10_000);
  const other = 'j'.repeat(10_000);
  const setK = (id: string, seq: number, value: string) => ({ kind: 'input', id, op: 'set', key: 'k', value, accept_seq: seq });
  const withoutFences = (markdown: string) => markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, '');

  it('cut a 10,000-character setter or leaked record at 80 characters, saying how many are left out', () => {
    const report = renderMarkdownReport(analyze([toInput([setK(long, 2, 'a'), setK(other, 1, 'b')])], { cutoff: 1 }));
    const i80 = `\`${'i'.repeat(80)}\` … (9,920 more characters)`;
    const j80 = `\`${'j'.repeat(80)}\` … (9,920 more characters)`;
    expect(report).toContain(`| \`k\` | \`"a"\` | ${i80} at \`log.jsonl:1\` | \`"b"\` | ${j80} at \`log.jsonl:2\` | **flip** |`);
    expect(report).toContain(`- \`log.jsonl:1\` input ${i80}, accept\\_seq 2\n`);
    const outsideQuotedLines = withoutFences(report);
    expect(outsideQuotedLines).not.toContain('i'.repeat(81));
    expect(outsideQuotedLines.length).toBeLessThan(6_000);
  });

  it('keep an id of 80 characters whole, as before', () => {
    const id = 'k'.repeat(80);
    const report = renderMarkdownReport(analyze([toInput([setK(id, 2, 'a'), setK('m', 1, 'b')])], { cutoff: 1 }));
    expect(report).toContain(`| \`k\` | \`"a"\` | \`${id}\` at \`log.jsonl:1\` | \`"b"\` | \`m\` at \`log.jsonl:2\` | **flip** |`);
    expect(report).toContain(`- \`log.jsonl:1\` input \`${id}\`, accept\\_seq 2\n`);
    expect(report).not.toContain('more characters)');
  });

  it('mark an invisible character in the part shown, escape a bar in a cell, and never show half an emoji at the cut', () => {
    const marked = `a|\u200b${'b'.repeat(100)}`;
    const emoji = `${'e'.repeat(79)}😀${'f'.repeat(100)}`;
    const report = renderMarkdownReport(analyze([toInput([setK(marked, 2, 'a'), setK(emoji, 1, 'b')])]));
    expect(report).toContain(`\`a\\|⟨U+200B⟩${'b'.repeat(77)}\` … (23 more characters) at`);
    expect(report).toContain(`\`${'e'.repeat(79)}\` … (102 more characters) at`);
    expect(withoutFences(report)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('a key set to the string "unknown" in the report', () => {
  it('is shown as the value it is and flips, where an undetermined key is said unknown', () => {
    const set = (id: string, seq: number | undefined, value: string) => ({ kind: 'input', id, ...(seq === undefined ? {} : { accept_seq: seq }), op: 'set', key: 'k', value });
    const decided = renderMarkdownReport(analyze([toInput([set('m2', 2, 'unknown'), set('m1', 1, 'x')])], { cutoff: 2 }));
    expect(decided).toMatch(/\| `k` \| `"unknown"` \| .* \| `"x"` \| .* \| \*\*flip\*\* \|/);
    expect(decided).toMatch(/\| `k` \| `"unknown"` \| `"x"` \| \*\*differs\*\* \|/);
    const undetermined = renderMarkdownReport(analyze([toInput([set('m2', undefined, 'a'), set('m1', 1, 'x')])], { cutoff: 1 }));
    expect(undetermined).toMatch(/\| `k` \| unknown \| — \| `"x"` \| .* \| undetermined \|/);
    expect(undetermined).toMatch(/\| `k` \| unknown \| .* \| undetermined \|/);
  });
});

describe('a session stored across files in the report', () => {
  it('says the order the files were given decides its storage order', () => {
    const fa = toInput([{ kind: 'input', id: 'A1', session: 's', op: 'allow', accept_seq: 2 }], 'fa.jsonl', 0);
    const fb = toInput([{ kind: 'input', id: 'B1', session: 's', op: 'revoke', accept_seq: 1 }], 'fb.jsonl', 1);
    expect(renderMarkdownReport(analyze([fa, fb]))).toContain(
      '1 inversion between storage and acceptance order; checks ran in acceptance order.\n\nStored across 2 files, taken in the order given (fa.jsonl, fb.jsonl): given in another order, the storage replay and the inversions can differ.\n',
    );
  });
});

describe('rejected items of a JSON document in the report', () => {
  it('are cited by file and position once, the reason without its own "item N:"', () => {
    const text = JSON.stringify([{ kind: 'input', id: 'a', accept_seq: 1 }, 7], null, 2);
    const report = renderMarkdownReport(analyze([inputFromText(text, 'doc.json', 0)]));
    expect(report).toMatch(/- `doc\.json:2` — expected a JSON object/);
    expect(report).not.toContain('— item 2:');
  });

  it('are headed and counted as items, and the inputs table counts items, when every input is a document', () => {
    const text = JSON.stringify([{ kind: 'input', id: 'a', accept_seq: 1 }, ...Array.from({ length: 3 }, () => 7)], null, 2);
    const report = renderMarkdownReport(analyze([{ ...inputFromText(text, 'doc.json', 0), itemized: true }]), { limits: { rejectedPerInput: 1 } });
    expect(report).toContain('## Rejected items');
    expect(report).toContain('- … and 2 more rejected items');
    expect(report).toMatch(/\| # \| File \| Format \| Bytes \| Items \|/);
    expect(report).not.toMatch(/Rejected lines|rejected line|\| Lines \|/);
  });

  it('keep lines beside a JSON Lines input, whose places are lines', () => {
    const doc = { ...inputFromText(JSON.stringify([{ kind: 'input', id: 'a' }, 7]), 'doc.json', 0), itemized: true };
    const lines = inputFromText('{"kind":"input","id":"b","accept_seq":1}\n', 'log.jsonl', 1);
    const report = renderMarkdownReport(analyze([doc, lines]));
    expect(report).toContain('## Rejected items');
    expect(report).toMatch(/\| # \| File \| Format \| Bytes \| Lines \|/);
  });
});

describe('boundaries in the report', () => {
  it("lists where a session's effective history changes in its block, and counts its turns", async () => {
    const input = await loadFile(join(fixturesDir, 'codex-paginated-boundaries.jsonl'), 0, 'b.jsonl');
    const other = toInput([{ kind: 'input', id: 'n1', session: 'native', op: 'allow', accept_seq: 1 }], 'n.jsonl', 1);
    const report = renderMarkdownReport(analyze([input, other]));
    const block = report.slice(report.indexOf('### Session `0199cccc'), report.indexOf('## Findings'));
    expect(block).toContain(
      [
        'Boundaries where its inputs say the effective history changes (what they cover is kept and analysed):',
        '',
        '- `b.jsonl:10` turn aborted — turn turn-b aborted (interrupted)',
        '- `b.jsonl:11` rollback — thread rolled back 1 turn; takes lines 8–10 out of the effective history',
        '- `b.jsonl:12` compaction — history compacted into a summary and 1 kept item',
        '- `b.jsonl:13` compaction — context compacted',
        '',
        'Turns: 3 starts and 2 ends recorded, not listed.',
      ].join('\n'),
    );
    expect(report.slice(report.indexOf('### Session `native`'))).not.toContain('Boundaries');
  });

  it('says a boundary that takes out one line as one line', () => {
    const input = toInput([{ kind: 'input', id: 'a', session: 's', op: 'allow', accept_seq: 1 }], 'a.jsonl', 0);
    const boundaries = [{ line: 11, session: 's', kind: 'rollback', label: 'thread rolled back 1 turn', covers: { fromLine: 10, toLine: 10 } }];
    const report = renderMarkdownReport(analyze([{ ...input, boundaries }]));
    expect(report).toContain('- `a.jsonl:11` rollback — thread rolled back 1 turn; takes line 10 out of the effective history\n');
    expect(report).not.toContain('10–10');
  });

  it('takes a boundary without a session for each session of its input, and caps the list', () => {
    const input = toInput(
      [
        { kind: 'input', id: 'a', session: 's1', op: 'allow', accept_seq: 1 },
        { kind: 'input', id: 'b', session: 's2', op: 'allow', accept_seq: 1 },
      ],
      'db.sqlite',
      0,
    );
    const boundaries = [3, 5, 9].map((line) => ({ line, session: null, kind: 'deletion', label: `row ${line} missing: deleted rows`, covers: null }));
    const report = renderMarkdownReport(analyze([{ ...input, itemized: true, boundaries }]), { limits: { boundariesPerSession: 2 } });
    for (const s of ['s1', 's2']) {
      const block = report.slice(report.indexOf(`### Session \`${s}\``));
      expect(block).toContain('- `db.sqlite:3` deletion — row 3 missing: deleted rows\n- `db.sqlite:5` deletion — row 5 missing: deleted rows\n- … and 1 more boundary');
    }
  });
});
