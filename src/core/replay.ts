import { field, stringField } from './fields';
import type { KeyState, JsonValue, SeqRecord, StateValue } from './model';
import type { OrderingEvidence } from './ordering';

/** What one accepted input does to the state, or null when its op is not one the engine knows. */
export interface InputEffect {
  readonly key: string;
  readonly value: JsonValue;
}

export function inputEffect(record: SeqRecord): InputEffect | null {
  const key = stringField(record, 'key') ?? 'permission';
  switch (stringField(record, 'op')) {
    case 'allow':
      return { key, value: 'allow' };
    case 'revoke':
      return { key, value: 'deny' };
    case 'set': {
      const value = field(record, 'value');
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
  readonly acceptance: StateValue;
  /** Absent when the key is unknown in acceptance order. */
  readonly acceptanceSetter: SeqRecord | null;
  /** Inputs on this key whose number is missing or shared. */
  readonly unusableInputs: readonly SeqRecord[];
}

export interface Replays {
  readonly storage: KeyState;
  readonly acceptance: KeyState;
  readonly keys: readonly KeyReplay[];
  /** Accepted inputs with a known effect, in storage order. */
  readonly inputs: readonly SeqRecord[];
}

/** Storage and acceptance replays of a session (spec 3.2). Keys are listed in sorted order. */
export function computeReplays(ordering: OrderingEvidence): Replays {
  const inputs = ordering.participants.filter((r) => r.kind === 'input' && inputEffect(r) !== null);
  const storageValue = new Map<string, { value: JsonValue; setter: SeqRecord }>();
  const unusable = new Map<string, SeqRecord[]>();
  for (const r of inputs) {
    const e = inputEffect(r)!;
    storageValue.set(e.key, { value: e.value, setter: r });
    if (!ordering.usable.has(r)) {
      const list = unusable.get(e.key);
      if (list) list.push(r);
      else unusable.set(e.key, [r]);
    }
  }
  const acceptanceValue = new Map<string, { value: JsonValue; setter: SeqRecord; seq: number }>();
  for (const r of inputs) {
    if (!ordering.usable.has(r)) continue;
    const e = inputEffect(r)!;
    const seq = r.acceptSeq as number;
    const prev = acceptanceValue.get(e.key);
    if (!prev || prev.seq < seq) acceptanceValue.set(e.key, { value: e.value, setter: r, seq });
  }

  const keys: KeyReplay[] = [];
  const storage: KeyState = {};
  const acceptance: KeyState = {};
  for (const key of [...storageValue.keys()].sort()) {
    const s = storageValue.get(key)!;
    const known = ordering.hasAcceptanceOrder && !unusable.has(key);
    const a = known ? acceptanceValue.get(key) : undefined;
    const acceptanceState: StateValue = a ? a.value : 'unknown';
    storage[key] = s.value;
    acceptance[key] = acceptanceState;
    keys.push({
      key,
      storage: s.value,
      storageSetter: s.setter,
      acceptance: acceptanceState,
      acceptanceSetter: a ? a.setter : null,
      unusableInputs: unusable.get(key) ?? [],
    });
  }
  return { storage, acceptance, keys, inputs };
}
