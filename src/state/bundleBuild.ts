import type { Analysis } from '../core/analyze';
import { rawRecordText } from '../core/rawText';
import { findingKey, type Annotation } from './annotations';
import { BUNDLE_KIND, type BundleInput, type BundleNote, type BundleView, type EvidenceBundle } from './bundle';

export interface BundleParams {
  readonly analysis: Analysis;
  readonly generatedAt: string;
  readonly sample: string | null;
  readonly comparison: { readonly sample: string | null; readonly inputs: readonly BundleInput[] } | null;
  readonly view: BundleView;
  readonly annotations: readonly Annotation[];
  readonly findings: unknown;
  readonly report: string;
  /** How many cited raw lines to include at most. */
  readonly limit?: number;
}

/** An input as a bundle names it. */
export const bundleInputOf = (i: BundleInput): BundleInput => ({ name: i.name, sha256: i.sha256, bytes: i.bytes, format: i.format });

/** How many cited raw lines a bundle includes unless told otherwise. */
export const CITED_LIMIT = 5000;

/** The records a reviewer's evidence rests on: those the findings name, the focused one and the annotated ones, in storage order. */
export function citedRecords(analysis: Analysis, view: BundleView, annotations: readonly Annotation[]): number[] {
  const cited = new Set<number>();
  for (const f of analysis.findings) for (const i of f.recordIndex) if (i >= 0) cited.add(i);
  const at = (file: number, line: number) => analysis.records.findIndex((r) => r.fileIndex === file && r.line === line);
  if (view.selection) {
    const i = at(view.selection.file, view.selection.line);
    if (i >= 0) cited.add(i);
  }
  for (const { target } of annotations) {
    if (target.kind !== 'record') continue;
    const file = analysis.inputs.findIndex((inp) => inp.sha256 === target.input);
    const i = file >= 0 ? at(file, target.line) : -1;
    if (i >= 0) cited.add(i);
  }
  return [...cited].sort((a, b) => a - b);
}

/** Everything a bundle holds, from the analysis and the view; pure (the time is passed in). */
export function buildBundle(p: BundleParams): EvidenceBundle {
  const { analysis } = p;
  const indices = citedRecords(analysis, p.view, p.annotations);
  const cited = indices.slice(0, p.limit ?? CITED_LIMIT).map((i) => {
    const r = analysis.records[i]!;
    const input = analysis.inputs[r.fileIndex]!;
    const raw = rawRecordText(input, r);
    return { file: input.name, sha256: input.sha256, line: r.line, offset: r.offset, exact: raw.exact, text: raw.text };
  });
  const findingIndex = new Map(analysis.findings.map((_, i) => [findingKey(analysis, i), i]));
  const notes: BundleNote[] = [];
  for (const { target, note } of p.annotations) {
    if (target.kind === 'finding') {
      const i = findingIndex.get(target.key);
      if (i !== undefined) notes.push({ target: { kind: 'finding', findingIndex: i, key: target.key }, note });
      continue;
    }
    const input = analysis.inputs.find((inp) => inp.sha256 === target.input);
    if (input) notes.push({ target: { kind: 'record', file: input.name, sha256: input.sha256, line: target.line }, note });
  }
  return {
    seqscope: BUNDLE_KIND,
    version: 1,
    generatedAt: p.generatedAt,
    sample: p.sample,
    inputs: analysis.inputs.map(bundleInputOf),
    comparison: p.comparison ? { sample: p.comparison.sample, inputs: p.comparison.inputs.map(bundleInputOf) } : null,
    view: p.view,
    annotations: notes,
    cited,
    citedTotal: indices.length,
    findings: p.findings,
    report: p.report,
  };
}
