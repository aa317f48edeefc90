import type { Analysis } from './analyze';
import { sameJson } from './canonical';
import type { DecisionDifference, DecisionSide } from './comparison';
import { compareText, sortInSteps, STEP, type Steps } from './compareSteps';
import type { RecordCiter } from './recordIdentity';
import { isUndetermined, type KeyReplay } from './replay';

/**
 * Keys whose acceptance-replay value differs between the two runs, per
 * session (by name) and key (sorted). The storage replay is carried along
 * for context but does not make a difference by itself: a run that only
 * stored the same acceptances in another order decides the same.
 */
export function* compareDecisions(base: Analysis, other: Analysis, citeBase: RecordCiter, citeOther: RecordCiter): Steps<DecisionDifference[]> {
  const baseKeys = yield* keysOf(base);
  const otherKeys = yield* keysOf(other);
  const out: DecisionDifference[] = [];
  let work = 0;
  for (const session of [...new Set([...baseKeys.keys(), ...otherKeys.keys()])].sort()) {
    const b = baseKeys.get(session) ?? new Map<string, KeyReplay>();
    const o = otherKeys.get(session) ?? new Map<string, KeyReplay>();
    // In steps: a state of 200,000 keys in each run took 100 ms to list and sort at once.
    const keys = yield* keyUnion(b, o);
    for (const key of keys) {
      if (++work % STEP === 0) yield;
      const x = b.get(key);
      const y = o.get(key);
      // Undetermined in both, or decided alike: a decided "unknown" string is not an undetermined key.
      if (x && y && isUndetermined(x) === isUndetermined(y) && (isUndetermined(x) || sameJson(x.acceptance, y.acceptance))) continue;
      out.push({ session, key, base: x ? sideOf(x, citeBase) : null, other: y ? sideOf(y, citeOther) : null });
    }
  }
  return out;
}

function* keysOf(a: Analysis): Steps<Map<string, Map<string, KeyReplay>>> {
  const out = new Map<string, Map<string, KeyReplay>>();
  let work = 0;
  for (const s of a.sessions) {
    const keys = new Map<string, KeyReplay>();
    for (const k of s.replays.keys) {
      keys.set(k.key, k);
      if (++work % STEP === 0) yield;
    }
    out.set(s.session, keys);
  }
  return out;
}

/** The keys of either run, sorted. */
function* keyUnion(b: ReadonlyMap<string, KeyReplay>, o: ReadonlyMap<string, KeyReplay>): Steps<string[]> {
  const keys = [...b.keys()];
  let work = 0;
  for (const k of o.keys()) {
    if (!b.has(k)) keys.push(k);
    if (++work % STEP === 0) yield;
  }
  yield* sortInSteps(keys, compareText);
  return keys;
}

function sideOf(k: KeyReplay, cite: RecordCiter): DecisionSide {
  return {
    acceptance: k.acceptance,
    setter: k.acceptanceSetter ? cite.cite(k.acceptanceSetter) : null,
    storage: k.storage,
    storageSetter: cite.cite(k.storageSetter),
  };
}
