import { describe, expect, it } from 'vitest';
import { analyze } from '../core/analyze';
import type { JsonObject } from '../core/model';
import { loadText } from './test/samples';

const fnCall = { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'transfer', arguments: '{}' };
const state = (extra: JsonObject = {}) => ({
  $schemaVersion: '1.17',
  auto_previous_response_id: false,
  conversation_id: null,
  current_agent: { name: 'agent' },
  current_turn: 2,
  original_input: 'Move the money.',
  previous_response_id: null,
  model_responses: [
    { output: [fnCall], request_id: 'req-1', response_id: 'resp_1', usage: {} },
    { output: [], request_id: 'req-2', response_id: 'resp_2', usage: {} },
  ],
  generated_items: [
    { type: 'tool_call_item', agent: { name: 'agent' }, raw_item: fnCall },
    { type: 'tool_call_output_item', agent: { name: 'agent' }, raw_item: { type: 'function_call_output', call_id: 'call_1', output: 'done' } },
    { type: 'message_output_item', agent: { name: 'agent' }, raw_item: { type: 'message', id: 'msg_1', role: 'assistant', content: [{ type: 'output_text', text: 'Moved.' }] } },
  ],
  ...extra,
});
const text = (s: object) => JSON.stringify(s, null, 2);

describe('Agents SDK RunState', () => {
  it('turns the input, each model response and each generated item into records, in section order', async () => {
    const input = await loadText('state.json', text(state()));
    expect(input.format).toBe('agents-run-state');
    expect(input.records.map((r) => [r.line, r.kind, r.id])).toEqual([
      [1, 'meta', 'run_state'],
      [2, 'input', 'original_input'],
      [3, 'response', 'resp_1'],
      [4, 'response', 'resp_2'],
      [5, 'tool_call', 'call_1'],
      [6, 'tool_output', 'call_1:output'],
      [7, 'message', 'msg_1'],
    ]);
    expect(input.records[5]!.data.refs).toEqual(['call_1']);
    // Without previous_response_id chaining each response stands alone.
    expect(input.records.some((r) => 'previous_response_id' in r.data)).toBe(false);
    // Every record shows the file's own text for it, the input string too.
    for (const r of input.records) expect(JSON.parse(input.text.slice(r.offset, r.offset + r.length))).toEqual(r.data.agents);
    expect(input.text.slice(input.records[1]!.offset, input.records[1]!.offset + input.records[1]!.length)).toBe('"Move the money."');
    expect(input.notes[0]!.message).toMatch(/schema 1\.17: it records no acceptance order/);
    expect(analyze([input]).findings.map((f) => f.code)).toEqual(['no-acceptance-order']);
  });

  it('chains responses through previous_response_id, so a reference across a clear is stale', async () => {
    const run = await loadText('state.json', text(state({ conversation_id: 'conv_1', previous_response_id: 'resp_0' })), 1);
    expect(run.records.filter((r) => r.kind === 'response').map((r) => r.data.previous_response_id)).toEqual(['resp_0', 'resp_1']);
    const before = await loadText(
      'history.jsonl',
      ['{"kind":"response","id":"r0","session":"conv_1","response_id":"resp_0"}', '{"kind":"clear","id":"c1","session":"conv_1"}'].join('\n'),
      0,
    );
    const stale = analyze([before, run]).findings.filter((f) => f.code === 'stale-reference');
    expect(stale).toHaveLength(1);
    expect(stale[0]!.records.map((x) => [x.file, x.line])).toEqual([
      ['history.jsonl', 1],
      ['history.jsonl', 2],
      ['state.json', 3],
    ]);
  });

  it('says where a paused run continues from when it has no response yet', async () => {
    const input = await loadText('state.json', text(state({ previous_response_id: 'resp_9', model_responses: [], generated_items: [] })));
    expect(input.records[0]!).toMatchObject({ kind: 'request' });
    expect(input.records[0]!.data.previous_response_id).toBe('resp_9');
  });

  it('says the run waits for approval, and keeps the approval item linked to its call', async () => {
    const approval = { type: 'tool_approval_item', agent: { name: 'agent' }, raw_item: fnCall, tool_name: 'transfer' };
    const s = state({ current_step: { type: 'next_step_interruption', data: { interruptions: [approval] } }, generated_items: [approval] });
    const input = await loadText('state.json', text(s));
    expect(input.records.at(-1)!.data).toMatchObject({ kind: 'approval', id: 'call_1:approval', refs: ['call_1'] });
    expect(input.notes.map((n) => n.message)).toContain('the run is paused waiting for approval of 1 tool call (transfer).');
  });

  it('keeps unknown fields, notes a newer schema, and rejects bad entries by item', async () => {
    const s = state({ $schemaVersion: '2.0', brand_new: { a: 1 }, model_responses: [{ response_id: 7 }, 'x'], generated_items: [] });
    const input = await loadText('state.json', text(s));
    expect((input.records[0]!.data.agents as JsonObject).brand_new).toEqual({ a: 1 });
    expect(input.notes.map((n) => n.message).join('\n')).toMatch(/schema 2\.0 is newer than 1\.17/);
    expect(input.rejected).toEqual([
      { line: 3, reason: 'item 3 (model_responses[0]): response_id must be a string, got 7' },
      { line: 4, reason: 'item 4 (model_responses[1]): expected a JSON object, found a string "x"' },
    ]);
  });

  it('keeps a generated item of a type it does not know as an item', async () => {
    const future = { type: 'future_item', agent: { name: 'agent' }, raw_item: { type: 'hologram_call_v2_status', id: 'h1' } };
    const input = await loadText('state.json', text(state({ generated_items: [future] })));
    expect(input.records.at(-1)!).toMatchObject({ kind: 'item', id: 'h1' });
    expect(input.records.at(-1)!.data.agents).toEqual(future);
  });

  it('rejects a cut-off state as one document', async () => {
    const input = await loadText('cut.json', text(state()).slice(0, 300));
    expect(input.format).toBe('agents-run-state');
    expect(input.rejected[0]!.reason).toMatch(/^line 1: this looks like an Agents SDK RunState but is not valid JSON: it ends early, after text line \d+, column \d+ \(.*\), so the file was probably cut off$/);
  });
});
