import { useId, useState } from 'react';
import { closeAllAndForgetPasted } from '../state/loader';
import { useStore } from '../state/store';
import { openPicked } from './files';
import { PasteDialog } from './PasteDialog';
import { SampleMenu } from './SampleMenu';

/** Keyboard focus to Open files, where it goes when closing takes away the control that held it (else it falls to the page's body). */
export function focusOpenFiles(): void {
  document.querySelector<HTMLElement>('.load-controls .file-input')?.focus();
}

export function LoadControls() {
  const inputId = useId();
  const [pasting, setPasting] = useState(false);
  const hasInputs = useStore((s) => s.sources.length > 0);
  return (
    <div className="load-controls">
      <input
        id={inputId}
        type="file"
        multiple
        className="file-input"
        onChange={(e) => {
          const files = e.currentTarget.files;
          if (files && files.length > 0) void openPicked(files);
          e.currentTarget.value = '';
        }}
      />
      <label htmlFor={inputId} className="file-label">
        Open files
      </label>
      <button type="button" onClick={() => setPasting(true)}>
        Paste text
      </button>
      <SampleMenu />
      {hasInputs && (
        <button
          type="button"
          onClick={() => {
            // The button goes with the inputs.
            closeAllAndForgetPasted();
            focusOpenFiles();
          }}
          title="Close every input and return to the start"
        >
          Close all
        </button>
      )}
      {pasting && <PasteDialog onClose={() => setPasting(false)} />}
    </div>
  );
}
