import { useEffect, useId, useRef, useState } from 'react';
import { openText } from '../state/loader';

/** A modal text box for log lines copied from a terminal or a ticket; they load as a file named pasted.jsonl. */
export function PasteDialog({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const id = useId();
  // Only blank text is refused, and it says why where the disabled button is: an empty box needs no word.
  const onlyWhitespace = text.length > 0 && !text.trim();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog ref={ref} className="paste-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void openText(text, 'pasted.jsonl');
          ref.current?.close();
        }}
      >
        <h2 id={`${id}-title`}>Paste log text</h2>
        <p className="muted">
          Log text as your tool wrote it: native JSON Lines or a JSON array, a Codex rollout, an Inspect AI or promptfoo JSON log, an Agents SDK run
          state. Its format is read from the text, and it is read in this page only.
        </p>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          Log text
        </label>
        <textarea id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} rows={14} spellCheck={false} autoFocus />
        <div className="dialog-actions">
          {/* Always there, empty until needed: a live region inserted with its text is often not read out. */}
          <span id={`${id}-why`} className="paste-why muted" role="status">
            {onlyWhitespace ? 'Nothing to open: the text is only whitespace.' : ''}
          </span>
          <button type="button" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!text.trim()} aria-describedby={`${id}-why`}>
            Open text
          </button>
        </div>
      </form>
    </dialog>
  );
}
