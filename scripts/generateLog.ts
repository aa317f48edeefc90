/**
 * A seeded synthetic native log for benchmarks: mixed kinds, several
 * sessions, about 10% of records stored out of acceptance order, some evals.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateLogLines(count: number, seed = 42): string[] {
  const rand = mulberry32(seed);
  const sessions = ['s-alpha', 's-beta', 's-gamma', 's-delta'];
  const seqOf = new Map<string, number>();
  const lastResponse = new Map<string, string>();
  const versionOf = new Map<string, number>();
  const lines: string[] = [];
  const keys = ['permission', 'mode', 'budget', 'region'];
  for (let i = 0; i < count; i++) {
    if (rand() < 0.05) {
      const run = Math.floor(rand() * 3);
      const caseId = `case-${Math.floor(rand() * 20000)}`;
      const status = rand() < 0.7 ? 'pass' : rand() < 0.8 ? 'fail' : 'error';
      lines.push(JSON.stringify({ kind: 'eval', id: `${caseId}#${run}`, case_id: caseId, run_id: `run-${run}`, status, score: status === 'pass' ? 1 : 0 }));
      continue;
    }
    const session = sessions[Math.floor(rand() * sessions.length)]!;
    const seq = (seqOf.get(session) ?? 0) + 1;
    seqOf.set(session, seq);
    const ts = new Date(Date.UTC(2026, 10, 1) + i * 250).toISOString();
    const common = { id: `${session}-${seq}`, session, accept_seq: seq, ts, actor: rand() < 0.5 ? 'user' : 'agent' };
    const roll = rand();
    let rec: Record<string, unknown>;
    if (roll < 0.4) {
      const op = rand() < 0.5 ? 'allow' : rand() < 0.5 ? 'revoke' : 'set';
      rec = { kind: 'input', ...common, op, key: keys[Math.floor(rand() * keys.length)], ...(op === 'set' ? { value: `v${Math.floor(rand() * 9)}` } : {}) };
    } else if (roll < 0.7) {
      // Versions per resource advance with each write; about 2% of writes carry a stale if_match.
      const resource = `${session}/evt-${Math.floor(rand() * 200)}`;
      const v = versionOf.get(resource) ?? 1;
      if (roll < 0.55) rec = { kind: 'read', ...common, resource, version: `W/"${v}"` };
      else {
        const ifMatch = rand() < 0.02 ? v - 1 : v;
        versionOf.set(resource, v + 1);
        rec = { kind: 'write', ...common, resource, if_match: `W/"${ifMatch}"`, version: `W/"${v + 1}"`, fields: { start: `Tue ${10 + (seq % 8)}:00` } };
      }
    } else if (roll < 0.85) {
      const id = `resp_${session}_${seq}`;
      rec = { kind: 'response', ...common, response_id: id, previous_response_id: lastResponse.get(session) };
      lastResponse.set(session, id);
    } else if (roll < 0.95) {
      rec = { kind: 'request', ...common, previous_response_id: lastResponse.get(session) };
    } else if (roll < 0.951) {
      rec = { kind: 'clear', ...common, outcome: 'ok' };
    } else {
      rec = { kind: 'command', ...common, task: 'T1', revision: 1, round: 1, idempotency_key: rand() < 0.01 ? `k-${session}-${seq - 1}` : `k-${session}-${seq}`, payload: { action: 'merge' } };
    }
    lines.push(JSON.stringify(rec));
  }
  // Displace about 10% of lines by swapping neighbours a short distance apart.
  for (let i = 0; i < count / 20; i++) {
    const a = Math.floor(rand() * count);
    const b = Math.min(count - 1, a + 1 + Math.floor(rand() * 20));
    const t = lines[a]!;
    lines[a] = lines[b]!;
    lines[b] = t;
  }
  return lines;
}
