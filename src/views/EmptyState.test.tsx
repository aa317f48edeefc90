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

  it('names every format it reads, so a user with a tool’s own log knows to open it as it is', () => {
    const { container } = render(<EmptyState />);
    const intro = container.querySelector('.empty-intro')!.textContent!;
    for (const name of ['native JSON Lines', 'Codex CLI rollouts', 'Inspect AI logs', '.eval', 'promptfoo results', 'OpenAI Agents SDK', 'gzipped']) {
      expect(intro).toContain(name);
    }
  });
});
