import { describe, expect, it } from 'vitest';
import type { SeqRecord } from '../core/model';
import { linksOf } from './links';
import { analysisOf } from './testAnalysis';

describe('a record’s links', () => {
  it('finds the responses a record names, in its own session only, and who names a response', async () => {
    const a = await analysisOf({
      name: 'links.jsonl',
      lines: [
        { kind: 'response', id: 'r1', session: 's', response_id: 'resp_1', accept_seq: 1 },
        { kind: 'response', id: 'x1', session: 'other', response_id: 'resp_1', accept_seq: 1 },
        { kind: 'response', id: 'r2', session: 's', response_id: 'resp_2', previous_response_id: 'resp_1', accept_seq: 2 },
        { kind: 'request', id: 'q1', session: 's', previous_response_id: 'resp_2', refs: ['resp_1', 'resp_9'], accept_seq: 3 },
        { kind: 'request', id: 'q2', session: 'other', previous_response_id: 'resp_1', accept_seq: 2 },
      ],
    });
    expect(linksOf(a, 3).refersTo).toEqual([
      { ref: 'resp_2', targets: [2], stale: false },
      { ref: 'resp_1', targets: [0], stale: false },
      { ref: 'resp_9', targets: [], stale: false },
    ]);
    expect(linksOf(a, 0).referredBy).toEqual([2, 3]);
    expect(linksOf(a, 1).referredBy).toEqual([4]);
    expect(linksOf(a, 4).refersTo).toEqual([{ ref: 'resp_1', targets: [1], stale: false }]);
  });

  it('marks stale only the references to responses created before a clear, among many', async () => {
    const before = Array.from({ length: 40 }, (_, i) => ({ kind: 'response', id: `b${i}`, response_id: `old_${i}`, accept_seq: i + 1 }));
    const a = await analysisOf({
      name: 'compaction.jsonl',
      lines: [
        ...before,
        { kind: 'clear', id: 'c', accept_seq: 41 },
        { kind: 'response', id: 'n', response_id: 'new_0', accept_seq: 42 },
        { kind: 'request', id: 'q', refs: ['new_0', ...before.map((r) => r.response_id), 'gone'], accept_seq: 43 },
      ],
    });
    const links = linksOf(a, 42).refersTo;
    expect(links.map((l) => l.stale)).toEqual([false, ...before.map(() => true), false]);
    expect(links[1]).toEqual({ ref: 'old_0', targets: [0], stale: true });
    expect(links[41]).toEqual({ ref: 'gone', targets: [], stale: false });
  });

  it('links a notice and the failed write it surfaces both ways, and lists the findings naming a record', async () => {
    const a = await analysisOf({
      name: 'notice.jsonl',
      lines: [
        { kind: 'write', id: 'w1', session: 's', resource: 'doc', if_match: 'v1', version: 'v2', accept_seq: 1 },
        { kind: 'write', id: 'w2', session: 's', resource: 'doc', if_match: 'v1', version: 'v3', accept_seq: 2 },
        { kind: 'notice', id: 'n1', session: 's', ref: 'w2', accept_seq: 3 },
      ],
    });
    expect(linksOf(a, 2).notices).toEqual([1]);
    expect(linksOf(a, 1).notices).toEqual([2]);
    const named = a.findings.flatMap((f, fi) => (f.recordIndex.includes(1) ? [fi] : []));
    expect(named.length).toBeGreaterThan(0);
    expect(linksOf(a, 1).findings).toEqual(named);
  });
});

describe('a record\u2019s links in a file of several sessions', () => {
  it('are found among its own session\u2019s records, without reading the other sessions', async () => {
    const a = await analysisOf({
      name: 'two.jsonl',
      lines: [
        { kind: 'response', id: 'x1', session: 'other', response_id: 'resp_1', accept_seq: 1 },
        { kind: 'response', id: 'r1', session: 'chat', response_id: 'resp_1', accept_seq: 1 },
        { kind: 'request', id: 'q1', session: 'other', refs: ['resp_1'], accept_seq: 2 },
        { kind: 'request', id: 'q2', session: 'chat', refs: ['resp_1'], accept_seq: 2 },
      ],
    });
    // Each record of the other session counts the times its session is asked for.
    let reads = 0;
    for (const r of a.sessions.find((s) => s.session === 'other')!.records) {
      const session = r.session;
      Object.defineProperty(r as SeqRecord, 'session', { get: () => (reads++, session) });
    }
    expect(linksOf(a, 3).refersTo).toEqual([{ ref: 'resp_1', targets: [1], stale: false }]);
    expect(linksOf(a, 1).referredBy).toEqual([3]);
    expect(reads).toBe(0);
  });
});
