/**
 * The files the export menu saves, made from analyses of the open inputs.
 * These run in the export worker (exportRun.ts), never on the page's main
 * thread: at 10^5 records and more, re-analysing and writing them takes
 * long enough to freeze a page.
 */
import { analyze, type Analysis, type AnalysisOptions } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { checkDocumentJson, toCheckDocument } from '../core/checkDocument';
import { documentJson } from '../core/documentJson';
import { renderMarkdownReport } from '../core/markdownReport';
import { toReviewerAnnotations } from './annotations';
import { buildBundle } from './bundleBuild';
import type { BundleExtras, ExportSettings } from './exportProtocol';

/** The analysis a file is made of: as `seqscope check --cutoff N [--session S]` makes it, and the whole one a bundle cites from. */
export interface ExportAnalyses {
  readonly scoped: Analysis;
  readonly whole: Analysis;
  readonly options: AnalysisOptions;
}

/** Analyses the inputs as the CLI would with the same cutoff and session; the whole analysis only when it is needed and differs. */
export function exportAnalyses(inputs: readonly ParsedInput[], s: ExportSettings, needWhole: boolean): ExportAnalyses {
  const options: AnalysisOptions = { cutoff: s.cutoff, session: s.session };
  const unscoped = s.cutoff === null && s.session === null;
  const scoped = analyze(inputs, options);
  return { scoped, whole: unscoped || !needWhole ? scoped : analyze(inputs), options };
}

/** The findings document, byte for byte what `seqscope check --json` prints. */
export function findingsJson(a: ExportAnalyses): string {
  return checkDocumentJson(toCheckDocument(a.scoped));
}

/** The Markdown audit report, as `seqscope check --report` writes it, with the reviewer's notes. */
export function reportMarkdown(a: ExportAnalyses, s: ExportSettings): string {
  return renderMarkdownReport(a.scoped, { settings: a.options, generatedAt: s.generatedAt, annotations: toReviewerAnnotations(a.scoped, s.annotations) });
}

/** The evidence bundle: report, findings document, view state, notes and cited raw lines in one JSON file. */
export function bundleJson(a: ExportAnalyses, s: ExportSettings, extras: BundleExtras): string {
  const bundle = buildBundle({
    analysis: a.whole,
    generatedAt: s.generatedAt,
    sample: extras.sample,
    comparison: extras.comparison,
    view: extras.view,
    annotations: s.annotations,
    findings: toCheckDocument(a.scoped),
    report: reportMarkdown(a, s),
  });
  return `${documentJson(bundle)}\n`;
}
