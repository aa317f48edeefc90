import { analyze, type Analysis } from '../core/analyze';
import { loadInput } from '../io/loadInput';

/** An analysis of inline JSON Lines, through the same io and engine the page uses (for tests). */
export async function analysisOf(...files: { name: string; lines: readonly object[] }[]): Promise<Analysis> {
  const inputs = await Promise.all(
    files.map((f, i) => loadInput(f.name, new TextEncoder().encode(f.lines.map((l) => JSON.stringify(l)).join('\n')), i)),
  );
  return analyze(inputs);
}

export const O1 = [
  { kind: 'input', id: 'm2', op: 'revoke', session: 'o1', accept_seq: 2 },
  { kind: 'input', id: 'm1', op: 'allow', session: 'o1', accept_seq: 1 },
];

/** A response, a committed clear, then a request still naming the response: one stale reference. */
export const STALE_REFERENCE = [
  { kind: 'response', id: 'r1', response_id: 'resp_1', accept_seq: 1 },
  { kind: 'clear', id: 'c1', accept_seq: 2 },
  { kind: 'request', id: 'q1', previous_response_id: 'resp_1', accept_seq: 3 },
];
