import { describe, expect, it } from 'vitest';
import type { JsonObject } from './model';
import { inputEffects } from './replay';
import { SessionScan } from './sessionScan';
import { analyze } from './analyze';
import { directInput, toInput } from './test/build';

/** `datas` made into records directly (a -0 survives), or, `asLog`, written and read as a native log (accepted: false is read). */
const scanOf = (datas: readonly JsonObject[], asLog = false) => {
  const scan = new SessionScan();
  for (const r of (asLog ? toInput(datas) : directInput(datas)).records) scan.add(r, r.kind);
  return scan;
};

describe('SessionScan', () => {
  it("notes each participant's effects as inputEffects reads them, and null where an input has none or the record is no input", () => {
    const datas: JsonObject[] = [
      { kind: 'input', op: 'allow', key: 'k' },
      { kind: 'input', op: 'revoke' },
      { kind: 'input', op: 'set', key: 'k', value: { nested: [1, 2] } },
      { kind: 'input', op: 'set', key: 'k', value: -0 },
      { kind: 'input', op: 'set', key: 'k' },
      { kind: 'input', op: 'unset', key: 'k' },
      { kind: 'input', op: 'frobnicate', key: 'k' },
      { kind: 'input', effects: [{ key: 'a', value: 1 }, { key: 'b' }, 'junk'] },
      { kind: 'input', effects: [] },
      { kind: 'read', resource: 'R', version: 'v' },
    ];
    const scan = scanOf(datas);
    const expected = scan.participants.map((r) => (r.kind === 'input' && inputEffects(r).length > 0 ? inputEffects(r) : null));
    expect(scan.effects).toEqual(expected);
    expect(Object.is(scan.effects[3]![0]!.value, -0)).toBe(true);
    expect(scan.effects.map((e) => e === null)).toEqual([false, false, false, false, false, false, true, false, true, true]);
  });

  it('shares one list between inputs with equal primitive effects, and none for object values or -0', () => {
    const scan = scanOf([
      { kind: 'input', op: 'set', key: 'k', value: 'v' },
      { kind: 'input', op: 'set', key: 'k', value: 'v' },
      { kind: 'input', op: 'set', key: 'k', value: 0 },
      { kind: 'input', op: 'set', key: 'k', value: -0 },
      { kind: 'input', op: 'set', key: 'k', value: { x: 1 } },
      { kind: 'input', op: 'set', key: 'k', value: { x: 1 } },
    ]);
    const e = scan.effects;
    expect(e[0]).toBe(e[1]);
    expect(e[2]).not.toBe(e[3]);
    expect(e[4]).not.toBe(e[5]);
  });

  it('keeps records, participants, their numbers, the records without id and the unaccepted inputs in storage order', () => {
    const scan = scanOf([
      { kind: 'input', id: 'a', op: 'allow', accept_seq: 2 },
      { kind: 'input', op: 'allow', accepted: false },
      { kind: 'mystery', id: 'm', accept_seq: 5 },
      { kind: 'read', id: 'r', resource: 'R', version: 'v' },
      { kind: 'input', id: 'u', op: 'revoke', accepted: false },
    ], true);
    expect(scan.records.map((r) => r.line)).toEqual([1, 2, 3, 4, 5]);
    expect(scan.participants.map((r) => r.id)).toEqual(['a', 'r']);
    expect([...scan.participantSeqs()]).toEqual([2, NaN]);
    expect(scan.withoutId.map((r) => r.line)).toEqual([2]);
    expect(scan.unacceptedInputs.map((r) => r.line)).toEqual([2, 5]);
    expect(scan.accepted).toBe(3);
  });

  it('keeps the same lists when made at the size analyze counted, room left over trimmed', () => {
    const input = toInput([
      { kind: 'input', id: 'a', op: 'allow', accept_seq: 2 },
      { kind: 'input', op: 'allow', accepted: false },
      { kind: 'mystery', id: 'm', accept_seq: 5 },
      { kind: 'read', id: 'r', resource: 'R', version: 'v' },
      { kind: 'write', id: 'w', resource: 'R', version: 'v2', accept_seq: 1 },
    ]);
    const grown = new SessionScan();
    const sized = new SessionScan(input.records.length);
    input.records.forEach((r, i) => {
      grown.add(r, r.kind, i);
      sized.add(r, r.kind, i);
    });
    sized.done();
    for (const list of ['records', 'participants', 'effects', 'withoutId', 'unacceptedInputs'] as const) {
      expect(sized[list]).toEqual(grown[list]);
      expect(sized[list].length).toBe(grown[list].length);
    }
    expect(sized.participantSeqs()).toEqual(grown.participantSeqs());
  });
});

describe('SessionScan room', () => {
  it('grows with its participants: a log of one session per record does not hold a block of numbers per session', () => {
    const sessions = 1000;
    const datas: JsonObject[] = Array.from({ length: sessions }, (_, i) => ({ kind: 'input', id: `i${i}`, session: `s${i}`, op: 'allow', accept_seq: 1 }));
    const input = directInput(datas);
    // Every Float64Array made while the sessions are scanned and analysed, by the room it takes.
    const Native = globalThis.Float64Array;
    let bytes = 0;
    globalThis.Float64Array = new Proxy(Native, {
      construct(target, args: unknown[]) {
        const made = Reflect.construct(target, args) as Float64Array;
        bytes += made.byteLength;
        return made;
      },
    });
    try {
      expect(analyze([input]).sessions).toHaveLength(sessions);
    } finally {
      globalThis.Float64Array = Native;
    }
    // A block of 1,024 numbers (8 KiB) per session made 100,000 sessions take 800 MB.
    expect(bytes / sessions).toBeLessThan(256);
  });
});
