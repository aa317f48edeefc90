import { useEffect, useId } from 'react';
import { leakCountText } from '../core/leakCountText';
import { cutoffRange, cutoffViewOf, nextPlayStep, PLAY_STEPS, sessionOf, unorderedReasonOf } from '../state/selectors';
import { useStore } from '../state/store';

/** N, the acceptance number everything else is shown as of; arrow keys, Home and End come with the native range input. */
export function CutoffSlider() {
  const id = useId();
  const session = useStore((s) => sessionOf(s.analysis, s.session));
  const n = useStore((s) => s.cutoff);
  const playing = useStore((s) => s.playing);
  const setCutoff = useStore((s) => s.setCutoff);
  const setPlaying = useStore((s) => s.setPlaying);
  const range = cutoffRange(session);

  useEffect(() => {
    if (!playing || !session) return;
    const steps = session.cutoffIndex.seqSteps;
    const every = Math.max(40, Math.min(600, 8000 / Math.min(PLAY_STEPS, Math.max(1, steps.length))));
    const timer = window.setInterval(() => {
      const current = useStore.getState().cutoff ?? steps[0]!;
      const next = nextPlayStep(session, current);
      if (next === null) setPlaying(false);
      else {
        performance.mark('seqscope:cutoff-input');
        setCutoff(next);
      }
    }, every);
    return () => window.clearInterval(timer);
  }, [playing, session, setCutoff, setPlaying]);

  const unordered = session ? unorderedReasonOf(session) : null;
  if (!session || !range || n === null) {
    return (
      <p className="cutoff-none muted">
        This session has no acceptance order ({unordered ?? 'no accept_seq at all'}), so there is no cutoff to move: every acceptance value is unknown.
      </p>
    );
  }
  const leaks = cutoffViewOf(session, n).leakCount;
  // One acceptance number leaves nothing to move; a range from it to itself would draw the thumb at the start while N is the end,
  // so the range starts one below it and the thumb stands at the end.
  const single = range.min === range.max;
  return (
    <div className="cutoff-slider">
      <label htmlFor={id}>Cutoff (acceptance sequence)</label>
      <button
        type="button"
        className="small play"
        aria-pressed={playing}
        disabled={single}
        onClick={() => {
          if (!playing && n >= range.max) setCutoff(range.min);
          setPlaying(!playing);
        }}
      >
        {playing ? 'Pause' : 'Play'}
      </button>
      <input
        id={id}
        type="range"
        min={single ? range.max - 1 : range.min}
        max={range.max}
        step={1}
        value={n}
        title={single ? `The session has one acceptance number, ${n}: there is nothing to move.` : undefined}
        // The step below is only for the thumb's place: assistive technology, which says the range, hears the one number.
        aria-valuemin={single ? range.max : undefined}
        aria-valuetext={single ? `N = ${n}, the session's only acceptance number` : `N = ${n}`}
        onChange={(e) => {
          performance.mark('seqscope:cutoff-input');
          // Left enabled, so what sets a slider sets this one too; the one step below the range only places the thumb.
          setCutoff(Math.max(range.min, Number(e.currentTarget.value)));
        }}
      />
      <output htmlFor={id} className="cutoff-value">
        N = {n} <span className="muted">of {range.max}</span>
      </output>
      <span className={leaks > 0 ? 'leak-count has-leaks' : 'leak-count muted'}>
        {leakCountText(leaks)}
      </span>
    </div>
  );
}
