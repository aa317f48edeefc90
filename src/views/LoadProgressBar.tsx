import type { LoadProgress } from '../worker/protocol';
import { formatMiB, MiB, mibNumber } from '../core/countText';
import { formatCount } from './format';
import { Marked } from './Marked';

/** `about 8 s of reading left`: a rough estimate reads as one (the analysis after the reading has no estimate of its own). */
function timeLeft(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  return s < 90 ? `about ${s} s of reading left` : `about ${Math.round(s / 60)} min of reading left`;
}

/** What the load has done so far, in words: `38.2 of 123.0 MiB · 296,113 records · about 6 s of reading left`. */
export function progressText(p: LoadProgress): string {
  if (p.phase === 'analysing') return `${formatCount(p.records)} records read; analysing`;
  if (p.phase === 'sending') return `${formatCount(p.records)} records analysed; sending to the page`;
  if (p.phase === 'parsing') return `${p.bytes >= MiB ? formatMiB(p.bytes) : `${formatCount(p.bytes)} bytes`} read; parsing the whole file`;
  const size = p.total >= MiB ? `${mibNumber(p.bytes)} of ${formatMiB(p.total)}` : `${formatCount(p.bytes)} of ${formatCount(p.total)} bytes`;
  // Every byte read, what remains is the end of the parse: "about 1 s of reading left" would be wrong.
  const left = p.etaMs === null || p.bytes >= p.total ? '' : ` · ${timeLeft(p.etaMs)}`;
  return `${size} · ${formatCount(p.records)} records${left}`;
}

/** A bar of the bytes read while files load (no value while a file is parsed whole, analysed or sent: none has a measure of its own). */
function ProgressBar({ progress: p, label }: { progress: LoadProgress | null; label: string }) {
  if (!p || p.total === 0) return null;
  const text = progressText(p);
  return (
    <span className="load-progress">
      <progress aria-label={label} aria-valuetext={text} max={p.total} value={p.phase === 'reading' ? p.bytes : undefined} />
      <span className="load-progress-text">{text}</span>
    </span>
  );
}

/** What is being read, the bar of its bytes once there is one, and Cancel: the open inputs' load and a comparison run's alike. */
export function LoadingStatus({ text, progress, progressLabel, onCancel }: { text: string; progress: LoadProgress | null; progressLabel: string; onCancel: () => void }) {
  return (
    <div className="status-line status-loading">
      <p role="status">
        <Marked text={text} />…
      </p>
      <ProgressBar progress={progress} label={progressLabel} />
      <button type="button" className="small" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
