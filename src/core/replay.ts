import { asString } from './fields';
import { emptyKeyState, type KeyState, type JsonValue, type SeqRecord, type StateValue } from './model';
import type { OrderingEvidence } from './ordering';

/** What one accepted input does to the state, or null when its op is not one the engine knows. */
export interface InputEffect {
  readonly key: string;
  readonly value: JsonValue;
}

/**
 * Everything one accepted input sets. Importers that know an input sets
 * several keys at once (an answer to several questions) list them in
 * `effects`; otherwise the input's op says it.
 */
export function inputEffects(record: SeqRecord): readonly InputEffect[] {
  const listed = record.data.effects;
  if (Array.isArray(listed)) {
    const out: InputEffect[] = [];
    for (const e of listed) {
      if (e === null || typeof e !== 'object' || Array.isArray(e) || typeof e.key !== 'string') continue;
      out.push({ key: e.key, value: e.value === undefined ? null : e.value });
    }
    return out;
  }
  const single = inputEffect(record);
  return single ? [single] : [];
}

export function inputEffect(record: SeqRecord): InputEffect | null {
  const key = asString(record.data.key) ?? 'permission';
  switch (asString(record.data.op)) {
    case 'allow':
      return { key, value: 'allow' };
    case 'revoke':
      return { key, value: 'deny' };
    case 'set': {
      const value = record.data.value;
      return { key, value: value === undefined ? null : value };
    }
    case 'unset':
      return { key, value: null };
    default:
      return null;
  }
}

export interface KeyReplay {
  readonly key: string;
  readonly storage: JsonValue;
  readonly storageSetter: SeqRecord;
  /** `'unknown'` when undetermined; a log can set the string "unknown" too, so ask isUndetermined, not the value. */
  readonly acceptance: StateValue;
  /** Absent when the key is unknown in acceptance order. */
  readonly acceptanceSetter: SeqRecord | null;
  /** Inputs on this key whose number is missing or shared. */
  readonly unusableInputs: readonly SeqRecord[];
}

/**
 * Whether the acceptance replay cannot decide the key. The value alone cannot
 * say: `'unknown'` marks it, and an input may set the string "unknown" as
 * its value; a decided key always has the input that set it.
 */
export function isUndetermined(k: Pick<KeyReplay, 'acceptanceSetter'>): boolean {
  return k.acceptanceSetter === null;
}

export interface Replays {
  readonly storage: KeyState;
  readonly acceptance: KeyState;
  readonly keys: readonly KeyReplay[];
  /** Accepted inputs with a known effect, in storage order. */
  readonly inputs: readonly SeqRecord[];
  /** Each participant's effects on the state (null for non-inputs), aligned with `ordering.participants`. */
  readonly effects: readonly (readonly InputEffect[] | null)[];
}

/** Storage and acceptance replays of a session (spec 3.2). Keys are listed in sorted order. */
export function computeReplays(ordering: OrderingEvidence): Replays {
  const { participants, usable, bySeq } = ordering;
  const effects: (readonly InputEffect[] | null)[] = new Array(participants.length).fill(null);
  const inputs: SeqRecord[] = [];
  const storageValue = new Map<string, JsonValue>();
  const storageSetter = new Map<string, SeqRecord>();
  const unusable = new Map<string, SeqRecord[]>();
  for (let i = 0; i < participants.length; i++) {
    const r = participants[i]!;
    if (r.kind !== 'input') continue;
    const list = inputEffects(r);
    if (list.length === 0) continue;
    effects[i] = list;
    inputs.push(r);
    for (const e of list) {
      storageValue.set(e.key, e.value);
      storageSetter.set(e.key, r);
      if (!usable[i]) {
        const unusableOfKey = unusable.get(e.key);
        if (unusableOfKey) unusableOfKey.push(r);
        else unusable.set(e.key, [r]);
      }
    }
  }
  const acceptanceValue = new Map<string, JsonValue>();
  const acceptanceSetter = new Map<string, SeqRecord>();
  for (let k = 0; k < bySeq.length; k++) {
    const i = bySeq[k]!;
    const list = effects[i];
    if (!list || !usable[i]) continue;
    for (const e of list) {
      acceptanceValue.set(e.key, e.value);
      acceptanceSetter.set(e.key, participants[i]!);
    }
  }

  const keys: KeyReplay[] = [];
  const storage = emptyKeyState();
  const acceptance = emptyKeyState();
  for (const key of [...storageValue.keys()].sort()) {
    const known = ordering.hasAcceptanceOrder && !unusable.has(key) && acceptanceSetter.has(key);
    const acceptanceState: StateValue = known ? acceptanceValue.get(key)! : 'unknown';
    storage[key] = storageValue.get(key)!;
    acceptance[key] = acceptanceState;
    keys.push({
      key,
      storage: storage[key] as JsonValue,
      storageSetter: storageSetter.get(key)!,
      acceptance: acceptanceState,
      acceptanceSetter: known ? acceptanceSetter.get(key)! : null,
      unusableInputs: unusable.get(key) ?? [],
    });
  }
  return { storage, acceptance, keys, inputs, effects };
}
