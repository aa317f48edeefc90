import type { Analysis } from './analyze';
import { canonicalJson } from './canonical';
import type { DecisionDifference, DecisionSide } from './comparison';
import { STEP, type Steps } from './compareSteps';
import type { RecordCiter } from './recordIdentity';
import { isUndetermined, type KeyReplay } from './replay';

/**
 * Keys whose acceptance-replay value differs between the two runs, per
 * session (by name) and key (sorted). The storage replay is carried along
 * for context but does not make a difference by itself: a run that only
 * stored the same acceptances in another order decides the same.
 */
export function* compareDecisions(base: Analysis, other: Analysis, citeBase: RecordCiter, citeOther: RecordCiter): Steps<DecisionDifference[]> {
  const keysOf = (a: Analysis) => new Map(a.sessions.map((s) => [s.session, new Map(s.replays.keys.map((k) => [k.key, k]))]));
  const baseKeys = keysOf(base);
  const otherKeys = keysOf(other);
  const out: DecisionDifference[] = [];
  let work = 0;
  for (const session of [...new Set([...baseKeys.keys(), ...otherKeys.keys()])].sort()) {
    const b = baseKeys.get(session) ?? new Map<string, KeyReplay>();
    const o = otherKeys.get(session) ?? new Map<string, KeyReplay>();
    for (const key of [...new Set([...b.keys(), ...o.keys()])].sort()) {
      if (++work % STEP === 0) yield;
      const x = b.get(key);
      const y = o.get(key);
      // Undetermined in both, or decided alike: a decided "unknown" string is not an undetermined key.
      if (x && y && isUndetermined(x) === isUndetermined(y) && (isUndetermined(x) || canonicalJson(x.acceptance) === canonicalJson(y.acceptance))) continue;
      out.push({ session, key, base: x ? sideOf(x, citeBase) : null, other: y ? sideOf(y, citeOther) : null });
    }
  }
  return out;
}

function sideOf(k: KeyReplay, cite: RecordCiter): DecisionSide {
  return {
    acceptance: k.acceptance,
    setter: k.acceptanceSetter ? cite.cite(k.acceptanceSetter) : null,
    storage: k.storage,
    storageSetter: cite.cite(k.storageSetter),
  };
}
