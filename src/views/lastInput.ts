/** `input` too: a control changed without a key or a press (a screen reader's slider steps, a script) is the user at work all the same. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'input'] as const;

let last = -Infinity;

// Listening starts when the views load, before any file is shown, so that a key pressed before
// the first idle period after a load counts too. At the window in the capture phase, so that a
// handler that stops the event does not hide it.
if (typeof window !== 'undefined') {
  for (const type of INPUT_EVENTS) window.addEventListener(type, () => (last = performance.now()), { capture: true, passive: true });
}

/**
 * Milliseconds since the user last pressed a key or a pointer, scrolled or changed a control on the page
 * (Infinity before the first), so that idle work can keep out of the way of a run of
 * key presses.
 */
export function sinceInput(): number {
  return performance.now() - last;
}
