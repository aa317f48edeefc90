import { useSyncExternalStore, type ComponentType } from 'react';

/**
 * The analysed inputs' views load as a chunk of their own, so the first page
 * (the empty state, the file picker, the samples) stays small: issue 5 holds
 * the first load to 150 KiB of gzipped JavaScript. The chunk is fetched as
 * soon as the page is idle, and at once when a load starts, so by the time
 * an analysis arrives it is there. Not React.lazy: a lazy component suspends
 * on its first render even when its code is loaded already, and the page's
 * `load-to-view` measure would end on the placeholder instead of the views.
 */
export type WorkspaceChunk =
  | { readonly state: 'loading' }
  | { readonly state: 'loaded'; readonly Workspace: ComponentType }
  | { readonly state: 'failed'; readonly message: string };

let chunk: WorkspaceChunk = { state: 'loading' };
let started: Promise<void> | null = null;
const listeners = new Set<() => void>();

function settle(next: WorkspaceChunk): void {
  chunk = next;
  for (const listener of listeners) listener();
}

/**
 * Starts fetching the views' code; while that fetch is under way or has
 * succeeded, later calls do nothing. After a failed fetch (a brief network
 * drop) the next call tries again, so a new load recovers without a reload;
 * it shows the views as loading meanwhile, and the failure again if it fails.
 */
export function loadWorkspace(): Promise<void> {
  if (started && chunk.state === 'failed') {
    started = null;
    settle({ state: 'loading' });
  }
  started ??= import('./Workspace').then(
    (m) => settle({ state: 'loaded', Workspace: m.Workspace }),
    (e: unknown) => settle({ state: 'failed', message: e instanceof Error ? e.message : String(e) }),
  );
  return started;
}

export function loadWorkspaceWhenIdle(): void {
  const load = () => void loadWorkspace();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1000 });
  else setTimeout(load, 200);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWorkspaceChunk(): WorkspaceChunk {
  return useSyncExternalStore(subscribe, () => chunk);
}
