import { useStore } from '../state/store';

/**
 * Under a record accepted after the cutoff, shown dimmed: one click brings N
 * to the record's own step. Choosing it does not move N by itself, since a
 * user may be studying the state at N; this says why it is dim and undoes
 * that in one step.
 */
export function MoveCutoffTo({ seq, n }: { seq: number; n: number }) {
  const setCutoff = useStore((s) => s.setCutoff);
  return (
    <p className="detail-after muted">
      Accepted after the cutoff N = {n}, so it is shown dimmed.{' '}
      <button type="button" className="link-button" onClick={() => setCutoff(seq)}>
        Move N to {seq}
      </button>
    </p>
  );
}
