import { isHashed } from '../core/fileHash';
import type { ParsedInput } from '../core/model';
import { useStore } from '../state/store';
import { CopyButton } from './CopyButton';
import { marked } from './Marked';

/**
 * A file's SHA-256, short, whole on hover and, with `copy`, on the
 * clipboard. A large file gets its hash a moment after its view is shown
 * (state/inputHashes.ts); until then it says so.
 */
export function InputHash({ input, copy = false }: { input: Pick<ParsedInput, 'name' | 'sha256'>; copy?: boolean }) {
  // The hash is set in place; this count moving is what says it came.
  useStore((s) => s.hashesSettled);
  if (!isHashed(input)) {
    return (
      <span className="muted hash-pending" title="Large files are hashed once their view is shown">
        hashing…
      </span>
    );
  }
  return (
    <>
      <code title={input.sha256}>{input.sha256.slice(0, 12)}</code>
      {copy && (
        <>
          {' '}
          <CopyButton text={() => input.sha256} label="Copy" copied="Copied" failed="Could not copy" className="small" ariaLabel={`Copy SHA-256 of ${marked(input.name)}`} />
        </>
      )}
    </>
  );
}
