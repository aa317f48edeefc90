import { useStore } from '../state/store';

/** Progress while the worker reads, and a located error when an input cannot be read at all. */
export function StatusLine() {
  const status = useStore((s) => s.status);
  const progress = useStore((s) => s.progress);
  const error = useStore((s) => s.error);
  const unreadable = useStore((s) => s.unreadable);
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
  if (status === 'ready' && unreadable.length > 0) {
    return (
      <ul className="status-line status-error" role="alert" aria-label="Unreadable files">
        {unreadable.map((u) => (
          <li key={u.file}>{u.message} — not analysed; the other files are.</li>
        ))}
      </ul>
    );
  }
  return null;
}
