/** Spec "Findings order": severity, then session (eval findings, with none, last), then the first record's storage position, then code. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FindingSink, findingOrder, SEVERITY_OF, SEVERITY_RANK, type FindingCode } from './findings';
import type { Finding, JsonObject } from './model';
import { directInput } from './test/build';

/** The order as the specification states it, one comparison of whole findings at a time; ties keep the order raised. */
function referenceOrder(findings: readonly Finding[]): Finding[] {
  const first = (f: Finding) => (f.recordIndex.length ? Math.min(...f.recordIndex) : -1);
  const session = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] ||
        session(a.f.session, b.f.session) ||
        first(a.f) - first(b.f) ||
        (a.f.code < b.f.code ? -1 : a.f.code > b.f.code ? 1 : 0) ||
        a.i - b.i,
    )
    .map((x) => x.f);
}

const datas: JsonObject[] = Array.from({ length: 12 }, (_, i) => ({ kind: 'input', id: `r${i}` }));
const input = directInput(datas, 'log.jsonl');

const raised = fc.record({
  code: fc.constantFrom(...(Object.keys(SEVERITY_OF) as FindingCode[])),
  session: fc.constantFrom<string | null>(null, 'a', 'b', 'B', '', 'a\u0000'),
  message: fc.constantFrom('x', 'y'),
  records: fc.array(fc.nat(datas.length - 1), { maxLength: 4 }),
});

describe('FindingSink.finish', () => {
  it('lists findings in the specified order, whatever order they were raised in', () => {
    fc.assert(
      fc.property(fc.array(raised, { maxLength: 40 }), (list) => {
        const sink = new FindingSink([input.name]);
        for (const f of list) sink.add(f.code, f.session, f.message, f.records.map((i) => input.records[i]!));
        const got = sink.finish(input.records);
        // The reference orders the same findings as raised; finish must list them the same way.
        const raisedOrder = list.map((f) => ({ code: f.code, session: f.session, message: f.message, lines: f.records.map((i) => i + 1) }));
        const want = referenceOrder(
          raisedOrder.map((f) => ({ code: f.code, severity: SEVERITY_OF[f.code]!, session: f.session, message: f.message, records: [], recordIndex: f.lines.map((l) => l - 1) })),
        );
        expect(got.map((f) => [f.code, f.session, f.message, f.recordIndex])).toEqual(want.map((f) => [f.code, f.session, f.message, f.recordIndex]));
        expect(got.map((f) => f.records.map((r) => r.line))).toEqual(want.map((f) => f.recordIndex.map((i) => i + 1)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('findingOrder', () => {
  it('orders alike when each place is one number and when places are too many for that and findings are compared', () => {
    const finding = fc.record({
      code: fc.constantFrom(...(Object.keys(SEVERITY_OF) as FindingCode[])),
      session: fc.constantFrom<string | null>(null, 'a', 'b', 'B', ''),
      first: fc.integer({ min: -1, max: 11 }),
    });
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 60 }), (list) => {
        const codes = list.map((f) => f.code);
        const sessions = list.map((f) => f.session);
        const first = Int32Array.from(list, (f) => f.first);
        const packed = findingOrder(codes, sessions, first, 12);
        // 2^52 records: three severities times that many places is past what a double holds exactly.
        const compared = findingOrder(codes, sessions, first, 2 ** 52);
        const want = referenceOrder(
          list.map((f) => ({ code: f.code, severity: SEVERITY_OF[f.code]!, session: f.session, message: '', records: [], recordIndex: f.first < 0 ? [] : [f.first] })),
        );
        const wanted = want.map((f) => [f.code, f.session, f.recordIndex[0] ?? -1]);
        expect(Array.from(packed.order, (k) => [codes[k], sessions[k], first[k]])).toEqual(wanted);
        expect(Array.from(compared.order, (k) => [codes[k], sessions[k], first[k]])).toEqual(wanted);
        expect(packed.severities).toEqual(codes.map((c) => SEVERITY_OF[c]));
      }),
      { numRuns: 500 },
    );
  });
});
