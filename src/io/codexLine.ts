import { plural } from '../core/countText';
import type { JsonObject, JsonValue } from '../core/model';
import { isNonNegativeInteger, isObject, stringOf } from './derivedRecord';
import { nonNegativeIntegerReason } from './integerField';
import { describeValue, jsonTypeName } from './jsonError';
import { classifyResponseItem, type ItemKind } from './responseItems';
import { textDigest } from './textDigest';

/** One rollout line that is an envelope `{timestamp, ordinal?, type, payload, metadata?}`, with its line number. */
export interface CodexLine {
  readonly line: number;
  readonly value: JsonObject;
}

/** What a line means for the timeline beyond its record. */
export type CodexEvent =
  | { readonly type: 'turn-start' | 'turn-end'; readonly turnId: string | null }
  | { readonly type: 'turn-aborted'; readonly turnId: string | null; readonly reason: string | null }
  | { readonly type: 'rollback'; readonly numTurns: number; readonly invalid?: string }
  | { readonly type: 'compaction'; readonly label: string };

export interface CodexItem {
  readonly kind: ItemKind | 'response' | 'turn' | 'boundary' | 'event' | 'meta' | 'other';
  readonly id: string;
  /** `metadata.inherited_user_message`: the number belongs to the parent thread's counter. */
  readonly inherited: boolean;
  readonly acceptSeq: number | null;
  readonly fields: JsonObject;
  readonly event: CodexEvent | null;
  /** Set when the top-level `type` is one this reader does not know. */
  readonly unknownType: string | null;
  /** Set when a line carries `user_input_order` on an item that does not take part in acceptance order. */
  readonly unusedOrder: boolean;
}

/** Top-level types written by the openai/codex `RolloutItem` (codex-rs/history, rollout_payload.rs). */
const KNOWN_TYPES = new Set([
  'session_meta',
  'response_item',
  'event_msg',
  'turn_context',
  'compacted',
  'retained_context',
  'inter_agent_communication',
  'inter_agent_communication_metadata',
  'token_usage_record',
  'world_state',
  'security_risk_score',
  'realtime_item',
]);

/** Why a parsed line is not a rollout line, or null when it is one; `text` from `start` is the line, which a reason quotes a number from. */
export function envelopeProblem(v: unknown, text: string | null = null, start = 0): string | null {
  if (!isObject(v)) return `expected a JSON object, found ${jsonTypeName(v)} ${describeValue(v)}`;
  if (typeof v.type !== 'string') return `a rollout line needs "type" (a string), got ${describeValue(v.type)}`;
  if (!('payload' in v)) return `a rollout line needs "payload"; this "${v.type}" line has none`;
  if ('ordinal' in v && !isNonNegativeInteger(v.ordinal)) return nonNegativeIntegerReason('ordinal', v.ordinal, ['ordinal'], text, start);
  const meta = v.metadata;
  if (meta !== undefined && meta !== null) {
    if (!isObject(meta)) return `metadata must be an object, got ${describeValue(meta)}`;
    const order = meta.user_input_order;
    if (order !== undefined && order !== null && !isNonNegativeInteger(order)) {
      return nonNegativeIntegerReason('metadata.user_input_order', order, ['metadata', 'user_input_order'], text, start);
    }
    const inherited = meta.inherited_user_message;
    if (inherited !== undefined && typeof inherited !== 'boolean') {
      return `metadata.inherited_user_message must be true or false, got ${describeValue(inherited)}`;
    }
  }
  if (v.type === 'retained_context' && isObject(v.payload)) {
    const order = v.payload.acceptance_order;
    if (order !== undefined && order !== null && !isNonNegativeInteger(order)) {
      return nonNegativeIntegerReason('acceptance_order', order, ['payload', 'acceptance_order'], text, start);
    }
  }
  return null;
}

/** Maps one rollout line to its record in the native model. */
export function classifyCodexLine(l: CodexLine): CodexItem {
  const v = l.value;
  const type = v.type as string;
  const payload: JsonObject = isObject(v.payload) ? v.payload : {};
  const meta: JsonObject = isObject(v.metadata) ? v.metadata : {};
  const base: JsonObject = { actor: 'system' };
  if (typeof v.timestamp === 'string') base.ts = v.timestamp;
  const turnId = stringOf(payload.turn_id) ?? passthroughTurnId(payload);
  if (turnId !== null) base.turn_id = turnId;
  const plain = (kind: CodexItem['kind'], what: string, fields: JsonObject = {}, event: CodexEvent | null = null): CodexItem => ({
    kind,
    id: `${what}@${l.line}`,
    inherited: false,
    acceptSeq: null,
    fields: { ...base, ...fields },
    event,
    unknownType: null,
    unusedOrder: false,
  });

  switch (type) {
    case 'response_item':
      return responseItem(l, payload, meta, base);
    case 'retained_context':
      return retainedContext(l, payload, base);
    case 'event_msg':
      return eventMessage(payload, plain);
    case 'compacted': {
      const history = Array.isArray(payload.replacement_history) ? payload.replacement_history.length : null;
      const label = history === null ? 'history compacted' : `history compacted into a summary and ${plural(history, 'kept item')}`;
      return plain('boundary', 'compacted', {}, { type: 'compaction', label });
    }
    case 'session_meta':
    case 'turn_context':
      return plain('meta', type);
    default:
      if (KNOWN_TYPES.has(type)) return plain('event', type);
      return { ...plain('other', type), unknownType: type };
  }
}

function eventMessage(payload: JsonObject, plain: (kind: CodexItem['kind'], what: string, fields?: JsonObject, event?: CodexEvent | null) => CodexItem): CodexItem {
  const what = stringOf(payload.type) ?? 'event_msg';
  const turnId = stringOf(payload.turn_id);
  switch (what) {
    case 'task_started':
    case 'turn_started':
      return plain('turn', what, {}, { type: 'turn-start', turnId });
    case 'task_complete':
    case 'turn_complete':
      return plain('turn', what, {}, { type: 'turn-end', turnId });
    case 'turn_aborted':
      return plain('turn', what, {}, { type: 'turn-aborted', turnId, reason: stringOf(payload.reason) });
    case 'thread_rolled_back': {
      if (isNonNegativeInteger(payload.num_turns)) return plain('boundary', what, {}, { type: 'rollback', numTurns: payload.num_turns });
      // How many turns it undid is what marks them; a count that is not one marks nothing, and says what it was.
      const invalid = payload.num_turns === undefined ? 'it has no num_turns' : `its num_turns is ${describeValue(payload.num_turns)}, not a count`;
      return plain('boundary', what, {}, { type: 'rollback', numTurns: 0, invalid });
    }
    case 'context_compacted':
      return plain('boundary', what, {}, { type: 'compaction', label: 'context compacted' });
    case 'user_message':
      // The UI's mirror of a typed message; the response_item beside it is the input, so this one is not counted twice.
      return plain('event', what, { actor: 'user' });
    default:
      return plain('event', what);
  }
}

function responseItem(l: CodexLine, payload: JsonObject, meta: JsonObject, base: JsonObject): CodexItem {
  const shape = classifyResponseItem(payload);
  const order = isNonNegativeInteger(meta.user_input_order) ? meta.user_input_order : null;
  const inherited = meta.inherited_user_message === true;
  const fields: JsonObject = { ...base, actor: shape.actor };
  const at = `@${l.line}`;
  const item = (kind: CodexItem['kind'], id: string, acceptSeq: number | null, unusedOrder = false): CodexItem => ({
    kind,
    id,
    inherited,
    acceptSeq,
    fields,
    event: null,
    unknownType: null,
    unusedOrder,
  });

  if (shape.kind === 'input' || shape.kind === 'context') {
    const userRole = shape.role === 'user';
    if (userRole && (order !== null || !isInjectedContext(payload, shape.text ?? ''))) {
      Object.assign(fields, { op: 'set', key: 'last_user_input', value: textDigest(shape.text ?? '') });
      return item('input', shape.itemId ?? `user${at}`, order);
    }
    return item('context', shape.itemId ?? `${shape.role ?? 'context'}${at}`, null, order !== null);
  }
  if (shape.kind === 'message') {
    // A delivered assistant message shares the thread's local acceptance counter (rollout_payload.rs).
    if (order !== null) return item('response', shape.itemId ?? `assistant${at}`, order);
    return item('message', shape.itemId ?? `assistant${at}`, null);
  }
  if (shape.kind === 'tool_call') {
    if (shape.callId !== null) fields.call_id = shape.callId;
    return item('tool_call', shape.callId ?? shape.itemId ?? `${shape.type}${at}`, null, order !== null);
  }
  if (shape.kind === 'tool_output') {
    if (shape.callId !== null) Object.assign(fields, { call_id: shape.callId, refs: [shape.callId] });
    return item('tool_output', shape.callId !== null ? `${shape.callId}:output` : `${shape.type}${at}`, null, order !== null);
  }
  return item(shape.kind, shape.itemId ?? `${shape.type}${at}`, null, order !== null);
}

function retainedContext(l: CodexLine, payload: JsonObject, base: JsonObject): CodexItem {
  const what = stringOf(payload.type) ?? 'retained_context';
  const order = isNonNegativeInteger(payload.acceptance_order) ? payload.acceptance_order : null;
  if (what !== 'verified_answer') {
    return { kind: 'context', id: `${what}@${l.line}`, inherited: false, acceptSeq: null, fields: base, event: null, unknownType: null, unusedOrder: false };
  }
  const callId = stringOf(payload.call_id);
  const questions = Array.isArray(payload.questions) ? payload.questions.filter(isObject) : [];
  const pairs = questions.map((q) => ({ question: String(q.question ?? ''), answer: String(q.answer ?? '') }));
  // An answer whose questions Codex dropped (bounded storage) is incomplete evidence, not an empty answer.
  const value =
    pairs.length === 0
      ? `(answer to ${callId ?? 'a question'}; its content was omitted by Codex)`
      : textDigest(pairs.map((p) => `${p.question}\n${p.answer}`).join('\n\n'));
  const effects: JsonValue[] = [{ key: 'last_user_input', value }];
  for (const p of pairs) effects.push({ key: `answer: ${p.question}`, value: textDigest(p.answer) });
  const fields: JsonObject = { ...base, actor: 'user', op: 'set', key: 'last_user_input', value, effects };
  if (callId !== null) Object.assign(fields, { call_id: callId, refs: [callId] });
  return {
    kind: 'input',
    id: callId !== null ? `answer:${callId}` : `verified_answer@${l.line}`,
    inherited: false,
    acceptSeq: order,
    fields,
    event: null,
    unknownType: null,
    unusedOrder: false,
  };
}

function passthroughTurnId(payload: JsonObject): string | null {
  const pass = payload.internal_chat_message_metadata_passthrough;
  return isObject(pass) ? stringOf(pass.turn_id) : null;
}

const INJECTED_PREFIX = /^\s*(# AGENTS\.md instructions|<environment_context>|<user_instructions>|<permissions instructions>|<INSTRUCTIONS>)/;

/**
 * User-role messages Codex writes itself (project instructions, environment
 * context) are not a person's input. Newer rollouts name their content kinds;
 * older ones are recognised by their opening tag.
 */
function isInjectedContext(payload: JsonObject, text: string): boolean {
  const pass = payload.internal_chat_message_metadata_passthrough;
  const kinds = isObject(pass) ? pass.content_item_kinds : undefined;
  if (Array.isArray(kinds) && kinds.length > 0) {
    return kinds.every((k) => typeof k === 'string' && !k.startsWith('user.') && k !== 'unknown');
  }
  return INJECTED_PREFIX.test(text);
}
