import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import type { JsonObject } from '../core/model';
import { loadText } from './test/samples';

const result = (testIdx: number, promptIdx: number, provider: string, success: boolean, extra: JsonObject = {}) => ({
  id: `r-${testIdx}-${promptIdx}-${provider}`,
  testIdx,
  promptIdx,
  provider: { id: provider, label: '' },
  success,
  score: success ? 1 : 0,
  failureReason: success ? 0 : 1,
  ...extra,
});
const exportOf = (results: unknown[], evalId: string | null = 'eval-1') =>
  JSON.stringify({ ...(evalId ? { evalId } : {}), results: { version: 3, timestamp: '2026-01-01T00:00:00Z', results }, config: {} }, null, 2);

describe('promptfoo results', () => {
  const completionOrder = [
    result(0, 1, 'openai:b', true),
    result(0, 0, 'openai:a', false, { error: 'expected "echo"', gradingResult: { pass: false, reason: 'expected "echo"' } }),
    result(1, 0, 'openai:a', false, { failureReason: 2, error: 'HTTP 500' }),
  ];

  it('makes one eval record per result, in completion order, identified by test, prompt and provider within the eval', async () => {
    const input = await loadText('results.json', exportOf(completionOrder));
    expect(input.format).toBe('promptfoo');
    expect(input.records.map((r) => [r.line, r.data.case_id, r.data.run_id, r.data.status])).toEqual([
      [1, 'test 0 prompt 1 provider openai:b', 'eval-1', 'pass'],
      [2, 'test 0 prompt 0 provider openai:a', 'eval-1', 'fail'],
      [3, 'test 1 prompt 0 provider openai:a', 'eval-1', 'error'],
    ]);
    expect(input.records[1]!.data.note).toBe('expected "echo"');
    const r = input.records[2]!;
    expect(JSON.parse(input.text.slice(r.offset, r.offset + r.length))).toEqual(r.data.promptfoo);
    expect(input.notes[0]!.message).toMatch(/3 results in completion order/);
    expect(analyze([input]).evals!.summary).toMatchObject({ observations: 3, pass: 1, fail: 1, error: 1 });
  });

  it('keeps fields it does not know', async () => {
    const input = await loadText('results.json', exportOf([result(0, 0, 'p', true, { newField: [1, 2] })]));
    expect((input.records[0]!.data.promptfoo as JsonObject).newField).toEqual([1, 2]);
  });

  it('rejects results without their indices or success, by item number', async () => {
    const bad = [result(0, 0, 'p', true), { testIdx: 1, success: true }, { testIdx: 2, promptIdx: 0, success: 'yes' }, 7];
    const input = await loadText('results.json', exportOf(bad));
    expect(input.records.map((r) => r.line)).toEqual([1]);
    expect(input.rejected).toEqual([
      { line: 2, reason: 'item 2 (results.results[1]): promptIdx must be a non-negative integer, got nothing' },
      { line: 3, reason: 'item 3 (results.results[2]): success must be true or false, got "yes"' },
      { line: 4, reason: 'item 4 (results.results[3]): a result must be a JSON object, found a number 7' },
    ]);
  });

  it('quotes an index beyond 2^53 − 1 as the file writes it, not as JSON.parse rounds it', async () => {
    const text = exportOf([result(0, 0, 'p', true), result(1, 0, 'p', true, { testIdx: 'BIG' }), result(2, 0, 'p', true, { promptIdx: 'HUGE' })])
      .replace('"BIG"', '9007199254740993')
      .replace('"HUGE"', '1e999');
    const input = await loadText('results.json', text);
    const limit = 'must be a non-negative integer of at most 9007199254740991 (2^53 − 1), the largest a JSON number holds exactly; got';
    expect(input.rejected).toEqual([
      { line: 2, reason: `item 2 (results.results[1]): testIdx ${limit} 9007199254740993` },
      { line: 3, reason: `item 3 (results.results[2]): promptIdx ${limit} 1e999` },
    ]);
  });

  it('rejects a cut-off export as one document', async () => {
    const text = exportOf(completionOrder);
    const input = await loadText('cut.json', text.slice(0, 200));
    expect(input.format).toBe('promptfoo');
    expect(input.rejected).toHaveLength(1);
    expect(input.rejected[0]!.reason).toMatch(/^line 1: this looks like a promptfoo results export but is not valid JSON: it ends early, after text line \d+, column \d+ \(.*\), so the file was probably cut off$/);
  });

  it('shows a result that differs between two exports of one eval as a conflict, and two evals as separate runs', async () => {
    const a = await loadText('a.json', exportOf([result(0, 0, 'p', true)]), 0);
    const b = await loadText('b.json', exportOf([result(0, 0, 'p', false)]), 1);
    expect(analyze([a, b]).findings.map((f) => f.code)).toEqual(['eval-conflict']);
    const c = await loadText('c.json', exportOf([result(0, 0, 'p', false)], 'eval-2'), 1);
    expect(analyze([a, c]).evals!.summary).toMatchObject({ observations: 2, disputed: 0 });
  });
});
