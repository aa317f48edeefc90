const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel'] as const;

let last = -Infinity;
let listening = false;

const note = () => {
  last = performance.now();
};

/**
 * Milliseconds since the user last pressed a key or a pointer or scrolled on the page
 * (Infinity before the first), so that idle work can keep out of the way of a run of
 * key presses. Listens from its first call on, at the window in the capture phase,
 * so that a handler that stops the event does not hide it.
 */
export function sinceInput(): number {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    for (const type of INPUT_EVENTS) window.addEventListener(type, note, { capture: true, passive: true });
  }
  return performance.now() - last;
}
