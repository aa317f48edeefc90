import { orderSvgSteps, type OrderSvg } from '../viz/orderSvgExport';
import { cutoffRank } from '../viz/orderModel';
import { orderModelOf } from '../viz/sessionModel';
import { placeBoundaries } from '../viz/orderBoundaries';
import type { BundleView } from './bundle';
import { bundleInputOf } from './bundleBuild';
import { ExportClient } from './exportClient';
import { readyComparison } from './evidenceSlice';
import type { BundleExtras, ExportKind, ExportSettings } from './exportProtocol';
import { divergenceRecords, divergenceTexts, renderComparisonReport } from '../core/comparisonReport';
import { readRawLines } from './rawLines';
import { leaksAt } from '../core/leakIndex';
import { cutoffViewOf, leakIndexOf, sessionOf } from './selectors';
import { useStore } from './store';
import { inSlices } from './inSlices';
import { whenHashed } from './inputHashes';
import { comparedRunOf } from '../core/compare';

export interface ExportFile {
  readonly suffix: string;
  readonly content: Blob;
}

let client: ExportClient | null = null;
const exportClient = () => (client ??= new ExportClient());

/** Starts the export worker ahead of an export (the menu opened): a small export then waits for nothing but itself. */
export function warmExports(): void {
  exportClient().warm();
}

/** What every export is made with: the current cutoff and (when asked) session, the time now and the notes. */
function settings(onlySession: boolean): ExportSettings {
  const s = useStore.getState();
  return { cutoff: s.cutoff, session: onlySession ? s.session : null, generatedAt: new Date().toISOString(), annotations: s.annotations };
}

/**
 * Sends the open files to the export worker and saves what it makes. The
 * page's thread only gathers the request and wraps the answer's bytes: the
 * re-analysis at the cutoff, the report and the JSON are made in the worker.
 */
async function made(kind: ExportKind, onlySession: boolean, bundle: BundleExtras | null, progress: (message: string) => void): Promise<Blob | null> {
  const { analysis, analysisSources: files } = useStore.getState();
  if (!analysis) return null;
  if (files.length !== analysis.inputs.length) throw new Error('the open files are changing; export again when the load has finished');
  await whenHashed(analysis);
  const expected = analysis.inputs.map((i) => ({ name: i.name, sha256: i.sha256, records: i.records.length }));
  const bytes = await exportClient().make({ kind, files, expected, settings: settings(onlySession), bundle }, progress);
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: TYPE[kind] });
}

const TYPE: Record<ExportKind, string> = { findings: 'application/json', report: 'text/markdown;charset=utf-8', bundle: 'application/json' };

const file = (suffix: string, content: Blob | null): ExportFile | null => (content ? { suffix, content } : null);

export async function exportFindings(onlySession: boolean, progress: (message: string) => void): Promise<ExportFile | null> {
  return file('.findings.json', await made('findings', onlySession, null, progress));
}

export async function exportReport(onlySession: boolean, progress: (message: string) => void): Promise<ExportFile | null> {
  return file('.report.md', await made('report', onlySession, null, progress));
}

export async function exportBundle(onlySession: boolean, progress: (message: string) => void): Promise<ExportFile | null> {
  // The hashes first, then the view: what the bundle says of the view is what it was when they came.
  const shown = useStore.getState();
  if (!shown.analysis) return null;
  await whenHashed(shown.analysis);
  if (shown.comparison?.other) await whenHashed(shown.comparison.other);
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
  const extras: BundleExtras = {
    sample: s.origin?.kind === 'sample' ? s.origin.file : null,
    comparison: c?.other ? { sample: c.sample, inputs: c.other.inputs.map(bundleInputOf) } : null,
    view,
  };
  return file('.evidence.json', await made('bundle', onlySession, extras, progress));
}

/**
 * The comparison on screen as Markdown, what `seqscope compare BASE OTHER
 * --report` writes for the same two files. It is made here, not in the export
 * worker: the comparison is already made, and the report lists at most 50
 * entries of each list. Null when no comparison of the open inputs is ready.
 */
export async function exportComparisonReport(): Promise<ExportFile | null> {
  const s = useStore.getState();
  const c = readyComparison(s);
  if (!c) return null;
  const base = s.analysis;
  // Compared before the files were hashed, the result named them without their hashes.
  let result = c.result;
  if (base && c.other) {
    await Promise.all([whenHashed(base), whenHashed(c.other)]);
    result = { ...result, base: comparedRunOf(base), other: comparedRunOf(c.other) };
  }
  // The two records where the runs part are quoted; a streamed input's lines are read back first.
  const { base: b, other: o } = divergenceRecords(result, base, c.other);
  await readRawLines([b, o].filter((r) => r !== null));
  const text = renderComparisonReport(result, { generatedAt: new Date().toISOString(), divergenceTexts: divergenceTexts(c.result, base, c.other) });
  return { suffix: '.comparison.md', content: new Blob([text], { type: TYPE.report }) };
}

/** How long a piece of the order view's SVG may hold the page before it lets input and paint in. */
const SVG_TASK_MS = 20;

/**
 * The shown session's order view as a standalone SVG document, with the
 * cutoff, its leaks and the selection; the page names its file after the
 * session. A binned figure of a million records is tens of milliseconds of
 * work, more before the code is warm: it is made in short tasks, so the page
 * does not freeze meanwhile.
 */
export async function exportOrderSvg(): Promise<({ session: string } & OrderSvg) | null> {
  const s = useStore.getState();
  const session = sessionOf(s.analysis, s.session);
  if (!s.analysis || !session) return null;
  // The figure names each file by its hash.
  await whenHashed(s.analysis);
  const model = orderModelOf(session);
  const cut = s.cutoff === null ? null : cutoffViewOf(session, s.cutoff);
  const local = (g: number) => model.indexOf.get(s.analysis!.records[g]!) ?? -1;
  const doc = (await inSlices(
    orderSvgSteps({
      model,
      session: session.session,
      inputs: s.analysis.inputs,
      n: s.cutoff,
      cutRank: cutoffRank(model, s.cutoff),
      // Every leak, not only the listed ones: the drawing keeps each leak bright where it is stored.
      leaks: new Set(s.cutoff === null ? [] : leaksAt(leakIndexOf(session), s.cutoff).map((r) => model.indexOf.get(r) ?? -1).filter((i) => i >= 0)),
      prefixLast: cut?.prefixLast ? (model.indexOf.get(cut.prefixLast) ?? -1) : -1,
      selected: s.selection.records.map(local).filter((i) => i >= 0),
      boundaries: placeBoundaries(model.records, s.analysis.inputs, session.session),
    }),
    () => true,
    { sliceMs: SVG_TASK_MS },
  ))!;
  return { session: session.session, ...doc };
}
