/** Hostile input for the engine: prototype keys, values nested far too deep, look-alike ids. */
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { canonicalJson, jsonPreview, jsonText } from './canonical';
import { stateAtCutoff } from './cutoff';
import { normaliseStatus } from './evals';
import { renderMarkdownReport } from './markdownReport';
import type { JsonObject, JsonValue } from './model';
import { comparableContent, differingFields } from './recordIdentity';
import { check, directInput, findingsOf, sessionOf, theFinding } from './test/build';

/** A value nested `depth` arrays deep around `inner`, built without recursion. */
function nested(depth: number, inner: JsonValue = 1): JsonValue {
  let v: JsonValue = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('keys named __proto__, constructor and prototype are ordinary data', () => {
  const records = [
    { kind: 'input', id: 'a', accept_seq: 2, op: 'set', key: '__proto__', value: { polluted: true } },
    { kind: 'input', id: 'b', accept_seq: 1, op: 'set', key: '__proto__', value: { other: 1 } },
    { kind: 'input', id: 'c', accept_seq: 3, op: 'set', key: 'constructor', value: 'x' },
    { kind: 'input', id: 'd', accept_seq: 4, op: 'set', key: 'prototype', value: null },
  ];

  it('are replayed as keys of the state, with nothing polluted', () => {
    const { analysis, doc } = check(records);
    const s = analysis.sessions[0]!;
    expect(Object.keys(s.replays.storage)).toEqual(['__proto__', 'constructor', 'prototype']);
    expect(s.replays.storage['__proto__']).toEqual({ other: 1 });
    expect(s.replays.acceptance['__proto__']).toEqual({ polluted: true });
    expect(Object.getPrototypeOf(s.replays.storage)).toBeNull();
    expect(JSON.stringify(sessionOf(doc).replay.acceptance)).toBe('{"__proto__":{"polluted":true},"constructor":"x","prototype":null}');
    expect(theFinding(doc, 'decision-flip').message).toMatch(/^Key __proto__ is \{"polluted":true\} in acceptance order/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).other).toBeUndefined();
  });

  it('appear in the cutoff state and the report, and an absent one reads as absent', () => {
    const { analysis } = check(records, { cutoff: 2 });
    const s = analysis.sessions[0]!;
    expect(Object.keys(s.cutoff!.state)).toEqual(['__proto__']);
    expect(s.cutoff!.state['constructor']).toBeUndefined();
    expect(stateAtCutoff(s.cutoffIndex, 0)['__proto__']).toBeUndefined();
    const report = renderMarkdownReport(analysis, { generatedAt: 'now' });
    expect(report).toContain('__proto__');
  });

  it('as eval statuses are unknown, not members of Object.prototype', () => {
    for (const status of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) expect(normaliseStatus(status)).toBe('unknown');
    const { doc } = check([
      { kind: 'eval', id: 'e1', status: 'constructor' },
      { kind: 'eval', id: 'e2', status: '__proto__' },
      { kind: 'eval', id: 'e3', status: 'pass' },
    ]);
    expect(doc.evals).toMatchObject({ observations: 3, pass: 1, unknown: 2, pass_rate: 1 });
  });

  it('as record fields take part in comparisons', () => {
    // An object literal's __proto__ would set its prototype, so these are parsed, as a log line is.
    const parsed = (text: string) => directInput([JSON.parse(text) as JsonObject]).records[0]!;
    const one = parsed('{"kind":"input","id":"x","__proto__":{"v":1}}');
    const two = parsed('{"kind":"input","id":"x","__proto__":{"v":2}}');
    expect(comparableContent(one)).not.toBe(comparableContent(two));
    expect(comparableContent(one)).toContain('"__proto__":{"v":1}');
    expect(differingFields(one, two)).toEqual(['__proto__']);
  });
});

describe('values nested far deeper than any stack', () => {
  const DEPTH = 100_000;

  it('canonicalJson and jsonText write them without recursion', () => {
    const text = canonicalJson(nested(DEPTH));
    expect(text.length).toBe(2 * DEPTH + 1);
    expect(text.startsWith('[[[') && text.endsWith(']]]')).toBe(true);
    expect(jsonPreview(nested(DEPTH), 10)).toBe(`${'['.repeat(10)}…`);
    expect(jsonText({ b: [1, { d: 2, c: 3 }], a: 'x' })).toBe('{"b":[1,{"d":2,"c":3}],"a":"x"}');
    expect(canonicalJson({ b: [1, { d: 2, c: 3 }], a: 'x' })).toBe('{"a":"x","b":[1,{"c":3,"d":2}]}');
  });

  it('never make analyze throw, in any field the engine compares or quotes', () => {
    const deep = nested(DEPTH);
    const input = directInput([
      { kind: 'input', id: 'i1', accept_seq: 2, op: 'set', key: 'k', value: deep },
      { kind: 'input', id: 'i2', accept_seq: 1, op: 'set', key: 'k', value: nested(DEPTH, 2) },
      { kind: 'write', id: 'w1', accept_seq: 3, resource: 'r', if_match: 'v0', outcome: 'conflict', fields: deep },
      { kind: 'write', id: 'w2', accept_seq: 4, resource: 'r', if_match: 'v0', outcome: 'conflict', fields: deep },
      { kind: 'command', id: 'c1', accept_seq: 5, idempotency_key: 'k', payload: deep },
      { kind: 'command', id: 'c2', accept_seq: 6, idempotency_key: 'k', payload: nested(DEPTH, 3) },
      { kind: 'eval', id: 'e', status: 'pass', score: deep },
      { kind: 'eval', id: 'e', status: 'pass', score: nested(DEPTH, 0) },
    ]);
    const analysis = analyze([input], { cutoff: 3 });
    const codes = analysis.findings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['decision-flip', 'retry-after-conflict', 'idempotency-conflict', 'eval-conflict']));
    const flip = analysis.findings.find((f) => f.code === 'decision-flip')!;
    expect(flip.message.length).toBeLessThan(600);
    expect(() => renderMarkdownReport(analysis, { generatedAt: 'now' })).not.toThrow();
  });
});

describe('ids that look alike but differ are different identities', () => {
  const lookAlikes = ['resp_1\u200b', 'resp_1\u00a0', 'resp\u202e_1', 'resp_\u20601', 'resp_1\ufe0f'];

  it('in references: an id with an invisible character refers to nothing', () => {
    for (const id of lookAlikes) {
      const { doc } = check([
        { kind: 'response', id: 'a', accept_seq: 1, response_id: 'resp_1' },
        { kind: 'request', id: 'q', accept_seq: 2, previous_response_id: id },
      ]);
      expect(theFinding(doc, 'dangling-reference').message).toContain(id);
    }
  });

  it('in eval identities and sessions', () => {
    const { doc } = check([
      { kind: 'eval', id: 'case-1', status: 'pass' },
      ...lookAlikes.map((id) => ({ kind: 'eval', id: id.replace('resp_1', 'case-1').replace('resp', 'case'), status: 'fail' })),
    ]);
    expect(doc.evals).toMatchObject({ observations: 1 + lookAlikes.length, disputed: 0 });
    expect(findingsOf(doc, 'eval-conflict')).toEqual([]);
    const sessions = check([
      { kind: 'input', id: 'a', session: 's1', accept_seq: 1, op: 'allow' },
      { kind: 'input', id: 'b', session: 's1\u200d', accept_seq: 1, op: 'revoke' },
    ]).doc.sessions;
    expect(sessions.map((s) => s.session)).toEqual(['s1', 's1\u200d']);
  });
});
