// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initialView } from '../state/viewFromUrl';
import { analysisOf, O1 } from '../state/testAnalysis';
import { useStore } from '../state/store';
import { EMPTY_URL_VIEW } from '../state/url';
import { ExportMenu } from './ExportMenu';

describe('export menu words', () => {
  beforeEach(async () => {
    const analysis = await analysisOf({ name: 'o1.jsonl', lines: O1 });
    useStore.getState().setAnalysis(analysis, initialView(analysis, EMPTY_URL_VIEW, null));
  });
  afterEach(cleanup);

  it('names the cutoff and the session for the findings, audit report and bundle only, never all of the items', () => {
    expect(useStore.getState().session).toBe('o1');
    expect(useStore.getState().cutoff).not.toBeNull();
    const n = useStore.getState().cutoff!;
    render(<ExportMenu />);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    const menu = screen.getByRole('group', { name: 'Export' });
    const note = menu.querySelector('.menu-note')!.textContent;
    expect(note).toBe(`Made in this tab from the open inputs; nothing is uploaded. Findings, audit report and bundle at cutoff N = ${n} (every session, as seqscope check --cutoff ${n}).`);
    // Notes are said where an item holds them (its hint), not of every item: the findings and the comparison report have none.
    expect(note).not.toContain('notes');
    expect(screen.getByRole('checkbox').closest('label')!.textContent!.trim()).toBe('Only session o1 in the findings, audit report and bundle');
  });

  it('says nothing of a cutoff when there is none', () => {
    useStore.setState({ cutoff: null });
    render(<ExportMenu />);
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    expect(screen.getByRole('group', { name: 'Export' }).querySelector('.menu-note')!.textContent).toBe('Made in this tab from the open inputs; nothing is uploaded.');
  });

  it('closes when focus moves on past it, and stays open while focus moves within it or to nowhere', () => {
    render(
      <>
        <ExportMenu />
        <button type="button">after</button>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    const menu = screen.getByRole('group', { name: 'Export' });
    const inside = menu.querySelector('button')!;
    fireEvent.blur(screen.getByRole('button', { name: /Export/ }), { relatedTarget: inside });
    fireEvent.blur(inside, { relatedTarget: null });
    expect(screen.queryByRole('group', { name: 'Export' })).not.toBeNull();
    fireEvent.blur(inside, { relatedTarget: screen.getByRole('button', { name: 'after' }) });
    expect(screen.queryByRole('group', { name: 'Export' })).toBeNull();
  });
});
