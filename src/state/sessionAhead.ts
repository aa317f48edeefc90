import type { SessionAnalysis } from '../core/analyze';

/**
 * The session a load will most likely show, guessed from its sessions alone
 * before its findings come (initialView chooses with them): the one the
 * link names, else the only one, else the one with the most records, where
 * the findings of a large log mostly are. A wrong guess costs only work done
 * while the page waited.
 */
export function sessionToPrepareAhead(sessions: readonly SessionAnalysis[], named: string | null): SessionAnalysis | null {
  const byName = named === null ? undefined : sessions.find((s) => s.session === named);
  if (byName) return byName;
  let largest: SessionAnalysis | null = null;
  for (const s of sessions) if (!largest || s.records.length > largest.records.length) largest = s;
  return largest;
}
