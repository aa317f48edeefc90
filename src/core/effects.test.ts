import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { stateAtCutoff } from './cutoff';
import { toInput } from './test/build';

const answer = (id: string, seq: number, a: string, b: string) => ({
  kind: 'input',
  id,
  accept_seq: seq,
  op: 'set',
  key: 'last_user_input',
  value: `${id}`,
  effects: [
    { key: 'last_user_input', value: id },
    { key: 'answer: region', value: a },
    { key: 'answer: size', value: b },
  ],
});

describe('inputs that set several keys at once (importers list them in effects)', () => {
  it('replays every listed key, and flips each key whose orders disagree', () => {
    const a = analyze([toInput([answer('q2', 2, 'eu', 'large'), answer('q1', 1, 'us', 'large')])]);
    const s = a.sessions[0]!;
    expect(s.replays.acceptance).toEqual({ 'answer: region': 'eu', 'answer: size': 'large', last_user_input: 'q2' });
    expect(s.replays.storage).toEqual({ 'answer: region': 'us', 'answer: size': 'large', last_user_input: 'q1' });
    const flips = a.findings.filter((f) => f.code === 'decision-flip').map((f) => f.message.split(' ')[1]);
    expect(flips.sort()).toEqual(['answer:', 'last_user_input']);
    expect(stateAtCutoff(s.cutoffIndex, 1)).toEqual({ 'answer: region': 'us', 'answer: size': 'large', last_user_input: 'q1' });
  });

  it('ignores malformed entries and falls back to the op when effects is absent', () => {
    const a = analyze([
      toInput([
        { kind: 'input', id: 'x', accept_seq: 1, effects: [null, 'k', { key: 3 }, { key: 'ok' }] },
        { kind: 'input', id: 'y', accept_seq: 2, op: 'allow' },
      ]),
    ]);
    expect(a.sessions[0]!.replays.acceptance).toEqual({ ok: null, permission: 'allow' });
  });
});
