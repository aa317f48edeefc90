const COMMON = ['kind', 'id', 'session', 'accepted', 'accept_seq', 'ts', 'accepted_at', 'actor'];

const BY_KIND: Record<string, readonly string[]> = {
  input: ['op', 'key', 'value'],
  read: ['resource', 'version'],
  write: ['resource', 'if_match', 'version', 'outcome', 'reported', 'fields'],
  notice: ['ref'],
  response: ['response_id', 'previous_response_id'],
  request: ['previous_response_id', 'refs'],
  clear: ['outcome', 'committed'],
  task: ['task', 'revision', 'round'],
  command: ['task', 'revision', 'round', 'idempotency_key', 'payload', 'outcome'],
  eval: ['case_id', 'run_id', 'status', 'score', 'note', 'source'],
};

/** Whether the native format gives this field a meaning for this kind (spec section 2); others are kept and shown, not analysed. */
export function isKnownField(kind: string, field: string): boolean {
  // Own keys only: a kind is log text, and `toString` would find Object.prototype's function.
  return COMMON.includes(field) || (Object.hasOwn(BY_KIND, kind) && BY_KIND[kind]!.includes(field));
}
