import type { JsonValue, StateValue } from '../core/model';

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
  return `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** A state value as text: strings bare, everything else as JSON, so `"allow"` reads allow and null reads null. */
export function formatValue(v: StateValue | JsonValue | undefined): string {
  if (v === undefined) return '—';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Text shortened with an ellipsis to fit about `px` pixels of 10–11px type. */
export function clipText(text: string, px: number): string {
  const chars = Math.max(2, Math.floor(px / 6.3));
  return text.length > chars ? `${text.slice(0, chars - 1)}…` : text;
}

export function formatRate(rate: number | null): string {
  return rate === null ? 'n/a' : `${(rate * 100).toFixed(rate === 0 || rate === 1 ? 0 : 1)}%`;
}
