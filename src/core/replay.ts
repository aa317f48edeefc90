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
  if (Array.isArray(listed)) return listedEffects(listed);
  const single = inputEffect(record);
  return single ? [single] : [];
}

/** An input's `effects` list as effects, entries that name no key left out. */
function listedEffects(listed: readonly JsonValue[]): InputEffect[] {
  const out: InputEffect[] = [];
  for (const e of listed) {
    if (e === null || typeof e !== 'object' || Array.isArray(e) || typeof e.key !== 'string') continue;
    out.push({ key: e.key, value: e.value === undefined ? null : e.value });
  }
  return out;
}

export function inputEffect(record: SeqRecord): InputEffect | null {
  const value = opValue(record.data.op, record.data.value);
  return value === undefined ? null : { key: opKey(record.data.key), value };
}

/** The key an input's op sets, given its `key` field. */
function opKey(key: JsonValue | undefined): string {
  return asString(key) ?? 'permission';
}

/** The value an input's op sets, given its `op` and `value` fields; undefined when its op is not one the engine knows. */
function opValue(op: JsonValue | undefined, value: JsonValue | undefined): JsonValue | undefined {
  switch (asString(op)) {
    case 'allow':
      return 'allow';
    case 'revoke':
      return 'deny';
    case 'set':
      return value === undefined ? null : value;
    case 'unset':
      return null;
    default:
      return undefined;
  }
}

/** Distinct values kept per key before equal effects stop being shared: a log setting a fresh value each time gains nothing. */
const SHARED_VALUES_PER_KEY = 1024;

/**
 * inputEffects as lists shared between inputs with equal effects: a million
 * inputs setting a few keys to a few values hold a few small lists instead
 * of a million, and the replays, reading them back in two orders, find them
 * in cache. Values are shared by identity only where that is equality (a
 * string, a boolean, null, a number other than -0, which a Map takes for 0).
 */
export class SharedInputEffects {
  private readonly byKey = new Map<string, Map<JsonValue, readonly InputEffect[]>>();

  of(record: SeqRecord): readonly InputEffect[] | null {
    const data = record.data;
    return this.ofFields(data.op, data.key, data.value, data.effects);
  }

  /** `of` for an input with these fields (undefined where absent), however it is held (RecordColumns). */
  ofFields(op: JsonValue | undefined, keyField: JsonValue | undefined, valueField: JsonValue | undefined, listed: JsonValue | undefined): readonly InputEffect[] | null {
    if (Array.isArray(listed)) {
      const effects = listedEffects(listed);
      return effects.length > 0 ? effects : null;
    }
    // The effect is made only for a list not shared yet: most inputs repeat one, and an object made
    // and dropped for each of a million inputs was 12 MB for the collector.
    const value = opValue(op, valueField);
    if (value === undefined) return null;
    const key = opKey(keyField);
    if ((value !== null && typeof value === 'object') || Object.is(value, -0)) return [{ key, value }];
    let byValue = this.byKey.get(key);
    if (!byValue) {
      byValue = new Map();
      this.byKey.set(key, byValue);
    }
    let list = byValue.get(value);
    if (!list) {
      list = [{ key, value }];
      if (byValue.size < SHARED_VALUES_PER_KEY) byValue.set(value, list);
    }
    return list;
  }
}

export interface KeyReplay<T = SeqRecord> {
  readonly key: string;
  readonly storage: JsonValue;
  readonly storageSetter: T;
  /** `'unknown'` when undetermined; a log can set the string "unknown" too, so ask isUndetermined, not the value. */
  readonly acceptance: StateValue;
  /** Absent when the key is unknown in acceptance order. */
  readonly acceptanceSetter: T | null;
  /** Inputs on this key whose number is missing or shared. */
  readonly unusableInputs: readonly T[];
}

/**
 * Whether the acceptance replay cannot decide the key. The value alone cannot
 * say: `'unknown'` marks it, and an input may set the string "unknown" as
 * its value; a decided key always has the input that set it.
 */
export function isUndetermined(k: Pick<KeyReplay<unknown>, 'acceptanceSetter'>): boolean {
  return k.acceptanceSetter === null;
}

export interface Replays<T = SeqRecord> {
  readonly storage: KeyState;
  readonly acceptance: KeyState;
  readonly keys: readonly KeyReplay<T>[];
  /** Accepted inputs with a known effect, in storage order. */
  readonly inputs: readonly T[];
  /** Each participant's effects on the state (null for non-inputs), aligned with `ordering.participants`. */
  readonly effects: readonly (readonly InputEffect[] | null)[];
}

/**
 * Storage and acceptance replays of a session (spec 3.2). Keys are listed in sorted order.
 * `effects`: each participant's as in `Replays.effects`, as SessionScan reads
 * them in the walk that finds the participants; `seqs`: each participant's
 * accept_seq (NaN where it has none), as computeOrderingEvidence was given them.
 *
 * Both replays are one walk in storage order. A key's acceptance value is the
 * one its usable input with the highest accept_seq sets (usable numbers are
 * distinct), so that walk finds it too: replayed in acceptance order, each step
 * reached an input at random (a cache miss apiece over a million participants).
 */
export function computeReplays<T = SeqRecord>(
  ordering: OrderingEvidence<T>,
  effects: readonly (readonly InputEffect[] | null)[],
  seqs: ArrayLike<number>,
): Replays<T> {
  const { participants, usable } = ordering;
  // Made at its length (a count of the effects is a walk over one list): grown by push, the inputs of a million records were copied as they grew.
  let inputCount = 0;
  for (let i = 0; i < participants.length; i++) if (effects[i]) inputCount++;
  const inputs = new Array<T>(inputCount);
  let nextInput = 0;
  // Keys are numbered as first met, so each replay step writes an array slot, not a map entry keyed by the log's text.
  const keyIds = new Map<string, number>();
  const keyNames: string[] = [];
  const storageValue: JsonValue[] = [];
  const storageSetter: T[] = [];
  const unusable: (T[] | undefined)[] = [];
  const acceptanceValue: JsonValue[] = [];
  const acceptanceSetter: (T | undefined)[] = [];
  // The accept_seq of each key's acceptance setter so far; a key's slot is filled when the key is first met.
  const acceptanceSeq: number[] = [];
  for (let i = 0; i < participants.length; i++) {
    const list = effects[i];
    if (!list) continue;
    const r = participants[i]!;
    inputs[nextInput++] = r;
    const isUsable = usable[i] === 1;
    const seq = seqs[i]!;
    for (const e of list) {
      let id = keyIds.get(e.key);
      if (id === undefined) {
        id = keyNames.push(e.key) - 1;
        keyIds.set(e.key, id);
        acceptanceSetter[id] = undefined;
        acceptanceSeq[id] = -Infinity;
      }
      storageValue[id] = e.value;
      storageSetter[id] = r;
      if (isUsable) {
        // `>=`: an input listing one key twice sets it in list order, as its replay step did.
        if (seq >= acceptanceSeq[id]!) {
          acceptanceValue[id] = e.value;
          acceptanceSetter[id] = r;
          acceptanceSeq[id] = seq;
        }
      } else {
        const unusableOfKey = unusable[id];
        if (unusableOfKey) unusableOfKey.push(r);
        else unusable[id] = [r];
      }
    }
  }

  const keys: KeyReplay<T>[] = [];
  const storage = emptyKeyState();
  const acceptance = emptyKeyState();
  for (const key of [...keyNames].sort()) {
    const id = keyIds.get(key)!;
    const setter = acceptanceSetter[id];
    const known = ordering.hasAcceptanceOrder && unusable[id] === undefined && setter !== undefined;
    const acceptanceState: StateValue = known ? acceptanceValue[id]! : 'unknown';
    storage[key] = storageValue[id]!;
    acceptance[key] = acceptanceState;
    keys.push({
      key,
      storage: storage[key] as JsonValue,
      storageSetter: storageSetter[id]!,
      acceptance: acceptanceState,
      acceptanceSetter: known ? setter : null,
      unusableInputs: unusable[id] ?? [],
    });
  }
  return { storage, acceptance, keys, inputs, effects };
}
