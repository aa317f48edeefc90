/** Spec "Findings order": severity, then session (eval findings, with none, last), then the first record's storage position, then code. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FindingSink, SEVERITY_OF, SEVERITY_RANK, type FindingCode } from './findings';
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
