import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, analyzeInStages } from './analyze';
import { evalRecord, mixedLog } from './test/arbitraries';
import { toInput } from './test/build';

describe('the analysis in two stages', () => {
  it('finishes as the analysis in one go, holding the sessions of its first stage', () => {
    const log = fc.tuple(mixedLog, fc.array(evalRecord, { maxLength: 4 }), fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }));
    fc.assert(
      fc.property(log, ([records, evals, cutoff]) => {
        const inputs = [toInput([...records, ...evals]), toInput(records.slice(0, 3), 'second.jsonl', 1)];
        const stages = analyzeInStages(inputs, { cutoff });
        const sessions = [...stages.sessions];
        const whole = stages.finish();
        expect(whole.sessions).toEqual(sessions);
        sessions.forEach((s, i) => expect(whole.sessions[i]).toBe(s));
        expect(whole.records).toBe(stages.records);
        expect(whole).toEqual(analyze(inputs, { cutoff }));
        expect(stages.finish()).toBe(whole);
      }),
      { numRuns: 200 },
    );
  });
});
