// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from '../state/store';
import { EmptyState } from './EmptyState';

describe('the empty state', () => {
  afterEach(cleanup);

  it('lists the samples, and while a file is read still lists them, saying that choosing one stops the read', () => {
    useStore.getState().setSamples([{ file: 'o1.jsonl', title: 'O1', description: 'Two inputs stored out of order.', family: 'native' }]);
    const { rerender } = render(<EmptyState />);
    expect(screen.getByText('O1')).toBeTruthy();
    useStore.getState().startLoading([], { kind: 'files' });
    rerender(<EmptyState />);
    expect(screen.getByText('O1')).toBeTruthy();
    expect(screen.getByText('Choosing a sample replaces the file being read.')).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });
});
