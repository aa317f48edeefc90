import type { SessionAnalysis } from '../core/analyze';
import type { CutoffIndex, KeyChanges } from '../core/cutoff';
import { emptyKeyState, type JsonValue, type SeqRecord, type StateValue } from '../core/model';
import type { KeyReplay, Replays } from '../core/replay';
import { inlineNumber } from '../io/inlineNumber';
import { textAt, TextPacker, valuesText, type PackedTexts } from './packedTexts';

/**
 * A session's per-key facts as columns: its replays' keys (each with its two
 * values and the records that set them) and its cutoff index's change lists.
 * In the skeleton every setter was a tagged array of its own: a session of
 * 100,000 keys, each a decision flip, took 1.2 s to pack, 1.2–1.8 s to clone
 * and 0.6 s to rebuild, the page held for most of it. The two key states
 * (`storage`, `acceptance`) are rebuilt from the keys, which hold the same
 * values in the same order.
 */
export interface PackedKeys {
  readonly names: PackedTexts;
  readonly storageSetter: Int32Array;
  /** -1 where the key is unknown in acceptance order. */
  readonly acceptanceSetter: Int32Array;
  /** Per key, where its unusable inputs end in `unusable`. */
  readonly unusableEnds: Int32Array;
  readonly unusable: Int32Array;
  /** One JSON array: each key's storage value, then each key's acceptance value where it is known. */
  readonly values: string;
  readonly changeKeys: PackedTexts;
  /** Per key of the change lists, where its changes end in the three columns after. */
  readonly changeEnds: Int32Array;
  readonly changeSeqs: Float64Array;
  readonly changeSetters: Int32Array;
  readonly changeValues: string;
  /** The value texts hold a number beyond 2^53 − 1, written with every digit, to be read back exactly. */
  readonly wide: boolean;
}

/** Parses a value text: JSON.parse, or the exact reader where `wide`. */
export type ValuesParser = (text: string, start: number) => unknown;

/** A session's per-key facts as columns; `indexOf` gives a setter's position (a record table's setters are their positions). */
export function packKeys<T = SeqRecord>(session: { readonly replays: Replays<T>; readonly cutoffIndex: CutoffIndex<T> }, indexOf: (record: T) => number | undefined): PackedKeys {
  const keys = session.replays.keys;
  const at = (r: T) => indexOf(r) ?? -1;
  const names = new TextPacker();
  const storageSetter = new Int32Array(keys.length);
  const acceptanceSetter = new Int32Array(keys.length);
  const unusableEnds = new Int32Array(keys.length);
  const unusable: number[] = [];
  const storageValues: JsonValue[] = [];
  const acceptanceValues: JsonValue[] = [];
  keys.forEach((k, i) => {
    names.push(k.key);
    storageSetter[i] = at(k.storageSetter);
    acceptanceSetter[i] = k.acceptanceSetter !== null ? at(k.acceptanceSetter) : -1;
    for (const r of k.unusableInputs) unusable.push(at(r));
    unusableEnds[i] = unusable.length;
    storageValues.push(k.storage);
    if (k.acceptanceSetter !== null) acceptanceValues.push(k.acceptance as JsonValue);
  });
  const changeKeys = new TextPacker();
  const changes = session.cutoffIndex.changes;
  const changeEnds = new Int32Array(changes.size);
  const changeSeqs: number[] = [];
  const changeSetters: number[] = [];
  const changeValues: JsonValue[] = [];
  let c = 0;
  for (const [key, list] of changes) {
    changeKeys.push(key);
    for (let j = 0; j < list.seqs.length; j++) {
      changeSeqs.push(list.seqs[j]!);
      changeSetters.push(at(list.setters[j]!));
      changeValues.push(list.values[j]!);
    }
    changeEnds[c++] = changeSeqs.length;
  }
  const values = valuesText([...storageValues, ...acceptanceValues]);
  const changed = valuesText(changeValues);
  return {
    names: names.finish(),
    storageSetter,
    acceptanceSetter,
    unusableEnds,
    unusable: Int32Array.from(unusable),
    values: values.text,
    changeKeys: changeKeys.finish(),
    changeEnds,
    changeSeqs: Float64Array.from(changeSeqs),
    changeSetters: Int32Array.from(changeSetters),
    changeValues: changed.text,
    wide: values.wide || changed.wide,
  };
}

/** The session again, its keys, key states and change lists rebuilt around `records` (Analysis.records). */
export function unpackKeys(session: SessionAnalysis, p: PackedKeys, records: readonly SeqRecord[], parse: ValuesParser): SessionAnalysis {
  const values = parse(p.values, 0) as JsonValue[];
  const count = p.storageSetter.length;
  const keys = new Array<KeyReplay>(count);
  const storage = emptyKeyState();
  const acceptance = emptyKeyState();
  let known = count;
  let u = 0;
  for (let i = 0; i < count; i++) {
    const key = textAt(p.names, i);
    const setter = p.acceptanceSetter[i]!;
    const accepted: StateValue = setter >= 0 ? values[known++]! : 'unknown';
    const unusableInputs = new Array<SeqRecord>(p.unusableEnds[i]! - u);
    for (let k = 0; u < p.unusableEnds[i]!; k++, u++) unusableInputs[k] = records[p.unusable[u]!]!;
    storage[key] = values[i]!;
    acceptance[key] = accepted;
    keys[i] = {
      key,
      storage: values[i]!,
      storageSetter: records[p.storageSetter[i]!]!,
      acceptance: accepted,
      acceptanceSetter: setter >= 0 ? records[setter]! : null,
      unusableInputs,
    };
  }
  const changeValues = parse(p.changeValues, 0) as JsonValue[];
  const changes = new Map<string, KeyChanges>();
  let from = 0;
  for (let c = 0; c < p.changeEnds.length; c++) {
    const end = p.changeEnds[c]!;
    const list: KeyChanges = { seqs: [], values: [], setters: [] };
    for (let j = from; j < end; j++) {
      list.seqs.push(inlineNumber(p.changeSeqs[j]!));
      list.values.push(changeValues[j]!);
      list.setters.push(records[p.changeSetters[j]!]!);
    }
    changes.set(textAt(p.changeKeys, c), list);
    from = end;
  }
  return {
    ...session,
    replays: { ...session.replays, keys, storage, acceptance },
    cutoffIndex: { ...session.cutoffIndex, changes },
  };
}
