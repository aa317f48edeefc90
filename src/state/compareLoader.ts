import type { Analysis } from '../core/analyze';
import { AnalysisClient, AnalysisError } from '../worker/client';
import type { SourceFile } from '../worker/protocol';
import type { ComparisonState } from './evidenceSlice';
import { describeLinkProblem, hashMatches } from './hashCheck';
import { inSlices } from './inSlices';
import { hashInputsAfterView } from './inputHashes';
import { fetchSample } from './sampleFetch';
import { sourceFromBytes, sourceSha256 } from './sources';
import { useStore } from './store';
import { SHORT_HASH, type LinkedInput } from './url';

// A worker of its own, so reading the comparison never supersedes (or waits for) the open inputs.
let client: AnalysisClient | null = null;

const set = (patch: Partial<ComparisonState>) => {
  const c = useStore.getState().comparison;
  if (c) useStore.getState().setComparison({ ...c, ...patch });
};

// The comparison being made: a newer one (another run, other inputs, a clear) leaves it unfinished.
let comparing: object | null = null;

/**
 * Compares the open analysis (base) with another, in slices: half a million
 * records took the page 1.7-3.3 s in one task. The engine's comparison is
 * loaded on first use.
 */
async function compareNow(base: Analysis, other: Analysis): Promise<void> {
  const token = {};
  comparing = token;
  const { compareAnalysesInSteps } = await import('../core/compare');
  const wanted = () => {
    const c = useStore.getState().comparison;
    return comparing === token && c?.other === other && useStore.getState().analysis === base;
  };
  if (!wanted()) return;
  const result = await inSlices(compareAnalysesInSteps(base, other), wanted);
  if (result && wanted()) set({ status: 'ready', base, result, message: null });
}

/** Whether `sources` are still the run being read (not cancelled, nor replaced by another). */
const reading = (sources: readonly SourceFile[]) => useStore.getState().comparisonLoad?.sources === sources;

const comparisonOf = (c: Pick<ComparisonState, 'status' | 'label'> & Partial<ComparisonState>): ComparisonState => ({
  expected: null,
  sample: null,
  other: null,
  base: null,
  result: null,
  message: null,
  ...c,
});

/** Reads the other run; the comparison on screen, if any, stays until the new one replaces it. */
async function load(sources: readonly SourceFile[], sample: string | null): Promise<void> {
  const label = sources.map((s) => s.name).join(', ');
  useStore.getState().setComparisonLoad({ label, sources, message: 'Reading', progress: null });
  try {
    client ??= new AnalysisClient();
    const { analysis: other, unreadable, already } = await client.analyze(sources, (message, progress) => {
      if (reading(sources)) useStore.getState().setComparisonLoad({ label, sources, message, progress });
    });
    if (!reading(sources)) return;
    if (!other) return void useStore.setState({ comparisonLoad: null });
    const left = new Set([...unreadable, ...already].map((f) => f.index));
    void hashInputsAfterView(other, sources.filter((_, i) => !left.has(i)), () => useStore.getState().inputsHashed());
    useStore.setState({ comparisonLoad: null, comparison: comparisonOf({ status: 'loading', label, sample, other, message: 'Comparing' }) });
    const base = useStore.getState().analysis;
    if (base) await compareNow(base, other);
  } catch (e) {
    if ((e instanceof AnalysisError && (e.kind === 'superseded' || e.kind === 'cancelled')) || !reading(sources)) return;
    const message = `${e instanceof AnalysisError && e.file ? `${e.file}: ` : ''}${e instanceof Error ? e.message : String(e)}`;
    useStore.setState({ comparisonLoad: null, comparison: comparisonOf({ status: 'error', label, sample, message }) });
  }
}

/** Stops reading the other run, its worker with it; the page stays as it was before the read began, and says so. */
export function cancelComparison(): void {
  const load = useStore.getState().comparisonLoad;
  if (!load) return;
  client?.cancel();
  const { setComparisonLoad, addNotices } = useStore.getState();
  setComparisonLoad(null);
  addNotices([{ message: `Reading ${load.label} to compare with was cancelled. The view is as it was before.`, alert: false }]);
}

/** A link names the other run's file by hash: the page asks for it and compares only with that very file. */
export function awaitComparisonFile(expected: LinkedInput): void {
  useStore.getState().setComparison(comparisonOf({ status: 'waiting', expected, label: expected.name }));
}

/** Reads one log (or eval file) as the run to compare the open inputs with; a file a link asks for must have its hash. */
export async function compareWithFiles(files: readonly SourceFile[]): Promise<void> {
  const file = files[0];
  if (!file) return;
  const waiting = useStore.getState().comparison;
  if (waiting?.status === 'waiting' && waiting.expected) {
    const sha256 = await sourceSha256(file);
    if (!hashMatches(waiting.expected.hash, sha256)) {
      const problem = { kind: 'mismatch', name: file.name, expected: waiting.expected.hash.slice(0, SHORT_HASH), found: sha256.slice(0, SHORT_HASH) } as const;
      set({ message: describeLinkProblem(problem) });
      return;
    }
  }
  await load([file], null);
}

export async function compareWithSample(file: string): Promise<void> {
  const fetched = await fetchSample(file);
  if (fetched.kind === 'bytes') {
    await load([sourceFromBytes(file, fetched.bytes)], file);
    return;
  }
  const message = fetched.kind === 'unknown' ? fetched.sentence : `sample ${file} could not be fetched (${fetched.why})`;
  useStore.getState().setComparison(comparisonOf({ status: 'error', label: file, sample: file, message }));
}

/** Stops comparing, and stops reading a run to compare with if one is being read. */
export function clearComparison(): void {
  if (useStore.getState().comparisonLoad) client?.cancel();
  useStore.setState({ comparison: null, comparisonLoad: null });
}

/** The open inputs changed: compare the new ones with the same other run. */
export function recompare(): void {
  const { comparison, analysis } = useStore.getState();
  if (!comparison?.other || !analysis || comparison.base === analysis) return;
  set({ status: 'loading', message: 'Comparing' });
  void compareNow(analysis, comparison.other);
}
