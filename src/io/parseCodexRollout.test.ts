import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import type { ParsedInput } from '../core/model';
import { fixturesDir, loadFile, loadText } from './test/samples';

const fixture = (name: string) => loadFile(join(fixturesDir, name), 0, name);
const codes = (inputs: ParsedInput[]) => analyze(inputs).findings.map((f) => f.code);
const line = (o: object) => JSON.stringify(o);
const meta = (extra: object = {}) => ({ timestamp: '2026-01-01T00:00:00Z', type: 'session_meta', payload: { id: 'thread-1', cli_version: '0.100.0', ...extra } });
const userMsg = (text: string, metadata?: object, ordinal?: number) => ({
  timestamp: '2026-01-01T00:00:01Z',
  ...(ordinal === undefined ? {} : { ordinal }),
  type: 'response_item',
  payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
  ...(metadata ? { metadata } : {}),
});

describe('Codex rollout, paginated form', () => {
  it('shows the inversion and the decision it flips when a steer is written after a later-accepted answer', async () => {
    const input = await fixture('codex-paginated-flip.jsonl');
    expect(input.format).toBe('codex-rollout');
    expect(input.rejected).toEqual([]);
    const analysis = analyze([input]);
    const session = analysis.sessions.find((s) => s.session === '0199aaaa-0000-7000-8000-000000000001')!;
    expect(session.ordering.inversions).toBe(1);
    expect(session.replays.storage.last_user_input).toMatch(/Keep the repository private/);
    expect(session.replays.acceptance.last_user_input).toMatch(/Publish\? Yes, but never publicly/);
    const flip = analysis.findings.find((f) => f.code === 'decision-flip')!;
    expect(flip.records.map((r) => r.line)).toEqual([6, 8]);
    expect(codes([input]).sort()).toEqual(['decision-flip', 'storage-order-inversion']);
  });

  it('maps each item to a kind, keeping injected context, tool links and delivered messages apart', async () => {
    const input = await fixture('codex-paginated-flip.jsonl');
    const byLine = new Map(input.records.map((r) => [r.line, r]));
    expect(byLine.get(3)!.kind).toBe('context');
    expect(byLine.get(4)).toMatchObject({ kind: 'input', acceptSeq: 0, id: 'msg_publish' });
    expect(byLine.get(5)).toMatchObject({ kind: 'tool_call', id: 'ask-1' });
    const answer = byLine.get(6)!;
    expect(answer).toMatchObject({ kind: 'input', acceptSeq: 2, id: 'answer:ask-1' });
    expect(answer.data.effects).toEqual([
      { key: 'last_user_input', value: answer.data.value },
      { key: 'answer: Publish?', value: expect.stringMatching(/^#[0-9a-f]{8} "Yes, but never publicly\."$/) },
    ]);
    expect(byLine.get(7)!.data).toMatchObject({ kind: 'tool_output', refs: ['ask-1'], call_id: 'ask-1' });
    expect(byLine.get(9)).toMatchObject({ kind: 'response', acceptSeq: 3 });
    expect(byLine.get(2)!.data.turn_id).toBe('turn-1');
    // The raw line is addressable and the original envelope is kept whole.
    const r = byLine.get(8)!;
    expect(JSON.parse(input.text.slice(r.offset, r.offset + r.length))).toEqual(r.data.codex);
  });

  it("keeps the parent's counter in a scope of its own", async () => {
    const input = await fixture('codex-paginated-subagent.jsonl');
    const analysis = analyze([input]);
    expect(analysis.sessions.map((s) => [s.session, s.ordering.inversions])).toEqual([
      ['0199bbbb-0000-7000-8000-000000000002', 0],
      ['0199bbbb-0000-7000-8000-000000000002 (inherited)', 0],
    ]);
    expect(analysis.findings).toEqual([]);
    expect(input.notes.map((n) => n.message).join('\n')).toMatch(/^2 lines carry metadata.inherited_user_message: their numbers are the parent thread's counter, so they form the session/m);
  });

  it('orders by ordinal and shows turns, an abort, a rollback and compactions as boundaries without deleting anything', async () => {
    const input = await fixture('codex-paginated-boundaries.jsonl');
    expect(input.records.map((r) => r.line)).toEqual([1, 2, 3, 5, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(input.boundaries!.map((b) => [b.line, b.kind])).toEqual([
      [2, 'turn-start'],
      [7, 'turn-end'],
      [8, 'turn-start'],
      [10, 'turn-aborted'],
      [11, 'rollback'],
      [12, 'compaction'],
      [13, 'compaction'],
      [15, 'turn-start'],
      [17, 'turn-end'],
    ]);
    expect(input.boundaries!.find((b) => b.kind === 'rollback')!.covers).toEqual({ fromLine: 8, toLine: 10 });
    const rolledBack = input.records.filter((r) => r.data.rolled_back_at_line === 11).map((r) => r.line);
    expect(rolledBack).toEqual([8, 9, 10]);
    expect(input.notes.map((n) => n.line)).toEqual([null, 5, 10, 11, 12, 13, 14]);
    expect(analyze([input]).findings).toEqual([]);
  });

  it('keeps an unknown item type and an added field, and says so', async () => {
    const input = await fixture('codex-paginated-boundaries.jsonl');
    const unknown = input.records.find((r) => r.line === 14)!;
    expect(unknown.kind).toBe('other');
    expect(unknown.data.codex).toMatchObject({ type: 'future_item', payload: { note: expect.any(String) } });
    expect(input.notes.find((n) => n.line === 14)!.message).toMatch(/unknown rollout item type "future_item"/);
    expect(input.records.find((r) => r.line === 16)!.data.codex).toMatchObject({ written_by: 'a newer Codex' });
  });

  it('reports inputs without a number once the file has an acceptance order, instead of guessing', async () => {
    const text = [meta(), userMsg('first', { user_input_order: 0 }, 0), userMsg('second', undefined, 1)].map(line).join('\n');
    const input = await loadText('partial.jsonl', text.replace('"type":"session_meta"', '"ordinal":2,"type":"session_meta"'));
    expect(input.notes[0]!.message).toMatch(/1 accepted item carries an acceptance number .*; 1 user input carries none and is reported as missing it\./);
    expect(codes([input]).sort()).toEqual(['missing-accept-seq', 'undetermined-decision']);
  });
});

describe('Codex rollout, legacy form', () => {
  it('says plainly that no acceptance order was recorded and raises one info, not a flood', async () => {
    const text = [meta(), userMsg('a'), userMsg('b'), { timestamp: 't', type: 'event_msg', payload: { type: 'user_message', message: 'b' } }].map(line).join('\n');
    const input = await loadText('legacy.jsonl', text);
    expect(input.notes[0]!.message).toMatch(/^Legacy Codex rollout \(Codex 0\.100\.0\): .*no acceptance order was recorded/);
    expect(input.records.every((r) => r.acceptSeq === null)).toBe(true);
    expect(codes([input])).toEqual(['no-acceptance-order']);
    expect(input.records[3]!.kind).toBe('event');
  });

  it('says a rollback whose num_turns is missing or no count is one of an unknown number of turns, quoting it, and marks nothing', async () => {
    const ev = (payload: object) => ({ timestamp: 't', type: 'event_msg', payload });
    const lines = [meta(), ev({ type: 'task_started', turn_id: 't1' }), userMsg('a'), ev({ type: 'thread_rolled_back', num_turns: -1 }), ev({ type: 'thread_rolled_back' })];
    const input = await loadText('rb.jsonl', lines.map(line).join('\n'));
    expect(input.notes.filter((n) => n.line === 4 || n.line === 5).map((n) => n.message)).toEqual([
      'thread rolled back, but its num_turns is -1, not a count: which turns it undid cannot be told, so nothing is marked.',
      'thread rolled back, but it has no num_turns: which turns it undid cannot be told, so nothing is marked.',
    ]);
    expect(input.boundaries!.filter((b) => b.kind === 'rollback').map((b) => [b.line, b.label, b.covers])).toEqual([
      [4, 'thread rolled back an unknown number of turns', null],
      [5, 'thread rolled back an unknown number of turns', null],
    ]);
    expect(input.records.some((r) => 'rolled_back_at_line' in r.data)).toBe(false);
  });

  it('says so too for a paginated file whose lines carry no acceptance numbers', async () => {
    const input = await loadText('plain.jsonl', [{ ...meta(), ordinal: 0 }, userMsg('a', undefined, 1)].map(line).join('\n'));
    expect(input.notes[0]!.message).toMatch(/no acceptance order was recorded, so none is assumed/);
    expect(codes([input])).toEqual(['no-acceptance-order']);
  });
});

describe('Codex rollout, bad lines', () => {
  it('rejects a truncated last line, saying it was probably still being written', async () => {
    const text = [line(meta()), line(userMsg('a')), '{"timestamp":"2026-01-01T00:00:02Z","type":"respo'].join('\n');
    const input = await loadText('cut.jsonl', text);
    expect(input.records).toHaveLength(2);
    expect(input.rejected).toEqual([
      { line: 3, reason: expect.stringMatching(/^line 3: not valid JSON \(.*\); it is the last line and has no line end, so Codex was probably still writing it$/) },
    ]);
  });

  it('rejects lines that are not rollout lines, each with its line number and what is wrong', async () => {
    const text = [
      line(meta()),
      '',
      line({ ...userMsg('a'), ordinal: '7' }),
      line({ timestamp: 't', type: 'response_item' }),
      line(userMsg('b', { user_input_order: -1 })),
      '[1,2]',
      line(userMsg('c', { inherited_user_message: 'yes' })),
      line({ timestamp: 't', type: 'retained_context', payload: { type: 'verified_answer', acceptance_order: 1.5 } }),
      line({ timestamp: 't', payload: {} }),
    ].join('\n');
    const input = await loadText('bad.jsonl', text);
    expect(input.blank).toBe(1);
    expect(input.records.map((r) => r.line)).toEqual([1]);
    expect(input.rejected).toEqual([
      { line: 3, reason: 'line 3: ordinal must be a non-negative integer, got "7"' },
      { line: 4, reason: 'line 4: a rollout line needs "payload"; this "response_item" line has none' },
      { line: 5, reason: 'line 5: metadata.user_input_order must be a non-negative integer, got -1' },
      { line: 6, reason: 'line 6: expected a JSON object, found an array [1,2]' },
      { line: 7, reason: 'line 7: metadata.inherited_user_message must be true or false, got "yes"' },
      { line: 8, reason: 'line 8: acceptance_order must be a non-negative integer, got 1.5' },
      { line: 9, reason: 'line 9: a rollout line needs "type" (a string), got nothing' },
    ]);
    expect(input.records.length + input.rejected.length + input.blank).toBe(input.lines);
  });

  it('quotes an ordinal or an order beyond 2^53 − 1 as the file writes it, not as JSON.parse rounds it', async () => {
    const big = '9007199254740993';
    const text = [
      line(meta()),
      line(userMsg('a')).replace('{', `{"ordinal":${big},`),
      line(userMsg('b', { user_input_order: 0 })).replace('"user_input_order":0', `"user_input_order":${big}`),
      line({ timestamp: 't', type: 'retained_context', payload: { type: 'verified_answer', acceptance_order: 0 } }).replace('"acceptance_order":0', `"acceptance_order":${big}`),
    ].join('\n');
    const input = await loadText('big.jsonl', text);
    const limit = 'must be a non-negative integer of at most 9007199254740991 (2^53 − 1), the largest a JSON number holds exactly; got 9007199254740993';
    expect(input.rejected).toEqual([
      { line: 2, reason: `line 2: ordinal ${limit}` },
      { line: 3, reason: `line 3: metadata.user_input_order ${limit}` },
      { line: 4, reason: `line 4: acceptance_order ${limit}` },
    ]);
  });

  it('falls back to line order, and says why, when only some lines have an ordinal', async () => {
    const input = await loadText('mixed.jsonl', [{ ...meta(), ordinal: 5 }, userMsg('a')].map(line).join('\n'));
    expect(input.records.map((r) => r.line)).toEqual([1, 2]);
    expect(input.notes.find((n) => n.line === 2)!.message).toMatch(/1 of 2 lines have no ordinal/);
  });
});

describe('Codex rollout, irregular ordinals', () => {
  it('notes repeated ordinals and jumps, a few of them, then how many more', async () => {
    const ordinals = [0, 0, 2, 4, 6, 8, 10, 12, 14];
    const text = ordinals.map((o) => line({ timestamp: 't', ordinal: o, type: 'event_msg', payload: { type: 'token_count' } })).join('\n');
    const input = await loadText('gaps.jsonl', text);
    const messages = input.notes.map((n) => n.message);
    expect(messages.filter((m) => /appears again|jump from/.test(m))).toHaveLength(5);
    expect(messages.at(-1)).toBe('3 more ordinal jumps or repeats from this line on.');
  });
});

describe('the inherited-counter note', () => {
  it('speaks of one line in the singular', async () => {
    const lines = readFileSync(join(fixturesDir, 'codex-paginated-subagent.jsonl'), 'utf8').split('\n');
    const inherited = lines.filter((l) => l.includes('"inherited_user_message":true'));
    const text = lines.filter((l) => l !== inherited[1]).join('\n');
    const input = await loadText('one-inherited.jsonl', text);
    expect(input.notes.map((n) => n.message).join('\n')).toMatch(/^1 line carries metadata.inherited_user_message: its number is the parent thread's counter, so it forms the session .* and is never compared/m);
  });
});
