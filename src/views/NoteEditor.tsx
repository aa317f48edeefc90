import { useEffect, useId, useRef, useState } from 'react';
import { browserStorage, keepAnnotation, noteOf, type NoteTarget } from '../state/annotations';
import { useStore } from '../state/store';
import { Marked } from './Marked';

/**
 * A reviewer's note on a record or a finding, kept in this browser per input
 * hash and carried into the report and the evidence bundle. It is about the
 * record; it never changes it.
 */
export function NoteEditor({ target, what }: { target: NoteTarget | null; what: string }) {
  const note = noteOf(useStore((s) => s.annotations), target);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [notKept, setNotKept] = useState(false);
  const id = useId();
  const opener = useRef<HTMLButtonElement>(null);
  // Closed by the reviewer (save, cancel, delete, Escape), focus goes back to the button that opened the editor, not to the page's body.
  const refocus = useRef(false);
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    opener.current?.focus();
  }, [editing]);
  useEffect(() => {
    setEditing(false);
    setNotKept(false);
  }, [target?.kind === 'record' ? `${target.input}:${target.line}` : target?.key]);
  if (!target) return null;
  const save = (value: string) => {
    const { analysis, annotations, setAnnotations } = useStore.getState();
    if (!analysis) return;
    const saved = keepAnnotation(analysis, browserStorage(), annotations, target, value);
    setAnnotations(saved.annotations);
    setNotKept(value.trim() !== '' && !saved.stored);
    close();
  };
  const close = () => {
    refocus.current = true;
    setEditing(false);
  };
  if (editing) {
    return (
      <form
        className="note-editor"
        onSubmit={(e) => {
          e.preventDefault();
          save(text);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.stopPropagation();
          close();
        }}
      >
        <label htmlFor={id}>Note on this {what}</label>
        <textarea id={id} rows={3} value={text} autoFocus onChange={(e) => setText(e.currentTarget.value)} />
        <div className="note-actions">
          <button type="submit" className="primary small">
            Save note
          </button>
          <button type="button" className="small" onClick={close}>
            Cancel
          </button>
          {note !== null && (
            <button type="button" className="small" onClick={() => save('')}>
              Delete note
            </button>
          )}
        </div>
      </form>
    );
  }
  return (
    <div className="note">
      {note !== null && (
        <p className="note-text" aria-label={`Note on this ${what}`}>
          <Marked text={note} layout />
        </p>
      )}
      {note !== null && notKept && (
        <p className="status-error" role="alert">
          This browser did not keep the note (its storage is off or full): it lasts until this tab is closed, and is in the report and bundle exported meanwhile.
        </p>
      )}
      <button
        ref={opener}
        type="button"
        className="small"
        onClick={() => {
          setText(note ?? '');
          setEditing(true);
        }}
      >
        {note === null ? `Add a note on this ${what}` : 'Edit note'}
      </button>
    </div>
  );
}
