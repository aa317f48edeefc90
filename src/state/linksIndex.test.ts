import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Analysis } from '../core/analyze';
import type { SeqRecord } from '../core/model';
import { referencesOf } from '../core/references';
import { LINK_SLICE, linksOf, prepareSessionLinks } from './links';
import { analysisOf } from './testAnalysis';

// Counts the records whose references are read, to see what a selection reads.
vi.mock('../core/references', async (actual) => {
  const real = await actual<typeof import('../core/references')>();
  return { ...real, referencesOf: vi.fn(real.referencesOf) };
});
const referencesRead = vi.mocked(referencesOf);

/** A session of one response that `n` requests continue from, beside another session. */
function chat(n: number): object[] {
  const lines: object[] = [{ kind: 'response', id: 'r0', session: 'chat', response_id: 'resp_0', accept_seq: 1 }];
  for (let i = 1; i <= n; i++) lines.push({ kind: 'request', id: `q${i}`, session: 'chat', previous_response_id: 'resp_0', accept_seq: i + 1 });
  lines.push({ kind: 'response', id: 'x1', session: 'other', response_id: 'resp_0', accept_seq: 1 });
  return lines;
}

describe('a record\u2019s links come from its session\u2019s index, built once', () => {
  beforeEach(() => {
    referencesRead.mockClear();
  });

  it('reads the references of a session\u2019s records once, however many of its records are selected', async () => {
    const a = await analysisOf({ name: 'chat.jsonl', lines: chat(200) });
    referencesRead.mockClear();
    expect(linksOf(a, 0).referredBy).toHaveLength(200);
    const indexed = referencesRead.mock.calls.length;
    expect(indexed).toBeGreaterThan(200);
    // Each later selection reads the selected record's own references only, not the session's 201 records again.
    for (const index of [5, 0, 17, 120]) linksOf(a, index);
    expect(referencesRead.mock.calls.length - indexed).toBe(4);
    expect(linksOf(a, 9).refersTo).toEqual([{ ref: 'resp_0', targets: [0], stale: false }]);
  });

  it('is built ahead by prepareSessionLinks, so the first selection of a request or response reads only its own references', async () => {
    const a = await analysisOf({ name: 'chat.jsonl', lines: chat(200) });
    prepareSessionLinks(a, 'chat');
    referencesRead.mockClear();
    expect(linksOf(a, 0).referredBy).toHaveLength(200);
    expect(linksOf(a, 9).refersTo).toEqual([{ ref: 'resp_0', targets: [0], stale: false }]);
    expect(referencesRead.mock.calls.length).toBe(2);
  });
});

describe('the link index built a slice at a time while idle', () => {
  /** Responses each continued by a request, interleaved with another session: a session over two slices long. */
  function longChat(): object[] {
    const lines: object[] = [];
    for (let i = 0; i < LINK_SLICE * 1.25; i++) {
      lines.push({ kind: 'response', id: `r${i}`, session: 'chat', response_id: `resp_${i}`, accept_seq: 2 * i + 1 });
      lines.push({ kind: 'request', id: `q${i}`, session: i % 2 ? 'chat' : 'other', previous_response_id: `resp_${i}`, accept_seq: 2 * i + 2 });
    }
    return lines;
  }

  it('stops when told there is no time left, goes on where it stopped, and gives the links built at once', async () => {
    const sliced = await analysisOf({ name: 'long.jsonl', lines: longChat() });
    const whole = await analysisOf({ name: 'long.jsonl', lines: longChat() });
    let calls = 1;
    while (!prepareSessionLinks(sliced, 'chat', () => false)) calls++;
    // Two parts of two slices each: the first part's last slice and the second's first share a call.
    expect(calls).toBe(3);
    expect(prepareSessionLinks(sliced, 'chat', () => false)).toBe(true);
    for (const index of [0, 3, 2 * LINK_SLICE, sliced.records.length - 2, sliced.records.length - 1]) expect(linksOf(sliced, index)).toEqual(linksOf(whole, index));
  });

  it('is read to the end by a selection that needs it before the warm-up is done', async () => {
    const sliced = await analysisOf({ name: 'long.jsonl', lines: longChat() });
    const whole = await analysisOf({ name: 'long.jsonl', lines: longChat() });
    expect(prepareSessionLinks(sliced, 'chat', () => false)).toBe(false);
    const last = sliced.records.length - 2;
    expect(linksOf(sliced, last)).toEqual(linksOf(whole, last));
    expect(linksOf(sliced, last).referredBy.length).toBeGreaterThan(0);
    expect(prepareSessionLinks(sliced, 'chat', () => false)).toBe(true);
  });
});

/** The links of a record found the plain way: by reading every record of the file. */
function linksByReadingAll(a: Analysis, index: number) {
  const r = a.records[index]!;
  const same = (k: number) => a.records[k]!.session === r.session && a.records[k]!.kind !== 'eval';
  const all = a.records.map((_, k) => k).filter(same);
  const id = (x: SeqRecord, name: string) => (typeof x.data[name] === 'string' ? (x.data[name] as string) : undefined);
  const kindOf = (k: number) => a.records[k]!.kind;
  return {
    refersTo: referencesOf(r).map((ref) => all.filter((k) => kindOf(k) === 'response' && id(a.records[k]!, 'response_id') === ref)),
    referredBy:
      r.kind === 'response' ? all.filter((k) => (kindOf(k) === 'request' || kindOf(k) === 'response') && referencesOf(a.records[k]!).includes(id(r, 'response_id')!)) : [],
    notices:
      r.kind === 'notice'
        ? all.filter((k) => kindOf(k) === 'write' && String(a.records[k]!.id) === id(r, 'ref'))
        : r.kind === 'write'
          ? all.filter((k) => kindOf(k) === 'notice' && id(a.records[k]!, 'ref') === String(r.id))
          : [],
  };
}

/** A small random log of several sessions whose records name each other's ids often, repeats included. */
function randomLog(seed: number): object[] {
  let s = seed;
  const rand = (n: number) => ((s = (s * 1103515245 + 12345) % 2147483648), s % n);
  const kinds = ['response', 'request', 'write', 'notice', 'read'] as const;
  const lines: object[] = [];
  for (let i = 0; i < 60; i++) {
    const kind = kinds[rand(kinds.length)]!;
    const line: Record<string, unknown> = { kind, id: `w${rand(6)}`, session: `s${rand(3)}`, accept_seq: i + 1 };
    if (kind === 'response') line.response_id = `resp_${rand(5)}`;
    if ((kind === 'response' || kind === 'request') && rand(2) === 0) line.previous_response_id = `resp_${rand(5)}`;
    if ((kind === 'response' || kind === 'request') && rand(3) === 0) line.refs = [`resp_${rand(5)}`, `resp_${rand(5)}`];
    if (kind === 'notice') line.ref = `w${rand(6)}`;
    if (kind === 'write') Object.assign(line, { resource: `doc${rand(2)}`, version: `v${i}` });
    lines.push(line);
  }
  return lines;
}

describe('the session index finds what reading every record finds', () => {
  it('for every record of random logs of several sessions, in storage order', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const a = await analysisOf({ name: `random-${seed}.jsonl`, lines: randomLog(seed) });
      a.records.forEach((_, index) => {
        const links = linksOf(a, index);
        const expected = linksByReadingAll(a, index);
        expect({ refersTo: links.refersTo.map((l) => l.targets), referredBy: links.referredBy, notices: links.notices }).toEqual(expected);
      });
    }
  });
});
