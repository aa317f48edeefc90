import type { JsonObject, JsonValue } from '../core/model';
import { isObject, stringOf } from './derivedRecord';

/**
 * The Seqscope kinds a Responses API item maps to. Only `input` is analysed
 * by the engine; the rest are kept and drawn on the timeline, so a tool call
 * whose output was never stored cannot become a bogus finding.
 */
export type ItemKind = 'input' | 'context' | 'message' | 'tool_call' | 'tool_output' | 'reasoning' | 'item';

export interface ItemShape {
  readonly kind: ItemKind;
  /** Who produced it: `user`, `agent`, `tool`, `developer`, `system`. */
  readonly actor: string;
  /** The item's `type`, or `message` for a bare `{role, content}` item. */
  readonly type: string;
  readonly role: string | null;
  /** Plain text of a message, for digests; null for other items. */
  readonly text: string | null;
  /** For calls and outputs: the `call_id` that links them. */
  readonly callId: string | null;
  /** The item's own `id` as the API gave it, when it has one. */
  readonly itemId: string | null;
}

/** Classifies one Responses API item (also the `payload` of a Codex `response_item` and an Agents SDK session item). */
export function classifyResponseItem(item: JsonObject): ItemShape {
  const type = stringOf(item.type) ?? (typeof item.role === 'string' ? 'message' : 'unknown');
  const role = stringOf(item.role);
  const itemId = stringOf(item.id);
  const callId = stringOf(item.call_id);
  const base = { type, role, itemId, callId, text: null };
  if (type === 'message') {
    const text = messageText(item.content ?? null);
    if (role === 'user') return { ...base, kind: 'input', actor: 'user', text };
    if (role === 'assistant') return { ...base, kind: 'message', actor: 'agent', text };
    return { ...base, kind: 'context', actor: role ?? 'system', text };
  }
  if (type === 'reasoning') return { ...base, kind: 'reasoning', actor: 'agent' };
  if (type.endsWith('_output')) return { ...base, kind: 'tool_output', actor: 'tool' };
  if (type.endsWith('_call')) return { ...base, kind: 'tool_call', actor: 'agent', callId: callId ?? itemId };
  if (type === 'compaction') return { ...base, kind: 'context', actor: 'system' };
  return { ...base, kind: 'item', actor: 'agent' };
}

/** The text of message content: a string, or the text parts of a content list (images as `[image]`). */
export function messageText(content: JsonValue): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === 'string') parts.push(part);
    else if (isObject(part)) {
      if (typeof part.text === 'string') parts.push(part.text);
      else if (typeof part.type === 'string' && part.type.includes('image')) parts.push('[image]');
    }
  }
  return parts.join('\n');
}
