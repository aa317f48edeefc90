// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyBoundary } from './LazyBoundary';

describe('a lazily loaded part that fails to load', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('is replaced by its fallback, and the rest of the page stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Gone = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <main>
        <p>the rest of the page</p>
        <LazyBoundary fallback={(m) => <p role="alert">could not load ({m})</p>}>
          <Suspense fallback={<p>loading</p>}>
            <Gone />
          </Suspense>
        </LazyBoundary>
      </main>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('could not load (Failed to fetch dynamically imported module)');
    expect(screen.getByText('the rest of the page')).toBeTruthy();
  });
});
