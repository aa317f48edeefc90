import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import { toInput } from '../core/test/build';
import { cutoffStateText, replayLines } from './stateText';

const set = (key: string, value: number, seq: number) => ({ kind: 'input', id: `${key}-${seq}`, op: 'set', key, value, accept_seq: seq });
const keyName = (k: number) => `k${String(k).padStart(2, '0')}`;

describe('state lines of the text report', () => {
  it('name the first 20 of more keys, those whose replays differ first, on both lines alike, and count the rest', () => {
    const records = Array.from({ length: 30 }, (_, k) => set(keyName(k), k, k + 1));
    // k28 is set twice, stored against acceptance order: the two replays differ on it alone.
    records.push(set('k28', 99, 100), set('k28', 98, 99));
    const [storage, acceptance] = replayLines(analyze([toInput(records)]).sessions[0]!);
    const first19 = Array.from({ length: 19 }, (_, k) => `${keyName(k)}=${k}`).join(', ');
    expect(storage).toBe(`    storage replay:    ${first19}, k28=98 and 10 more keys (the same in both; see --all or --json)`);
    expect(acceptance).toBe(`    acceptance replay: ${first19}, k28=99 and 10 more keys (the same in both; see --all or --json)`);
  });

  it('count the differing keys that were left out when more than 20 differ', () => {
    const records = Array.from({ length: 25 }, (_, k) => [set(keyName(k), 1, 2 * k + 2), set(keyName(k), 0, 2 * k + 1)]).flat();
    const [storage] = replayLines(analyze([toInput(records)]).sessions[0]!);
    expect(storage).toMatch(/ and 5 more keys \(5 of them differ; see --all or --json\)$/);
  });

  it('list every key of a state of 20 keys or fewer, and the first 20 of a cutoff state of more', () => {
    const few = Array.from({ length: 3 }, (_, k) => set(keyName(k), k, k + 1));
    expect(replayLines(analyze([toInput(few)]).sessions[0]!)[0]).toBe('    storage replay:    k00=0, k01=1, k02=2');
    const state = Object.fromEntries(Array.from({ length: 22 }, (_, k) => [keyName(k), k]));
    expect(cutoffStateText(state, ['k01'])).toMatch(/^k00=0, k01=unknown, k02=2, .*k19=19 and 2 more keys \(see --all or --json\)$/);
  });
});
