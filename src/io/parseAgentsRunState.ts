import { andMore, plural } from '../core/countText';
import type { InputNote, JsonObject, JsonValue, RejectedLine, SeqRecord } from '../core/model';
import { baseName, derivedRecord, isObject, stringOf } from './derivedRecord';
import type { FormatBody, FormatProbe, TextFormat } from './formats';
import { nestsDeeperThan, tooDeepReason } from './jsonDepth';
import { describeValue, escapeForMessage, jsonTypeName } from './jsonError';
import { elementSpansAt, rootValueSpans, type TextSpan } from './jsonSpans';
import { DEFAULT_LIMITS, type InputLimits } from './limits';
import { classifyResponseItem } from './responseItems';
import { textDigest } from './textDigest';
import { oneRejection, wholeDocumentRejection } from './wholeDocument';

/** The newest RunState schema this reader was written against (openai-agents-python tests/fixtures/run_state). */
const KNOWN_SCHEMA = '1.17';

function isRunState(v: unknown): boolean {
  return isObject(v) && '$schemaVersion' in v && ('model_responses' in v || 'generated_items' in v || 'current_agent' in v);
}

export const agentsRunStateFormat: TextFormat = {
  id: 'agents-run-state',
  label: 'OpenAI Agents SDK RunState (.json)',
  sniff: (probe) => isRunState(probe.document) || (probe.documentError !== null && /^\s*\{\s*"\$schemaVersion"\s*:/.test(probe.head)),
  parse: (text, fileName, fileIndex, probe, limits) => parseAgentsRunState(text, fileName, fileIndex, probe, limits),
};

interface Section {
  readonly name: string;
  readonly items: readonly JsonValue[];
  readonly spans: readonly TextSpan[];
}

/**
 * A serialized RunState (`RunState.to_json()`): the original input, each model
 * response with its `response_id`, and the generated items. Responses chain
 * through `previous_response_id` when the run used it, so a response id used
 * after a clear shows up as a stale reference. Items are listed section by
 * section, as the state stores them; that is storage order, not time.
 */
export function parseAgentsRunState(text: string, fileName: string, fileIndex: number, probe: FormatProbe, limits: InputLimits = DEFAULT_LIMITS): FormatBody {
  if (!isRunState(probe.document)) return wholeDocumentRejection('agents-run-state', 'an Agents SDK RunState', text, probe);
  // The state itself is a record (its `meta`), so a state nested too deep is refused whole rather than item by item.
  if (nestsDeeperThan(probe.document, limits.maxJsonDepth - 1, text.length)) {
    return oneRejection('agents-run-state', `line 1: this Agents SDK RunState is ${tooDeepReason(limits)}`);
  }
  const state = probe.document as JsonObject;
  const session = stringOf(state.conversation_id) ?? `run-state ${baseName(fileName)}`;
  const previous = stringOf(state.previous_response_id);
  const chained = previous !== null || state.auto_previous_response_id === true;
  const records: SeqRecord[] = [];
  const rejected: RejectedLine[] = [];
  let line = 0;
  const add = (kind: string, id: string, span: TextSpan | null, fields: JsonObject, original: JsonValue) => {
    records.push(
      derivedRecord(
        { fileName, fileIndex, line, offset: span ? span.start : -1, length: span ? span.end - span.start : 0 },
        { kind, id, session, fields, namespace: 'agents', original },
      ),
    );
  };

  line++;
  const responses = Array.isArray(state.model_responses) ? state.model_responses : [];
  // A paused run that has not called the model yet still says where it continues from.
  const headerRefs = previous !== null && responses.length === 0;
  add(headerRefs ? 'request' : 'meta', 'run_state', { start: 0, end: text.length }, headerRefs ? { previous_response_id: previous } : {}, state);

  const input = state.original_input;
  const placed = rootValueSpans(text, ['original_input', 'model_responses', 'generated_items']);
  const elementSpans = (key: string) => elementSpansAt(text, placed.get(key)?.start ?? -1) ?? [];
  if (typeof input === 'string') {
    line++;
    add('input', 'original_input', placed.get('original_input') ?? null, { actor: 'user', op: 'set', key: 'last_user_input', value: textDigest(input) }, input);
  }
  const sections: Section[] = [
    { name: 'original_input', items: Array.isArray(input) ? input : [], spans: elementSpans('original_input') },
    { name: 'model_responses', items: responses, spans: elementSpans('model_responses') },
    { name: 'generated_items', items: Array.isArray(state.generated_items) ? state.generated_items : [], spans: elementSpans('generated_items') },
  ];
  let lastResponseId: string | null = null;
  for (const section of sections) {
    section.items.forEach((item, i) => {
      line++;
      const where = `${section.name}[${i}]`;
      if (!isObject(item)) {
        rejected.push({ line, reason: `item ${line} (${where}): expected a JSON object, found ${jsonTypeName(item)} ${describeValue(item)}` });
        return;
      }
      const span = section.spans[i] ?? null;
      if (section.name === 'model_responses') {
        const responseId = item.response_id;
        if (responseId !== undefined && responseId !== null && typeof responseId !== 'string') {
          rejected.push({ line, reason: `item ${line} (${where}): response_id must be a string, got ${describeValue(responseId)}` });
          return;
        }
        const fields: JsonObject = { actor: 'agent', source: where };
        if (typeof responseId === 'string') fields.response_id = responseId;
        const prev = i === 0 ? previous : chained ? lastResponseId : null;
        if (prev !== null) fields.previous_response_id = prev;
        add('response', responseId ?? `response@${line}`, span, fields, item);
        if (typeof responseId === 'string') lastResponseId = responseId;
        return;
      }
      const raw = section.name === 'original_input' ? item : isObject(item.raw_item) ? item.raw_item : item;
      const shape = classifyResponseItem(raw);
      const fields: JsonObject = { actor: shape.actor, source: where };
      let kind: string = shape.kind;
      let id = shape.callId ?? shape.itemId ?? `${shape.type}@${line}`;
      if (shape.kind === 'input') Object.assign(fields, { op: 'set', key: 'last_user_input', value: textDigest(shape.text ?? '') });
      if (shape.callId !== null) fields.call_id = shape.callId;
      if (shape.kind === 'tool_output' && shape.callId !== null) {
        fields.refs = [shape.callId];
        id = `${shape.callId}:output`;
      }
      if (item.type === 'tool_approval_item') {
        kind = 'approval';
        id = `${shape.callId ?? id}:approval`;
        if (shape.callId !== null) fields.refs = [shape.callId];
      }
      add(kind, id, span, fields, item);
    });
  }
  return { format: 'agents-run-state', lines: line, blank: 0, rejected, records, notes: runStateNotes(state, chained) };
}

function runStateNotes(state: JsonObject, chained: boolean): InputNote[] {
  const version = typeof state.$schemaVersion === 'string' ? state.$schemaVersion : describeValue(state.$schemaVersion);
  const notes: InputNote[] = [
    {
      line: null,
      message: `Agents SDK RunState, schema ${version}: it records no acceptance order; storage order is the state's own order (original input, model responses, generated items), not the time they happened.`,
    },
  ];
  if (chained) notes.push({ line: null, message: 'the run continues responses through previous_response_id, so each response refers to the one before it.' });
  if (typeof state.$schemaVersion === 'string' && compareVersions(state.$schemaVersion, KNOWN_SCHEMA) > 0) {
    notes.push({ line: null, message: `schema ${state.$schemaVersion} is newer than ${KNOWN_SCHEMA}, the newest Seqscope knows: fields it does not know are kept as written.` });
  }
  const step = isObject(state.current_step) ? state.current_step : null;
  const pending = step && isObject(step.data) && Array.isArray(step.data.interruptions) ? step.data.interruptions.filter(isObject) : [];
  if (pending.length > 0) {
    const named = pending.slice(0, 10).map((p) => escapeForMessage(stringOf(p.tool_name) ?? (isObject(p.raw_item) ? stringOf(p.raw_item.name) : null) ?? 'a tool'));
    const names = named.join(', ') + andMore(pending.length, named.length);
    notes.push({ line: null, message: `the run is paused waiting for approval of ${plural(pending.length, 'tool call')} (${names}).` });
  }
  return notes;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Number.isNaN(d) ? 0 : d;
  }
  return 0;
}
