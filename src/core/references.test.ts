/** Spec 3.5: clears and references — stale-reference, clear-committed-but-reported-failed, dangling-reference. */
import { describe, expect, it } from 'vitest';
import { brief, check, findingsOf, noFinding, sequenced, theFinding, type Rec } from './test/build';

const response = (id: string, responseId: string, extra: Rec = {}): Rec => ({ kind: 'response', id, response_id: responseId, ...extra });
const request = (id: string, extra: Rec): Rec => ({ kind: 'request', id, ...extra });
const clear = (id: string, extra: Rec = {}): Rec => ({ kind: 'clear', id, ...extra });

describe('stale-reference', () => {
  it('a request continuing from a response created before a committed clear names the reference, the clear and the response', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), clear('c1'), request('q1', { previous_response_id: 'resp-1' })]));
    const f = theFinding(doc, 'stale-reference');
    expect(brief(f)).toEqual({ code: 'stale-reference', severity: 'error', session: 'default', lines: [1, 2, 3] });
    expect(f.records.map((r) => r.id).sort()).toEqual(['c1', 'p1', 'q1']);
    noFinding(doc, 'dangling-reference');
  });

  it('is one finding per referring record and reference: refs and previous_response_id of requests and responses', () => {
    const { doc } = check(
      sequenced([
        response('p1', 'resp-1'),
        response('p2', 'resp-2'),
        clear('c1', { outcome: 'ok' }),
        request('q1', { refs: ['resp-1', 'resp-2'] }),
        response('p3', 'resp-3', { previous_response_id: 'resp-2' }),
      ]),
    );
    const found = findingsOf(doc, 'stale-reference').map(brief);
    expect(found.map((f) => f.lines).sort()).toEqual([[1, 3, 4], [2, 3, 4], [2, 3, 5]]);
  });

  it('tells apart two findings for one id named in two fields of one record by the field that holds it', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), clear('c1'), request('q1', { previous_response_id: 'resp-1', refs: ['x', 'resp-1'] })]));
    const messages = findingsOf(doc, 'stale-reference').map((f) => f.message);
    expect(messages).toHaveLength(2);
    expect(messages.some((m) => m.includes('refers to resp-1 in previous_response_id,'))).toBe(true);
    expect(messages.some((m) => m.includes('refers to resp-1 in refs[1],'))).toBe(true);
    expect(theFinding(doc, 'dangling-reference').message).toContain('refers to x in refs[0], which no response');
  });

  it('a response that refers through refs is checked too', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), clear('c1'), response('p2', 'resp-2', { refs: ['resp-1'] })]));
    expect(brief(theFinding(doc, 'stale-reference')).lines).toEqual([1, 2, 3]);
  });

  it('near miss: a reference to a response created after the clear', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), clear('c1'), response('p2', 'resp-2'), request('q1', { previous_response_id: 'resp-2', refs: ['resp-2'] })]));
    noFinding(doc, 'stale-reference');
    noFinding(doc, 'dangling-reference');
  });

  it('near miss: a reference made before the clear', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), request('q1', { previous_response_id: 'resp-1' }), clear('c1')]));
    noFinding(doc, 'stale-reference');
  });

  it('near miss: clears that did not commit (committed false, or a cancelled/failed clear by default) invalidate nothing', () => {
    for (const c of [clear('c1', { committed: false }), clear('c1', { outcome: 'cancelled' }), clear('c1', { outcome: 'error' }), clear('c1', { outcome: 'ok', committed: false })]) {
      const { doc } = check(sequenced([response('p1', 'resp-1'), c, request('q1', { previous_response_id: 'resp-1' })]));
      noFinding(doc, 'stale-reference');
      noFinding(doc, 'clear-committed-but-reported-failed');
    }
  });

  it('near miss: an unaccepted clear, or a clear in another session', () => {
    const unaccepted = check(sequenced([response('p1', 'resp-1'), clear('c1', { accepted: false }), request('q1', { previous_response_id: 'resp-1' })]));
    noFinding(unaccepted.doc, 'stale-reference');
    const other = check(
      sequenced([response('p1', 'resp-1', { session: 'a' }), clear('c1', { session: 'b' }), request('q1', { previous_response_id: 'resp-1', session: 'a' })]),
    );
    noFinding(other.doc, 'stale-reference');
  });

  it('a clear that committed but reported failure still drops the references', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), clear('c1', { outcome: 'error', committed: true }), request('q1', { refs: ['resp-1'] })]));
    expect(brief(theFinding(doc, 'stale-reference')).lines).toEqual([1, 2, 3]);
    expect(brief(theFinding(doc, 'clear-committed-but-reported-failed'))).toEqual({
      code: 'clear-committed-but-reported-failed',
      severity: 'warning',
      session: 'default',
      lines: [2],
    });
  });

  it('two clears after the response still give one finding per reference', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), clear('c1'), clear('c2'), request('q1', { previous_response_id: 'resp-1' })]));
    const f = theFinding(doc, 'stale-reference');
    expect(linesInclude(f.records, [1, 4])).toBe(true);
  });

  it('uses acceptance order when every number is usable: stored before the clear, accepted after it', () => {
    const records = [
      { ...response('p1', 'resp-1'), accept_seq: 1 },
      { ...request('q1', { previous_response_id: 'resp-1' }), accept_seq: 3 },
      { ...clear('c1'), accept_seq: 2 },
    ];
    expect(brief(theFinding(check(records).doc, 'stale-reference')).lines).toEqual([1, 2, 3]);
    // a duplicated number anywhere in the session switches to file order, where the request precedes the clear
    const dup = check([...records, { kind: 'read', id: 'r', resource: 'R', version: 'v', accept_seq: 1 }]).doc;
    noFinding(dup, 'stale-reference');
  });

  it('uses file order when a number is missing: stored after the clear is stale even if numbered earlier', () => {
    const records = [response('p1', 'resp-1', { accept_seq: 1 }), clear('c1', { accept_seq: 3 }), request('q1', { previous_response_id: 'resp-1', accept_seq: 2 })];
    noFinding(check(records).doc, 'stale-reference');
    const missing = check([...records, { kind: 'read', id: 'r', resource: 'R', version: 'v' }]).doc;
    expect(brief(theFinding(missing, 'stale-reference')).lines).toEqual([1, 2, 3]);
  });
});

function linesInclude(records: readonly { line: number }[], lines: number[]): boolean {
  return lines.every((l) => records.some((r) => r.line === l));
}

describe('clear-committed-but-reported-failed', () => {
  it('fires for committed true with outcome cancelled or error', () => {
    const { doc } = check(sequenced([clear('c1', { outcome: 'cancelled', committed: true }), clear('c2', { outcome: 'error', committed: true })]));
    expect(findingsOf(doc, 'clear-committed-but-reported-failed').map(brief)).toEqual([
      { code: 'clear-committed-but-reported-failed', severity: 'warning', session: 'default', lines: [1] },
      { code: 'clear-committed-but-reported-failed', severity: 'warning', session: 'default', lines: [2] },
    ]);
  });

  it('near miss: an ok clear (committed by default or explicitly), and an unaccepted failed-but-committed clear', () => {
    const { doc } = check(sequenced([clear('c1'), clear('c2', { committed: true }), clear('c3', { outcome: 'error', committed: true, accepted: false })]));
    noFinding(doc, 'clear-committed-but-reported-failed');
  });
});

describe('dangling-reference', () => {
  it('fires (warning) for a reference no response of the session creates, one per reference', () => {
    const { doc } = check(sequenced([response('p1', 'resp-1'), request('q1', { previous_response_id: 'nope', refs: ['resp-1', 'gone'] })]));
    const found = findingsOf(doc, 'dangling-reference').map(brief);
    expect(found).toEqual([
      { code: 'dangling-reference', severity: 'warning', session: 'default', lines: [2] },
      { code: 'dangling-reference', severity: 'warning', session: 'default', lines: [2] },
    ]);
    const messages = findingsOf(doc, 'dangling-reference').map((f) => f.message).join(' ');
    expect(messages).toContain('nope');
    expect(messages).toContain('gone');
  });

  it('near miss: a reference to a response created later in the session is not dangling', () => {
    const { doc } = check(sequenced([request('q1', { previous_response_id: 'resp-9' }), response('p9', 'resp-9')]));
    noFinding(doc, 'dangling-reference');
    noFinding(doc, 'stale-reference');
  });

  it('a response in another session, or an unaccepted response, does not create the id', () => {
    const other = check(sequenced([response('p1', 'resp-1', { session: 'a' }), request('q1', { refs: ['resp-1'], session: 'b' })]));
    expect(brief(theFinding(other.doc, 'dangling-reference'))).toMatchObject({ session: 'b', lines: [2] });
    const unaccepted = check(sequenced([response('p1', 'resp-1', { accepted: false }), request('q1', { refs: ['resp-1'] })]));
    expect(brief(theFinding(unaccepted.doc, 'dangling-reference')).lines).toEqual([2]);
  });

  it('a response continuing from an unknown response is dangling too', () => {
    const { doc } = check(sequenced([response('p2', 'resp-2', { previous_response_id: 'resp-1' })]));
    expect(brief(theFinding(doc, 'dangling-reference')).lines).toEqual([1]);
  });
});
