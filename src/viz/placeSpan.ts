/** `lines 8–10`, or `line 9` when the span is one place: "lines 9–9" reads as a range that is not one. */
export function placeSpan(noun: string, from: number | string, to: number | string, plural = `${noun}s`): string {
  return from === to ? `${noun} ${from}` : `${plural} ${from}–${to}`;
}
