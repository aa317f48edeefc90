import { Component, lazy, type ReactNode } from 'react';

/** A lazily loaded part of the page whose code could not be fetched; any other error is a bug and is not this. */
class ChunkLoadError extends Error {}

/** `lazy()` whose failure to fetch its code is a ChunkLoadError, for a LazyBoundary to catch. */
export const lazyChunk: typeof lazy = (load) =>
  lazy(() =>
    load().catch((e: unknown) => {
      throw new ChunkLoadError(e instanceof Error ? e.message : String(e));
    }),
  );

interface Props {
  /** Shown instead of the part that could not load, with what went wrong. */
  readonly fallback: (message: string) => ReactNode;
  readonly children: ReactNode;
}

/**
 * Around a part loaded with lazyChunk. Its code can fail to load (a tab left
 * open across a new deployment asks for a file that is gone, the network
 * drops); without a boundary React unmounts the whole page and every open
 * input with it. With one, only that part is replaced. Any other error is
 * thrown on, not passed off as a failed load.
 */
export class LazyBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (error instanceof ChunkLoadError) return this.props.fallback(error.message);
    throw error;
  }
}
