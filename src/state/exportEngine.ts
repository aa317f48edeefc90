/**
 * The engine parts only exports need (a re-analysis at the cutoff, the
 * Markdown report, the findings document), loaded on first export so the
 * page's first load does not carry them.
 */
import { analyze, type Analysis, type AnalysisOptions } from '../core/analyze';
import { toCheckDocument } from '../core/checkDocument';
import { renderMarkdownReport } from '../core/markdownReport';
import { toReviewerAnnotations, type Annotation } from './annotations';
import type { BundleView } from './bundle';
import { buildBundle } from './bundleBuild';

export interface ExportSettings {
  readonly cutoff: number | null;
  /** Only this session (the CLI's --session), or null for all. */
  readonly session: string | null;
  readonly generatedAt: string;
  readonly annotations: readonly Annotation[];
}

/** The analysis `seqscope check --cutoff N [--session S]` would make of the same inputs. */
function scoped(analysis: Analysis, s: ExportSettings): { analysis: Analysis; settings: AnalysisOptions } {
  const settings: AnalysisOptions = { cutoff: s.cutoff, session: s.session };
  return { analysis: s.cutoff === null && s.session === null ? analysis : analyze(analysis.inputs, settings), settings };
}

/** The findings document, byte for byte what `seqscope check --json` prints. */
export function findingsJson(analysis: Analysis, s: ExportSettings): string {
  return `${JSON.stringify(toCheckDocument(scoped(analysis, s).analysis), null, 2)}\n`;
}

/** The Markdown audit report, as `seqscope check --report` writes it, with the reviewer's notes. */
export function reportMarkdown(analysis: Analysis, s: ExportSettings): string {
  const { analysis: a, settings } = scoped(analysis, s);
  return renderMarkdownReport(a, { settings, generatedAt: s.generatedAt, annotations: toReviewerAnnotations(a, s.annotations) });
}

export interface BundleSettings extends ExportSettings {
  readonly sample: string | null;
  readonly comparison: { readonly sample: string | null; readonly analysis: Analysis } | null;
  readonly view: BundleView;
}

/** The evidence bundle: report, findings document, view state, notes and cited raw lines in one JSON file. */
export function bundleJson(analysis: Analysis, s: BundleSettings): string {
  const { analysis: a } = scoped(analysis, s);
  const bundle = buildBundle({
    analysis,
    generatedAt: s.generatedAt,
    sample: s.sample,
    comparison: s.comparison ? { sample: s.comparison.sample, inputs: s.comparison.analysis.inputs } : null,
    view: s.view,
    annotations: s.annotations,
    findings: toCheckDocument(a),
    report: reportMarkdown(analysis, s),
  });
  return `${JSON.stringify(bundle, null, 2)}\n`;
}
