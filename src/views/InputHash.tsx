import { isHashed } from '../core/fileHash';
import type { ParsedInput } from '../core/model';
import { isBeingHashed } from '../state/inputHashes';
import { useStore } from '../state/store';
import { CopyButton } from './CopyButton';
import { marked } from './Marked';

/**
 * A file's SHA-256, short, whole on hover and, with `copy`, on the
 * clipboard. A large file gets its hash a moment after its view is shown
 * (state/inputHashes.ts); until then it says so, and says so too when it
 * could not be made (the file changed on disk since it was opened).
 */
export function InputHash({ input, copy = false }: { input: ParsedInput; copy?: boolean }) {
  // The hash is set in place; this count moving is what says it came.
  useStore((s) => s.hashesSettled);
  if (!isHashed(input)) {
    return isBeingHashed(input) ? (
      <span className="muted hash-pending" title="Large files are hashed once their view is shown">
        hashing…
      </span>
    ) : (
      <span className="has-rejected hash-pending" title="The file could not be read again to hash it; if it changed since it was opened, open it again">
        not hashed
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
