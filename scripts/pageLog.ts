import { mulberry32 } from './generateLog';

/**
 * A seeded native log for the page benchmark: one session of `count`
 * records (so the order view shows all of them at once), mixed kinds, about
 * 10% stored out of acceptance order, 1% without accept_seq, 1% unaccepted.
 */
export function pageLogLines(count: number, seed = 7): string[] {
  const rand = mulberry32(seed);
  const lines: string[] = [];
  let lastResponse: string | undefined;
  const keys = ['permission', 'mode', 'budget', 'region'];
  for (let i = 0; i < count; i++) {
    const seq = i + 1;
    const base: Record<string, unknown> = { id: `r${seq}`, session: 'bench', actor: rand() < 0.5 ? 'user' : 'agent' };
    if (rand() >= 0.01) base.accept_seq = seq;
    if (rand() < 0.01) base.accepted = false;
    const roll = rand();
    let rec: Record<string, unknown>;
    if (roll < 0.45) {
      const op = rand() < 0.4 ? 'allow' : rand() < 0.5 ? 'revoke' : 'set';
      rec = { kind: 'input', ...base, op, key: keys[Math.floor(rand() * keys.length)], ...(op === 'set' ? { value: `v${Math.floor(rand() * 9)}` } : {}) };
    } else if (roll < 0.65) {
      const resource = `doc-${Math.floor(rand() * 50)}`;
      rec = rand() < 0.5 ? { kind: 'read', ...base, resource, version: `v${seq}` } : { kind: 'write', ...base, resource, if_match: `v${seq - 1}`, version: `v${seq}` };
    } else if (roll < 0.85) {
      const id = `resp_${seq}`;
      rec = { kind: 'response', ...base, response_id: id, ...(lastResponse ? { previous_response_id: lastResponse } : {}) };
      lastResponse = id;
    } else if (roll < 0.999) {
      rec = { kind: 'request', ...base, ...(lastResponse ? { previous_response_id: lastResponse } : {}) };
    } else rec = { kind: 'clear', ...base };
    lines.push(JSON.stringify(rec));
  }
  for (let i = 0; i < count / 20; i++) {
    const a = Math.floor(rand() * count);
    const b = Math.min(count - 1, a + 1 + Math.floor(rand() * 40));
    [lines[a], lines[b]] = [lines[b]!, lines[a]!];
  }
  return lines;
}
