import { describe, expect, it } from 'vitest';
import { pageLogLines } from '../../scripts/pageLog';
import { analyze } from '../core/analyze';
import { toCheckDocument } from '../core/checkDocument';
import { renderMarkdownReport } from '../core/markdownReport';
import type { ParsedInput } from '../core/model';
import { loadInput } from '../io/loadInput';
import type { SourceFile } from '../worker/protocol';
import { findingTarget, toReviewerAnnotations, type Annotation } from './annotations';
import type { BundleView, EvidenceBundle } from './bundle';
import { buildBundle } from './bundleBuild';
import type { ExportKind, ExportRequest, ExportResponse, ExportSettings } from './exportProtocol';
import { answerExport } from './exportRun';
import { O1 } from './testAnalysis';

const text = (lines: readonly (string | object)[]) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

const FLIP_AND_WRITERS = [
  ...O1,
  { kind: 'write', id: 'w1', session: 'w', resource: 'doc', if_match: 'v0', version: 'v1', accept_seq: 1 },
  { kind: 'write', id: 'w2', session: 'w', resource: 'doc', if_match: 'v0', version: 'v2', accept_seq: 2 },
];

interface Opened {
  readonly files: SourceFile[];
  /** The inputs as the page would hold them (read whole, with their text). */
  readonly inputs: ParsedInput[];
}

let keys = 0;
async function open(...files: { name: string; text: string }[]): Promise<Opened> {
  const bytes = files.map((f) => new TextEncoder().encode(f.text));
  return {
    files: files.map((f, i) => ({ name: f.name, blob: new Blob([bytes[i]!]), key: `test-${++keys}` })),
    inputs: await Promise.all(files.map((f, i) => loadInput(f.name, bytes[i]!, i))),
  };
}

/** Sends one request through the worker's message handler; every message it posts, and the file's text when it made one. */
async function roundTrip(o: Opened, kind: ExportKind, settings: ExportSettings, bundle: ExportRequest['bundle'] = null, expected = o.inputs) {
  const messages: ExportResponse[] = [];
  const request: ExportRequest = {
    type: 'export',
    id: 7,
    kind,
    files: o.files,
    expected: expected.map((i) => ({ name: i.name, sha256: i.sha256, records: i.records.length })),
    settings,
    bundle,
  };
  await answerExport(request, (m) => messages.push(m));
  const last = messages.at(-1)!;
  return { messages, text: last.type === 'exported' ? new TextDecoder().decode(last.bytes) : null, last };
}

const AT: ExportSettings = { cutoff: 2, session: null, generatedAt: '2025-09-16T08:00:00.000Z', annotations: [] };

describe('an export made in the export worker', () => {
  it('answers with progress, then the findings document seqscope check --json --cutoff prints, byte for byte', async () => {
    const o = await open({ name: 'o1.jsonl', text: text(FLIP_AND_WRITERS) });
    const { messages, text: json, last } = await roundTrip(o, 'findings', AT);
    expect(last).toMatchObject({ type: 'exported', id: 7 });
    expect(messages.slice(0, -1).every((m) => m.type === 'progress' && m.id === 7)).toBe(true);
    expect(messages.map((m) => (m.type === 'progress' ? m.message : m.type))).toEqual(
      expect.arrayContaining(['Analysing 4 records at cutoff 2', 'Writing the findings document', 'exported']),
    );
    expect(json).toBe(`${JSON.stringify(toCheckDocument(analyze(o.inputs, { cutoff: 2, session: null })), null, 2)}\n`);
  });

  it('writes the report of one session at the cutoff, with the notes placed on that analysis', async () => {
    const o = await open({ name: 'o1.jsonl', text: text(FLIP_AND_WRITERS) });
    const scoped = analyze(o.inputs, { cutoff: 3, session: 'o1' });
    const flip = scoped.findings.findIndex((f) => f.code === 'decision-flip');
    const annotations: Annotation[] = [
      { target: { kind: 'record', input: o.inputs[0]!.sha256, line: 2 }, note: 'stored second' },
      { target: findingTarget(scoped, flip)!, note: 'the flip' },
    ];
    const settings: ExportSettings = { ...AT, cutoff: 3, session: 'o1', annotations };
    const { text: report } = await roundTrip(o, 'report', settings);
    const expected = renderMarkdownReport(scoped, { settings: { cutoff: 3, session: 'o1' }, generatedAt: AT.generatedAt, annotations: toReviewerAnnotations(scoped, annotations) });
    expect(report).toBe(expected);
    expect(report).toContain('stored second');
    expect(report).toContain(`**F${flip + 1}** (\`decision-flip\`, session \`o1\`): the flip`);
  });

  it('builds the bundle from the whole analysis, with the findings and report at the cutoff and the comparison named', async () => {
    const o = await open({ name: 'o1.jsonl', text: text(FLIP_AND_WRITERS) });
    const view: BundleView = { session: 'o1', cutoff: 2, selection: { file: 0, line: 2 }, finding: 0, filters: { code: null, order: 'derived' } };
    const comparison = { sample: null, inputs: [{ name: 'other.jsonl', sha256: 'a'.repeat(64), bytes: 10, format: 'native-jsonl' }] };
    const { text: json } = await roundTrip(o, 'bundle', AT, { sample: null, comparison, view });
    const bundle = JSON.parse(json!) as EvidenceBundle;
    const whole = analyze(o.inputs);
    const scoped = analyze(o.inputs, { cutoff: 2, session: null });
    const report = renderMarkdownReport(scoped, { settings: { cutoff: 2, session: null }, generatedAt: AT.generatedAt, annotations: [] });
    const direct = buildBundle({ analysis: whole, generatedAt: AT.generatedAt, sample: null, comparison, view, annotations: [], findings: toCheckDocument(scoped), report });
    expect(json).toBe(`${JSON.stringify(direct, null, 2)}\n`);
    expect(bundle.comparison?.inputs[0]?.name).toBe('other.jsonl');
  });

  it('says what went wrong when a file no longer reads as it did when opened, and makes nothing', async () => {
    const o = await open({ name: 'o1.jsonl', text: text(O1) });
    const other = await open({ name: 'o1.jsonl', text: text(FLIP_AND_WRITERS) });
    const { last, text: made } = await roundTrip(o, 'report', AT, null, other.inputs);
    expect(made).toBeNull();
    expect(last).toEqual({ type: 'error', id: 7, message: 'o1.jsonl no longer reads as it did when it was opened; open it again' });
  });

  it('a streamed file: the report quotes its raw lines read back from the file, as a whole-file read quotes them', async () => {
    // Over the size below which files are read whole, so the worker streams it and keeps no text.
    const o = await open({ name: 'big.jsonl', text: text(pageLogLines(40_000)) });
    const { text: report, messages } = await roundTrip(o, 'report', AT);
    expect(messages.some((m) => m.type === 'progress' && /^Reading \d[\d,]* quoted lines from the file$/.test(m.message))).toBe(true);
    const scoped = analyze(o.inputs, { cutoff: 2, session: null });
    expect(report).toBe(renderMarkdownReport(scoped, { settings: { cutoff: 2, session: null }, generatedAt: AT.generatedAt, annotations: [] }));
    expect(report).not.toContain('shown as parsed');

    const view: BundleView = { session: 'bench', cutoff: null, selection: null, finding: null, filters: { code: null, order: 'derived' } };
    const bundle = JSON.parse((await roundTrip(o, 'bundle', { ...AT, cutoff: null }, { sample: null, comparison: null, view })).text!) as EvidenceBundle;
    expect(bundle.cited.length).toBe(5000);
    expect(bundle.cited.every((c) => c.exact)).toBe(true);
  });
});
