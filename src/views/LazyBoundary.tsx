import { Component, type ReactNode } from 'react';

interface Props {
  /** Shown instead of the part that could not load, with what went wrong. */
  readonly fallback: (message: string) => ReactNode;
  readonly children: ReactNode;
}

/**
 * Around a lazily loaded part of the page. Its chunk can fail to load (a tab
 * left open across a new deployment asks for a file that is gone, the
 * network drops); without a boundary React unmounts the whole page and every
 * open input with it. With one, only that part is replaced.
 */
export class LazyBoundary extends Component<Props, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown): { message: string } {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    return this.state.message === null ? this.props.children : this.props.fallback(this.state.message);
  }
}
