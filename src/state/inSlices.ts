import type { Steps } from '../core/compareSteps';
import { nextTask } from '../worker/nextTask';

/** How long the page works on a comparison by default before it lets input and paint in. */
const SLICE_MS = 10;

export interface SliceOptions {
  readonly sliceMs: number;
  readonly now: () => number;
  readonly pause: () => Promise<void>;
}

/**
 * Runs `steps` in slices of about `sliceMs`, a task boundary between them;
 * gives up (null) as soon as the work is no longer `wanted`. Options not given
 * are the page's: its clock, a task boundary, SLICE_MS.
 */
export async function inSlices<T>(steps: Steps<T>, wanted: () => boolean, given: Partial<SliceOptions> = {}): Promise<T | null> {
  const options: SliceOptions = { sliceMs: SLICE_MS, now: () => performance.now(), pause: nextTask, ...given };
  try {
    for (;;) {
      const until = options.now() + options.sliceMs;
      do {
        const r = steps.next();
        if (r.done) return r.value;
      } while (options.now() < until);
      await options.pause();
      if (!wanted()) return null;
    }
  } finally {
    steps.return(undefined as never);
  }
}
