import { describe, expect, it } from 'vitest';
import { probeText } from './detect';
import { arrayElementSpans } from './jsonSpans';
import { parseAgentsRunState } from './parseAgentsRunState';
import { countedText } from './test/countedText';

/** A RunState of many items whose session_items repeat generated_items, as the SDK writes them. */
function bigState(items: number): string {
  const generated = Array.from({ length: items }, (_, i) => ({ type: 'tool_call_item', agent: { name: 'a' }, raw_item: { type: 'function_call', call_id: `call_${i}`, name: 'f', arguments: '{}' } }));
  const state = { $schemaVersion: '1.13', current_agent: { name: 'a' }, original_input: 'go', model_responses: [], generated_items: generated, session_items: generated, max_turns: 10 };
  return JSON.stringify(state, null, 2);
}

describe('reading a large RunState', () => {
  it('finds where its sections and their items sit in one pass over the document, not one per section', () => {
    const plain = bigState(300);
    const oneLookup = countedText(plain);
    arrayElementSpans(oneLookup.text, ['generated_items']);
    const parsed = countedText(plain);
    const body = parseAgentsRunState(parsed.text, 'state.json', 0, probeText(plain));
    expect(body.records).toHaveLength(302);
    expect(body.records[2]!.offset).toBe(plain.indexOf('{', plain.indexOf('"generated_items"')));
    // Reading the items' places costs what finding one section's items does, not three times it.
    expect(parsed.reads()).toBeLessThan(oneLookup.reads() * 1.2);
  });
});
