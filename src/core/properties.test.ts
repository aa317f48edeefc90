/** Property tests (fast-check) of invariants the spec states in 3.2 and 3.7 and section 4. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, findingsOf, type DocFinding, type Rec } from './test/build';
import { evalRecord, inputBody, mixedBody, mixedLog, permutationOf } from './test/arbitraries';

const RUNS = { numRuns: 300 };

describe('eval summary invariants (3.7)', () => {
  it('is identical for every permutation of the records', () => {
    const arb = fc.array(evalRecord, { maxLength: 10 }).chain((rs) => fc.tuple(fc.constant(rs), permutationOf(rs)));
    fc.assert(
      fc.property(arb, ([records, shuffled]) => {
        const a = check(records).doc;
        const b = check(shuffled).doc;
        expect(b.evals).toEqual(a.evals);
        expect(b.findings.map((f) => f.code).sort()).toEqual(a.findings.map((f) => f.code).sort());
      }),
      RUNS,
    );
  });

  it('is identical when notes are renamed consistently (same statuses, same repeat structure)', () => {
    const rename = fc.constantFrom<Record<string, string>>({ a: 'b', b: 'c', c: 'a' }, { a: 'x', b: 'y', c: 'z' }, { a: 'c', b: 'a', c: 'b' });
    fc.assert(
      fc.property(fc.array(evalRecord, { maxLength: 10 }), rename, (records, map) => {
        const renamed = records.map((r) => (typeof r.note === 'string' ? { ...r, note: map[r.note] } : r));
        expect(check(renamed).doc.evals).toEqual(check(records).doc.evals);
      }),
      RUNS,
    );
  });

  it('keeps every count and rate when any note changes without the status changing (replays aside: see report)', () => {
    const arb = fc.array(fc.tuple(evalRecord, fc.option(fc.constantFrom('a', 'b', 'zz'), { nil: undefined })), { maxLength: 10 });
    fc.assert(
      fc.property(arb, (rows) => {
        const records = rows.map(([r]) => r);
        const changed = rows.map(([r, note]) => {
          const { note: _old, ...rest } = r;
          return note === undefined ? rest : { ...rest, note };
        });
        const a = check(records).doc.evals;
        const b = check(changed).doc.evals;
        expect(b === null ? null : { ...b, replays: 0 }).toEqual(a === null ? null : { ...a, replays: 0 });
      }),
      RUNS,
    );
  });
});

/** A finding by the ids it names, so that line shifts do not matter. */
function byIds(f: DocFinding): string {
  return JSON.stringify([f.code, f.severity, f.session, f.records.map((r) => String(r.id)).sort()]);
}

describe('unaccepted records change nothing (3.2)', () => {
  const nonEval = mixedBody.filter((r) => r.kind !== 'eval');
  const base = fc.array(fc.oneof({ weight: 3, arbitrary: inputBody }, { weight: 1, arbitrary: nonEval }), { minLength: 1, maxLength: 8 });
  const extra = fc.array(
    fc.tuple(
      fc.nat(20),
      fc.oneof(
        inputBody,
        inputBody.map((r): Rec => ({ ...r, key: 'ghost' })),
        nonEval,
      ),
    ),
    { maxLength: 5 },
  );

  it('storage and acceptance replays, the cutoff and every other finding are unchanged wherever unaccepted records are stored', () => {
    fc.assert(
      fc.property(base, extra, fc.integer({ min: 0, max: 6 }), (bodies, inserts, n) => {
        const records: Rec[] = bodies.map((b, i) => ({ ...b, id: `b${i}`, accepted: true }));
        const mixed = [...records];
        inserts.forEach(([pos, body], i) => mixed.splice(pos % (mixed.length + 1), 0, { ...body, id: `u${i}`, accepted: false }));
        const a = check(records, { cutoff: n }).doc;
        const b = check(mixed, { cutoff: n }).doc;
        const sa = a.sessions.find((s) => s.session === 'default')!;
        const sb = b.sessions.find((s) => s.session === 'default')!;
        expect(sb.replay).toEqual(sa.replay);
        expect(sb.cutoff).toEqual(sa.cutoff);
        expect(sb.inversions).toBe(sa.inversions);
        // every unaccepted input is reported, and nothing else is
        const named = findingsOf(b, 'unaccepted-input').flatMap((f) => f.records.map((r) => String(r.id)));
        expect(named.every((id) => id.startsWith('u'))).toBe(true);
        inserts.forEach(([, body], i) => body.kind === 'input' && expect(named).toContain(`u${i}`));
        const rest = (d: typeof a) => d.findings.filter((f) => f.code !== 'unaccepted-input').map(byIds).sort();
        expect(rest(b)).toEqual(rest(a));
      }),
      RUNS,
    );
  });
});

describe('determinism (section 4)', () => {
  it('the same input twice gives deep-equal output, findings in the same order', () => {
    fc.assert(
      fc.property(mixedLog, fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }), (records, cutoff) => {
        const first = check(records, { cutoff });
        const second = check(JSON.parse(JSON.stringify(records)) as Rec[], { cutoff });
        expect(second.doc).toEqual(first.doc);
        expect(second.analysis.findings).toEqual(first.analysis.findings);
      }),
      RUNS,
    );
  });

  it('every finding carries a code of section 4 with its severity, and eval findings have session null', () => {
    const SEVERITY: Record<string, string> = {};
    const table: [string, string[]][] = [
      ['error', ['duplicate-accept-seq', 'decision-flip', 'lost-update', 'reported-success-on-failure', 'stale-reference', 'stale-revision', 'idempotency-conflict', 'eval-conflict']],
      ['warning', ['missing-id', 'missing-accept-seq', 'undetermined-decision', 'unconditional-write', 'retry-after-conflict', 'clear-committed-but-reported-failed', 'dangling-reference', 'eval-weak-identity']],
      ['info', ['no-acceptance-order', 'storage-order-inversion', 'unaccepted-input', 'idempotent-replay', 'eval-replay', 'eval-annotation-variance']],
    ];
    for (const [severity, codes] of table) for (const code of codes) SEVERITY[code] = severity;
    expect(Object.keys(SEVERITY)).toHaveLength(22);
    fc.assert(
      fc.property(mixedLog, (records) => {
        for (const f of check(records).doc.findings) {
          expect([f.code, f.severity]).toEqual([f.code, SEVERITY[f.code]]);
          if (f.code.startsWith('eval-')) expect(f.session).toBeNull();
          else expect(f.session === null ? f.code : 'ok').toMatch(/^(ok|missing-id)$/);
          expect(f.message.length).toBeGreaterThan(0);
        }
      }),
      RUNS,
    );
  });
});

/** Folds inputs into a state as spec 3.2 describes. */
function fold(inputs: readonly Rec[]): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const r of inputs) {
    if (r.kind !== 'input') continue;
    const key = typeof r.key === 'string' ? r.key : 'permission';
    state[key] = r.op === 'allow' ? 'allow' : r.op === 'revoke' ? 'deny' : r.op === 'set' ? r.value : null;
  }
  return state;
}

describe('acceptance replay = replay sorted by accept_seq when all numbers are unique (3.2)', () => {
  const arb = fc
    .uniqueArray(fc.nat(40), { minLength: 1, maxLength: 10 })
    .chain((seqs) => fc.tuple(fc.constant(seqs), fc.array(fc.oneof({ weight: 4, arbitrary: inputBody }, { weight: 1, arbitrary: mixedBody }), { minLength: seqs.length, maxLength: seqs.length })));

  it('matches an independent fold, and flips exactly on the keys whose values differ', () => {
    fc.assert(
      fc.property(arb, ([seqs, bodies]) => {
        const records = bodies.map((b, i) => (b.kind === 'eval' ? { kind: 'read', id: `r${i}`, resource: 'R', version: 'v', accept_seq: seqs[i] } : { ...b, id: `r${i}`, accept_seq: seqs[i] }));
        const sorted = [...records].sort((x, y) => (x.accept_seq as number) - (y.accept_seq as number));
        const { doc } = check(records);
        const s = doc.sessions.find((x) => x.session === 'default')!;
        expect(s.replay.acceptance).toEqual(fold(sorted));
        expect(s.replay.storage).toEqual(fold(records));
        const differing = Object.keys(fold(records)).filter((k) => JSON.stringify(fold(records)[k]) !== JSON.stringify(fold(sorted)[k]));
        expect(findingsOf(doc, 'decision-flip')).toHaveLength(differing.length);
        expect(findingsOf(doc, 'undetermined-decision')).toHaveLength(0);
      }),
      RUNS,
    );
  });
});
