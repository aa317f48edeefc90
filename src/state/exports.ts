import { orderSvgDocument } from '../viz/orderSvgExport';
import { cutoffRank } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import type { Analysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import type { BundleView } from './bundle';
import { ensureRawLines } from './rawLines';
import { leaksAt } from '../core/leakIndex';
import { cutoffViewOf, leakIndexOf, sessionOf } from './selectors';
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

/** Records of one finding quoted at most (the report's own limit per finding). */
const QUOTED_PER_FINDING = 200;

/** A streamed input keeps no text: the lines a report or a bundle quotes are read back from the file first. */
async function readQuotedLines(analysis: Analysis): Promise<void> {
  if (!analysis.inputs.some((i) => i.streamed)) return;
  const s = useStore.getState();
  const records: SeqRecord[] = [];
  const add = (i: number | null) => {
    const r = i === null ? undefined : analysis.records[i];
    if (r) records.push(r);
  };
  for (const f of analysis.findings) for (const i of f.recordIndex.slice(0, QUOTED_PER_FINDING)) add(i);
  add(s.selection.focus);
  for (const { target } of s.annotations) {
    if (target.kind !== 'record') continue;
    const file = analysis.inputs.findIndex((inp) => inp.sha256 === target.input);
    const r = file < 0 ? undefined : analysis.records.find((x) => x.fileIndex === file && x.line === target.line);
    if (r) records.push(r);
  }
  await ensureRawLines(analysis, records);
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
  await readQuotedLines(analysis);
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
  await readQuotedLines(s.analysis);
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
    // Every leak, not only the listed ones: the drawing keeps each leak bright where it is stored.
    leaks: new Set(s.cutoff === null ? [] : leaksAt(leakIndexOf(session), s.cutoff).map((r) => model.indexOf.get(r) ?? -1).filter((i) => i >= 0)),
    prefixLast: cut?.prefixLast ? (model.indexOf.get(cut.prefixLast) ?? -1) : -1,
    selected: s.selection.records.map(local).filter((i) => i >= 0),
  });
  return { suffix: `.order-${session.session.replace(/[^\w.-]+/g, '_').slice(0, 40)}`, ...doc };
}
