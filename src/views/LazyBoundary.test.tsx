// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyBoundary, lazyChunk } from './LazyBoundary';

/** Stands for the page's own handling of what the boundary throws on. */
class Outer extends Component<{ children: ReactNode }, { caught: string | null }> {
  override state = { caught: null as string | null };
  static getDerivedStateFromError(e: unknown) {
    return { caught: e instanceof Error ? e.message : String(e) };
  }
  override render() {
    return this.state.caught === null ? this.props.children : <p role="status">outer caught: {this.state.caught}</p>;
  }
}

function show(part: ReactNode) {
  render(
    <Outer>
      <p>the rest of the page</p>
      <LazyBoundary fallback={(m) => <p role="alert">could not load ({m})</p>}>
        <Suspense fallback={<p>loading</p>}>{part}</Suspense>
      </LazyBoundary>
    </Outer>,
  );
}

describe('a lazily loaded part', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('whose code cannot be fetched is replaced by its fallback, and the rest of the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Gone = lazyChunk(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    show(<Gone />);
    expect((await screen.findByRole('alert')).textContent).toBe('could not load (Failed to fetch dynamically imported module)');
    expect(screen.getByText('the rest of the page')).toBeTruthy();
  });

  it('that loads and then fails is a bug, thrown on, not passed off as a failed load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = lazyChunk(async () => ({
      default: function Broken(): ReactNode {
        throw new TypeError("Cannot read properties of undefined (reading 'x')");
      },
    }));
    show(<Broken />);
    expect((await screen.findByRole('status')).textContent).toBe("outer caught: Cannot read properties of undefined (reading 'x')");
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
