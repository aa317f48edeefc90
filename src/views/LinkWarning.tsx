import { useStore } from '../state/store';
import { Marked } from './Marked';

/** Files opened although a link or bundle named others: said above the view for as long as they are open. */
export function LinkWarning() {
  const warning = useStore((s) => s.linkWarning);
  if (warning.length === 0) return null;
  return (
    <ul className="status-line status-error link-warning" role="alert" aria-label="Hash mismatch">
      {warning.map((w, k) => (
        <li key={k}>
          <Marked text={w} />
        </li>
      ))}
    </ul>
  );
}
