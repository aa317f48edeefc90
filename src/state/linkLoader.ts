import type { SourceFile } from '../worker/protocol';
import { browserStorage, mergeAnnotations, type Annotation } from './annotations';
import { whenHashed } from './inputHashes';
import { bundleAnnotations, bundleExpected, bundleUrlView, recogniseBundle, type EvidenceBundle } from './bundle';
import { compareWithFiles, compareWithSample } from './compareLoader';
import type { HashedFile, PendingLink } from './evidenceSlice';
import { describeLinkProblem, hashMatches, matchLinkFiles, type ExpectedInput } from './hashCheck';
import { analyzeAndShow, closeAllInputs, openSample } from './loader';
import { sourceBytes, sourceHead, sourceSha256 } from './sources';
import { pastedNotKept } from './pastedTexts';
import { recentFilesMatching } from './recentFiles';
import { useStore } from './store';
import { EMPTY_URL_VIEW, SHORT_HASH, formatUrlView, type UrlView } from './url';
import { formatCount } from '../core/countText';
import { droppedFromLink } from './urlSyncDropped';

const present = <T>(v: T | null): v is T => v !== null;

export function expectedOfView(view: UrlView): ExpectedInput[] {
  const out: ExpectedInput[] = view.inputs.map((i) => ({ ...i, role: 'input' }));
  if (view.cmp) out.push({ ...view.cmp, role: 'compare' });
  return out;
}

/** A link (or bundle) naming files by hash: the page shows what it needs and waits for them. */
export function startLink(view: UrlView, bundle: EvidenceBundle | null = null): void {
  const expected = bundle ? bundleExpected(bundle) : expectedOfView(view);
  const store = useStore.getState();
  // Files open in this tab, or open in it before (back and forward between views), are offered again at once: their hashes decide.
  const reusable = recentFilesMatching((sha256) => expected.some((e) => hashMatches(e.hash, sha256)));
  if (store.status !== 'idle') closeAllInputs();
  const notKept = expected.map((e) => pastedNotKept(e.hash));
  useStore.getState().setPendingLink({ expected, view, matched: expected.map(() => null), rejected: [], problems: [], bundle, checking: false, pastedNotKept: notKept });
  if (reusable.length > 0) void provideLinkFiles(reusable);
}

export function dismissLink(): void {
  useStore.getState().setPendingLink(null);
}

/** A bundle's notes join the browser's own; where both have a note on one thing, the browser's is kept. */
function mergeNotes(notes: readonly Annotation[]): void {
  const { analysis, annotations } = useStore.getState();
  if (!analysis) return;
  const merged = mergeAnnotations(analysis, browserStorage(), annotations, notes);
  const state = useStore.getState();
  state.setAnnotations(merged.annotations);
  if (merged.refused > 0) {
    const message = `This browser did not let the page keep ${formatCount(merged.refused)} of the bundle's notes in its storage: ${merged.refused === 1 ? 'it is' : 'they are'} shown, but last only as long as this tab.`;
    state.addNotices([{ message, alert: false }]);
  }
}

async function afterOpen(view: UrlView, bundle: EvidenceBundle | null, compareFile: SourceFile | null): Promise<void> {
  if (useStore.getState().status !== 'ready') return;
  if (bundle) mergeNotes(bundleAnnotations(bundle));
  if (compareFile) await compareWithFiles([compareFile]);
  else if (view.compare) await compareWithSample(view.compare);
}

async function openMatched(pending: PendingLink): Promise<void> {
  const inputs = pending.expected.map((e, i) => (e.role === 'input' ? pending.matched[i]!.file : null)).filter(present);
  const compareAt = pending.expected.findIndex((e) => e.role === 'compare');
  useStore.getState().setPendingLink(null);
  await analyzeAndShow(inputs, { kind: 'files' }, pending.view);
  // A bundle's notes are kept by file hash: a large file's must have come first (its hash is known from the match, unless that changed on disk).
  const shown = useStore.getState().analysis;
  if (shown) await whenHashed(shown).catch(() => undefined);
  await afterOpen(pending.view, pending.bundle, compareAt >= 0 ? pending.matched[compareAt]!.file : null);
}

/** Files given while a link waits: matched by hash; when every file the link names is there, its view opens. */
export async function provideLinkFiles(files: readonly SourceFile[]): Promise<void> {
  const first = useStore.getState().pendingLink;
  if (!first) return;
  useStore.getState().setPendingLink({ ...first, checking: true });
  const hashed: HashedFile[] = await Promise.all(files.map(async (file) => ({ file, sha256: await sourceSha256(file) })));
  const pending = useStore.getState().pendingLink;
  if (!pending) return;
  const before = pending.matched.filter(present);
  const given = [...before, ...hashed];
  const filled = pending.matched.map((m) => (m ? before.indexOf(m) : null));
  const { slots, problems } = matchLinkFiles(
    pending.expected,
    given.map((g) => ({ name: g.file.name, sha256: g.sha256 })),
    filled,
  );
  const matched = slots.map((s) => (s === null ? null : given[s]!));
  const rejected = [...pending.rejected.filter((r) => !matched.includes(r)), ...hashed.filter((h) => !matched.includes(h))];
  const next: PendingLink = { ...pending, matched, rejected, problems, checking: false };
  if (matched.every(present)) await openMatched(next);
  else useStore.getState().setPendingLink(next);
}

/** Opens what was given although it does not match: the view is not restored, and the page keeps saying why. */
export async function openAnyway(): Promise<void> {
  const pending = useStore.getState().pendingLink;
  if (!pending) return;
  const files = [...pending.expected.map((e, i) => (e.role === 'input' ? (pending.matched[i] ?? null) : null)).filter(present), ...pending.rejected];
  const warning = [
    ...pending.problems.map(describeLinkProblem),
    ...pending.expected.filter((_, i) => !pending.matched[i]).map((e) => `${e.name} (SHA-256 ${e.hash.slice(0, SHORT_HASH)}…) was not given.`),
  ];
  useStore.getState().setPendingLink(null);
  if (files.length === 0) return;
  await analyzeAndShow(
    files.map((f) => f.file),
    { kind: 'files' },
    { ...EMPTY_URL_VIEW, order: useStore.getState().recordOrder },
  );
  if (useStore.getState().status === 'ready') useStore.getState().setLinkWarning(['These files are not the ones the link names, so its view was not restored.', ...warning]);
}

/**
 * What of a sample's bundle view the sample could not show, said as for a
 * bundle whose files are given (urlSync checks those when they open): the
 * sample may have changed since, or the bundle was made by another version.
 */
function sayDroppedFromBundle(view: UrlView): void {
  const state = useStore.getState();
  if (!state.analysis) return;
  state.addNotices(droppedFromLink(formatUrlView(view), state.analysis, state, 'bundle').map((message) => ({ message, alert: true })));
}

/** Opens an evidence bundle: a sample's is restored at once (and its hash checked); otherwise the bundle asks for its files. */
export async function openBundle(bundle: EvidenceBundle): Promise<void> {
  const view = bundleUrlView(bundle);
  if (bundle.sample === null) {
    startLink(view, bundle);
    return;
  }
  await openSample(bundle.sample, view);
  const analysis = useStore.getState().analysis;
  if (!analysis) return;
  sayDroppedFromBundle(view);
  // A large sample is hashed after its view; unhashed, it is said not to match.
  await whenHashed(analysis).catch(() => undefined);
  const found = analysis.inputs[0]?.sha256 ?? '';
  const expected = bundle.inputs[0]?.sha256 ?? '';
  await afterOpen(view, bundle, null);
  if (found !== expected) {
    useStore.getState().setLinkWarning([
      describeLinkProblem({ kind: 'mismatch', name: bundle.sample, expected: expected.slice(0, SHORT_HASH), found: found.slice(0, SHORT_HASH) }) +
        ' The bundled sample has changed since the bundle was made; the view was restored, but lines and findings may differ.',
    ]);
  }
}

/**
 * The page's load path looks at files before the parsers do: an evidence
 * bundle is page state, not a log, and while a link waits for its files,
 * files given are checked against it. Returns whether it took the files.
 */
export async function interceptFiles(files: readonly SourceFile[]): Promise<boolean> {
  const bundles: EvidenceBundle[] = [];
  const errors: string[] = [];
  const rest: SourceFile[] = [];
  for (const f of files) {
    // The head decides; only a file that starts like a bundle is read whole.
    const r = recogniseBundle(await sourceHead(f, 256)) === null ? null : recogniseBundle(await sourceBytes(f));
    if (r === null) rest.push(f);
    else if ('error' in r) errors.push(`${f.name}: ${r.error}`);
    else bundles.push(r.bundle);
  }
  if (errors.length > 0 || bundles.length > 1) {
    useStore.getState().setError({ file: null, message: errors.length > 0 ? errors.join(' ') : 'Open one evidence bundle at a time.' });
    return true;
  }
  if (bundles.length === 1) {
    await openBundle(bundles[0]!);
    if (rest.length > 0 && useStore.getState().pendingLink) await provideLinkFiles(rest);
    return true;
  }
  if (useStore.getState().pendingLink) {
    await provideLinkFiles(rest);
    return true;
  }
  return false;
}
