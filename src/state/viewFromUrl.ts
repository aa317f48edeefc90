import type { Analysis } from '../core/analyze';
import type { ComparisonState } from './evidenceSlice';
import type { Origin } from './inputsSlice';
import { clampCutoff, sessionOf } from './selectors';
import { SHORT_HASH, type OrderMode, type UrlView } from './url';
import { NO_SELECTION, type Selection } from './viewSlice';

export interface RestoredView {
  readonly session: string | null;
  readonly cutoff: number | null;
  readonly selection: Selection;
  readonly codeFilter: string | null;
  readonly recordOrder: OrderMode;
}

function recordAt(analysis: Analysis, file: number, line: number): number | null {
  const i = analysis.records.findIndex((r) => r.fileIndex === file && r.line === line);
  return i < 0 ? null : i;
}

/**
 * The view to show for a fresh analysis: what the URL names when it exists
 * in these inputs, else the session of the most severe finding (so a sample
 * opens where its story is), the sample's suggested cutoff, or the end.
 */
export function initialView(analysis: Analysis, url: UrlView, sampleCutoff: number | null): RestoredView {
  const finding = url.finding !== null ? analysis.findings[url.finding] : undefined;
  let selection: Selection = NO_SELECTION;
  if (finding) {
    const records = finding.recordIndex.filter((i) => i >= 0);
    selection = { records, focus: records[0] ?? null, finding: url.finding };
  }
  const focus = url.sel ? recordAt(analysis, url.sel.file, url.sel.line) : null;
  if (focus !== null) selection = selection.records.includes(focus) ? { ...selection, focus } : { records: [focus], focus, finding: null };

  const focusSession = selection.focus !== null ? analysis.records[selection.focus]!.session : null;
  const firstFindingSession = analysis.findings.find((f) => f.session !== null)?.session ?? null;
  const candidates = [url.session, focusSession, firstFindingSession, analysis.sessions[0]?.session ?? null];
  const session = candidates.map((c) => sessionOf(analysis, c)).find((s) => s !== null) ?? null;
  // A code filter no finding has would hide everything; it is dropped rather than shown as an empty list.
  const codeFilter = url.code !== null && analysis.findings.some((f) => f.code === url.code) ? url.code : null;
  return { session: session?.session ?? null, cutoff: clampCutoff(session, url.cutoff ?? sampleCutoff), selection, codeFilter, recordOrder: url.order };
}

export interface ViewState {
  readonly origin: Origin | null;
  readonly analysis: Analysis | null;
  readonly session: string | null;
  readonly cutoff: number | null;
  readonly selection: Selection;
  readonly codeFilter: string | null;
  readonly recordOrder: OrderMode;
  readonly comparison: ComparisonState | null;
}

/** The URL of a view: a sample by name, files opened by hand by name and short hash (never their content). */
export function urlViewOf(state: ViewState): UrlView {
  const { analysis, selection, comparison } = state;
  const focus = analysis && selection.focus !== null ? analysis.records[selection.focus] : undefined;
  const byHand = state.origin?.kind === 'files' && analysis !== null;
  const cmpInput = comparison && comparison.sample === null ? comparison.other?.inputs[0] : undefined;
  return {
    sample: state.origin?.kind === 'sample' ? state.origin.file : null,
    inputs: byHand ? analysis.inputs.map((i) => ({ name: i.name, hash: i.sha256.slice(0, SHORT_HASH) })) : [],
    session: state.session,
    cutoff: state.cutoff,
    sel: focus ? { file: focus.fileIndex, line: focus.line } : null,
    finding: selection.finding,
    code: state.codeFilter,
    order: state.recordOrder,
    compare: comparison?.sample ?? null,
    cmp: cmpInput ? { name: cmpInput.name, hash: cmpInput.sha256.slice(0, SHORT_HASH) } : comparison?.status === 'waiting' ? comparison.expected : null,
  };
}
