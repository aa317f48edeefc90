import { findingTarget, noteOf } from '../state/annotations';
import { useStore } from '../state/store';
import { NoteEditor } from './NoteEditor';
import { Marked } from './Marked';

/** Under a finding in the list: its reviewer's note, when it has one. */
export function FindingNote({ index }: { index: number }) {
  const analysis = useStore((s) => s.analysis);
  const annotations = useStore((s) => s.annotations);
  // Most findings have no note: the finding's key is only made when there are notes to look in.
  const note = annotations.length > 0 && analysis ? noteOf(annotations, findingTarget(analysis, index)) : null;
  if (note === null) return null;
  return (
    <p className="finding-note note-text" aria-label="Note on this finding">
      <Marked text={note} layout />
    </p>
  );
}

/** In the detail view while a finding is chosen: a note on the finding itself (not on one of its records). */
export function ChosenFindingNote() {
  const analysis = useStore((s) => s.analysis);
  const index = useStore((s) => s.selection.finding);
  // A finding on a large file takes notes once the file is hashed (see findingKey); this count says when.
  useStore((s) => s.hashesSettled);
  const finding = index === null ? undefined : analysis?.findings[index];
  if (!analysis || index === null || !finding) return null;
  return (
    <div className="chosen-finding-note">
      <span className="muted">
        Finding <code>{finding.code}</code>
      </span>
      <NoteEditor target={findingTarget(analysis, index)} what="finding" />
    </div>
  );
}
