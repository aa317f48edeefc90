/** What the exported order view's drawings share: the light theme's colours and text made safe for XML. */
import { revealInvisibles } from '../core/invisibleChars';
import { CATEGORIES } from './categories';

/** The light theme's colours, written into the file: an exported figure carries no style sheet. */
const CAT_COLOURS: Record<string, string> = {
  allow: '#1f883d',
  revoke: '#cf222e',
  set: '#0969da',
  read: '#6e7781',
  write: '#bc4c00',
  notice: '#8250df',
  response: '#0e8a7e',
  request: '#3b82c4',
  clear: '#24292f',
  task: '#7d4e24',
  command: '#b08800',
  other: '#a0a7b0',
};
export const C = { info: '#3d5a80', faint: '#8b949e', text: '#1c2128', muted: '#59636e', border: '#d5d9e0', line: '#9aa4b1', inversion: '#c2255c', warning: '#9a6700', cutoff: '#0b5cad', leak: '#d9480f', shade: '#eef0f3' };
export const colourOf = (cat: number) => CAT_COLOURS[CATEGORIES[cat]?.id ?? 'other'] ?? CAT_COLOURS.other!;

/**
 * Text from a log, made safe for XML: markup characters escaped, and every
 * character XML cannot hold or a reader cannot see (controls, bidi overrides,
 * unpaired surrogates, U+FFFE/U+FFFF) written as a visible ⟨U+XXXX⟩.
 */
export function xmlText(text: string): string {
  return revealInvisibles(text)
    .replace(/[\uFFFE\uFFFF]/g, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase()}⟩`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export const r1 = (v: number) => Math.round(v * 10) / 10;
