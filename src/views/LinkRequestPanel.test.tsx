// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bundleExpected, bundleUrlView, type EvidenceBundle } from '../state/bundle';
import { expectedOfView } from '../state/linkLoader';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW, type UrlView } from '../state/url';
import { bundleOf, citedLine, waitForFiles } from './bundleFixture';
import LinkRequestPanel from './LinkRequestPanel';

const bundle = bundleOf([1, 2, 3, 4, 5, 6, 7].map((n) => citedLine(n)), '# Seqscope audit report\n\n    {"kind":"input","id":"m1"}\n');

function waitFor(view: UrlView, from: EvidenceBundle | null) {
  waitForFiles(from ? bundleExpected(from) : expectedOfView(view), view, from);
}

describe('the panel that asks for the files of a link or a bundle', () => {
  afterEach(() => {
    cleanup();
    useStore.getState().setPendingLink(null);
  });

  it('says a bundle quotes log content (its cited lines and its report) but does not hold the files', () => {
    waitFor(bundleUrlView(bundle), bundle);
    const { container } = render(<LinkRequestPanel />);
    const text = container.textContent!;
    expect(text).not.toContain('no log content');
    expect(text).toContain('It names one file by name and SHA-256 but does not hold the file itself.');
    expect(text).toContain('It does hold log content: 7 raw lines that its findings, selection and notes cite, and a Markdown report that quotes the logs');
    const inBundle = screen.getByRole('region', { name: 'In the bundle' }).textContent!;
    expect(inBundle).toContain('7 cited raw lines · 0 notes. The lines and the report quote the logs as they are; the full files are not in the bundle.');
  });

  it('says a link holds none of the lines of the files it names', () => {
    waitFor({ ...EMPTY_URL_VIEW, inputs: [{ name: 'o1.jsonl', hash: 'b7be8a162d15' }] }, null);
    const { container } = render(<LinkRequestPanel />);
    expect(container.textContent).toContain('The link names one file by name and SHA-256 and holds none of its lines');
    expect(screen.queryByRole('region', { name: 'In the bundle' })).toBeNull();
  });

  it('says that pasted text the tab could not keep over a reload must be pasted again', () => {
    waitFor({ ...EMPTY_URL_VIEW, inputs: [{ name: 'o1.jsonl', hash: 'b7be8a162d15' }, { name: 'pasted.jsonl', hash: 'c'.repeat(12) }] }, null);
    const pending = useStore.getState().pendingLink!;
    const lost = { sha256: 'c'.repeat(64), name: 'pasted.jsonl', bytes: 5 * 1024 * 1024, kept: false };
    useStore.getState().setPendingLink({ ...pending, pastedNotKept: [null, lost] });
    render(<LinkRequestPanel />);
    expect(screen.getByRole('note', { name: 'Pasted text to paste again' }).textContent).toBe(
      'pasted.jsonl was text pasted in this tab (5.0 MiB). Pasted text comes back after a reload only up to 4.0 MiB in all, the newest first, and only as far as the browser agrees to keep it; this text was not kept: paste it again (Ctrl+V or ⌘V anywhere on the page, or Paste text) and the view is restored once its hash matches.',
    );
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows[1]).toContain('waiting');
    expect(rows[2]).toContain('paste it again');
  });
});
