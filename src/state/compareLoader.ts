import type { Analysis } from '../core/analyze';
import { AnalysisClient, AnalysisError } from '../worker/client';
import type { SourceFile } from '../worker/protocol';
import type { ComparisonState } from './evidenceSlice';
import { describeLinkProblem, hashMatches } from './hashCheck';
import { samplesUrl } from './samples';
import { sourceFromBytes, sourceSha256 } from './sources';
import { useStore } from './store';
import { SHORT_HASH, type LinkedInput } from './url';

// A worker of its own, so reading the comparison never supersedes (or waits for) the open inputs.
let client: AnalysisClient | null = null;

const set = (patch: Partial<ComparisonState>) => {
  const c = useStore.getState().comparison;
  if (c) useStore.getState().setComparison({ ...c, ...patch });
};

/** Compares the open analysis (base) with another; the engine's comparison is loaded on first use. */
async function compareNow(base: Analysis, other: Analysis): Promise<void> {
  const { compareAnalyses } = await import('../core/compare');
  const c = useStore.getState().comparison;
  if (!c || c.other !== other || useStore.getState().analysis !== base) return;
  set({ status: 'ready', base, result: compareAnalyses(base, other), message: null });
}

async function load(sources: readonly SourceFile[], sample: string | null): Promise<void> {
  const label = sources.map((s) => s.name).join(', ');
  useStore.getState().setComparison({ status: 'loading', expected: null, label, sample, sources, other: null, base: null, result: null, message: 'Reading' });
  try {
    client ??= new AnalysisClient();
    const { analysis: other } = await client.analyze(sources, (message) => set({ message }));
    if (!other) return;
    if (useStore.getState().comparison?.sources !== sources) return;
    set({ other });
    const base = useStore.getState().analysis;
    if (base) await compareNow(base, other);
  } catch (e) {
    if (e instanceof AnalysisError && e.kind === 'superseded') return;
    set({ status: 'error', message: `${e instanceof AnalysisError && e.file ? `${e.file}: ` : ''}${e instanceof Error ? e.message : String(e)}` });
  }
}

/** A link names the other run's file by hash: the page asks for it and compares only with that very file. */
export function awaitComparisonFile(expected: LinkedInput): void {
  useStore.getState().setComparison({ status: 'waiting', expected, label: expected.name, sample: null, sources: [], other: null, base: null, result: null, message: null });
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
  try {
    const res = await fetch(samplesUrl(file));
    if (!res.ok) throw new Error(`sample ${file} could not be fetched (HTTP ${res.status})`);
    await load([sourceFromBytes(file, new Uint8Array(await res.arrayBuffer()))], file);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    useStore.getState().setComparison({ status: 'error', expected: null, label: file, sample: file, sources: [], other: null, base: null, result: null, message });
  }
}

export function clearComparison(): void {
  useStore.getState().setComparison(null);
}

/** The open inputs changed: compare the new ones with the same other run. */
export function recompare(): void {
  const { comparison, analysis } = useStore.getState();
  if (!comparison?.other || !analysis || comparison.base === analysis) return;
  set({ status: 'loading', message: 'Comparing' });
  void compareNow(analysis, comparison.other);
}
