import { orderSvgDocument } from '../viz/orderSvgExport';
import { cutoffRank } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import type { BundleView } from './bundle';
import { cutoffViewOf, sessionOf } from './selectors';
import { useStore } from './store';

export interface ExportFile {
  readonly suffix: string;
  readonly content: string;
  readonly type: string;
}

const engine = () => import('./exportEngine');

/** The current cutoff and (when asked) session, the time now and the notes: what every export is made with. */
function settings(onlySession: boolean) {
  const s = useStore.getState();
  return { cutoff: s.cutoff, session: onlySession ? s.session : null, generatedAt: new Date().toISOString(), annotations: s.annotations };
}

export async function exportFindings(onlySession: boolean): Promise<ExportFile | null> {
  const { analysis } = useStore.getState();
  if (!analysis) return null;
  const { findingsJson } = await engine();
  return { suffix: '.findings.json', content: findingsJson(analysis, settings(onlySession)), type: 'application/json' };
}

export async function exportReport(onlySession: boolean): Promise<ExportFile | null> {
  const { analysis } = useStore.getState();
  if (!analysis) return null;
  const { reportMarkdown } = await engine();
  return { suffix: '.report.md', content: reportMarkdown(analysis, settings(onlySession)), type: 'text/markdown;charset=utf-8' };
}

export async function exportBundle(onlySession: boolean): Promise<ExportFile | null> {
  const s = useStore.getState();
  if (!s.analysis) return null;
  const focus = s.selection.focus === null ? undefined : s.analysis.records[s.selection.focus];
  const view: BundleView = {
    session: s.session,
    cutoff: s.cutoff,
    selection: focus ? { file: focus.fileIndex, line: focus.line } : null,
    finding: s.selection.finding,
    filters: { code: s.codeFilter, order: s.recordOrder },
  };
  const c = s.comparison;
  const { bundleJson } = await engine();
  const content = bundleJson(s.analysis, {
    ...settings(onlySession),
    sample: s.origin?.kind === 'sample' ? s.origin.file : null,
    comparison: c?.other ? { sample: c.sample, analysis: c.other } : null,
    view,
  });
  return { suffix: '.evidence.json', content, type: 'application/json' };
}

/** The shown session's order view as a standalone SVG document, with the cutoff, its leaks and the selection. */
export function exportOrderSvg(): { suffix: string; svg: string; width: number; height: number } | null {
  const s = useStore.getState();
  const session = sessionOf(s.analysis, s.session);
  if (!s.analysis || !session) return null;
  const model = orderModelOf(session);
  const cut = s.cutoff === null ? null : cutoffViewOf(session, s.cutoff);
  const local = (g: number) => model.indexOf.get(s.analysis!.records[g]!) ?? -1;
  const doc = orderSvgDocument({
    model,
    session: session.session,
    inputs: s.analysis.inputs,
    n: s.cutoff,
    cutRank: cutoffRank(model, s.cutoff),
    leaks: new Set(cut ? cut.leaks.map((r) => model.indexOf.get(r) ?? -1).filter((i) => i >= 0) : []),
    prefixLast: cut?.prefixLast ? (model.indexOf.get(cut.prefixLast) ?? -1) : -1,
    selected: s.selection.records.map(local).filter((i) => i >= 0),
  });
  return { suffix: `.order-${session.session.replace(/[^\w.-]+/g, '_').slice(0, 40)}`, ...doc };
}
