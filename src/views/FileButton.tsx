import { useId } from 'react';
import type { SourceFile } from '../worker/protocol';
import { readFiles } from './files';

/** A file picker shown as a button-like label; the chosen files are read and handed on, and the picker is reset. */
export function FileButton({ label, onFiles, multiple = false, primary = false, title }: { label: string; onFiles: (files: SourceFile[]) => unknown; multiple?: boolean; primary?: boolean; title?: string }) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        type="file"
        multiple={multiple}
        className="file-input"
        onChange={(e) => {
          const files = e.currentTarget.files;
          if (files && files.length > 0) void readFiles(multiple ? files : [files[0]!]).then(onFiles);
          e.currentTarget.value = '';
        }}
      />
      <label htmlFor={id} className={primary ? 'file-label' : 'button-like'} title={title}>
        {label}
      </label>
    </>
  );
}
