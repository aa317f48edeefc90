import { useId } from 'react';
import { compareWithFiles, compareWithSample } from '../state/compareLoader';
import { useStore } from '../state/store';
import { linkAwaitsHashes, linkedInputs, linkToView } from '../state/urlSync';
import { isBeingHashed } from '../state/inputHashes';
import type { OrderMode } from '../state/url';
import { CopyButton } from './CopyButton';
import { ExportMenu } from './ExportMenu';
import { FileButton } from './FileButton';
import { SamplePicker } from './SampleMenu';

/** Keyboard focus to Compare with…, where it goes when Stop comparing takes its button away with the panel. */
export function focusCompareWith(): void {
  document.querySelector<HTMLElement>('.compare-control .file-input')?.focus();
}

const ORDER_TEXT: Record<OrderMode, string> = {
  derived: 'Derived views: records placed by acceptance order, evals deduplicated by identity, references resolved.',
  raw: 'Raw file order: every record in storage order (its place in its file; a Codex rollout\'s ordinal where it has one), nothing merged or resolved.',
};

/** What a reviewer does with the view: switch derived and raw order, compare with another run, export, share the link. */
export function EvidenceBar() {
  const order = useStore((s) => s.recordOrder);
  const setOrder = useStore((s) => s.setRecordOrder);
  const name = useId();
  return (
    <section className="panel evidence-bar" aria-label="Evidence">
      <fieldset className="order-switch">
        <legend className="visually-hidden">Record order</legend>
        {(['derived', 'raw'] as const).map((mode) => (
          <label key={mode} className={order === mode ? 'current' : undefined}>
            <input type="radio" name={name} value={mode} checked={order === mode} onChange={() => setOrder(mode)} />
            {mode === 'derived' ? 'Derived views' : 'Raw file order'}
          </label>
        ))}
      </fieldset>
      <p className="order-caption" aria-live="polite">
        <strong>Showing:</strong> {ORDER_TEXT[order]}
      </p>
      <div className="evidence-actions">
        <CompareControl />
        <CopyLink />
        <ExportMenu />
      </div>
    </section>
  );
}

function CompareControl() {
  const samples = useStore((s) => s.samples);
  const comparing = useStore((s) => s.comparison !== null);
  const pairs = (samples ?? []).filter((s) => s.family === 'compare');
  return (
    <span className="compare-control">
      <FileButton
        label={comparing ? 'Compare with another…' : 'Compare with…'}
        title="Read a second log or eval file and compare the open inputs with it"
        onFiles={compareWithFiles}
      />
      {pairs.length > 0 && (
        <SamplePicker
          label="or a sample ▾"
          name="Compare with a sample"
          samples={pairs}
          onPick={(file) => void compareWithSample(file)}
          className="menu"
          popoverClassName="sample-popover menu-popover"
        />
      )}
    </span>
  );
}

function CopyLink() {
  const byHand = useStore((s) => s.origin?.kind === 'files');
  // The selectors run again on every change of the store, the one that says the files' hashing has ended too.
  const waiting = useStore(linkAwaitsHashes);
  const hashing = useStore((s) => linkedInputs(s).some(isBeingHashed));
  const label = !waiting ? 'Copy link' : hashing ? 'Copy link (hashing files…)' : 'Copy link (a file could not be hashed)';
  return (
    <CopyButton
      text={() => linkToView(useStore.getState(), location)}
      label={label}
      copied="Link copied"
      failed="Could not copy: the address bar holds the link"
      disabled={waiting}
      title={byHand ? 'The link names the files by name and SHA-256; whoever opens it is asked for the same files' : 'Copy a link to this view'}
    />
  );
}
