import { useStore } from '../state/store';

/** Progress while the worker reads, and a located error when an input cannot be read at all. */
export function StatusLine() {
  const status = useStore((s) => s.status);
  const progress = useStore((s) => s.progress);
  const error = useStore((s) => s.error);
  if (status === 'loading') {
    return (
      <p className="status-line" role="status">
        {progress ?? 'Loading'}…
      </p>
    );
  }
  if (status === 'error' && error) {
    return (
      <p className="status-line status-error" role="alert">
        {error.file ? `${error.file}: ` : ''}
        {error.message}
      </p>
    );
  }
  return null;
}
