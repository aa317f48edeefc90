import { useEffect, useState, type ReactNode } from 'react';
import { openText } from '../state/loader';
import { isEditable, openPicked } from './files';

const hasFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;

/** Files can be dropped anywhere on the page, and text or files pasted anywhere outside a text field. */
export function DropTarget({ children }: { children: ReactNode }) {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      e.preventDefault();
      depth = 0;
      setDragging(false);
      const files = e.dataTransfer?.files;
      if (files && files.length > 0) void openPicked(files);
    };
    const paste = (e: ClipboardEvent) => {
      if (isEditable(e.target) || !e.clipboardData) return;
      const files = e.clipboardData.files;
      if (files.length > 0) {
        e.preventDefault();
        void openPicked(files);
        return;
      }
      const text = e.clipboardData.getData('text/plain');
      if (text.trim()) {
        e.preventDefault();
        void openText(text, 'pasted.jsonl');
      }
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    window.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      window.removeEventListener('paste', paste);
    };
  }, []);
  return (
    <div className="app">
      {children}
      {dragging && (
        <div className="drop-overlay" aria-hidden="true">
          <p>Drop files to open them</p>
        </div>
      )}
    </div>
  );
}
