import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../core/index';
import { runCli, sharedDir } from './test/runCli';

interface Expected {
  cutoff: number | null;
  exit: number;
  input: { lines: number; records: number; blank: number; rejected: number[] };
  sessions: Record<string, { records: number; accepted: number; unaccepted: number; inversions: number; replay: unknown; cutoff: unknown }>;
  evals: unknown;
  findings: { code: string; severity: string; session: string | null; lines: number[] }[];
}

const dir = join(sharedDir, 'conformance');
const cases = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.expected.json')).map((f) => f.replace('.expected.json', '')).sort() : [];

/** Reduces the CLI's document to the conformance form described in the cases' README. */
function reduce(doc: CheckDocument, exit: number, cutoff: number | null): Expected {
  const input = doc.inputs[0]!;
  const findingKey = (f: Expected['findings'][number]) => JSON.stringify([f.code, f.severity, f.session, f.lines]);
  return {
    cutoff,
    exit,
    input: { lines: input.lines, records: input.records, blank: input.blank, rejected: input.rejected.map((r) => r.line) },
    sessions: Object.fromEntries(
      doc.sessions.map((s) => [
        s.session,
        { records: s.records, accepted: s.accepted, unaccepted: s.unaccepted, inversions: s.inversions, replay: s.replay, cutoff: s.cutoff },
      ]),
    ),
    evals: doc.evals,
    findings: doc.findings
      .map((f) => ({ code: f.code, severity: f.severity, session: f.session, lines: f.records.map((r) => r.line).sort((a, b) => a - b) }))
      .sort((a, b) => (findingKey(a) < findingKey(b) ? -1 : 1)),
  };
}

describe.skipIf(cases.length === 0)('conformance cases from ../shared/conformance', () => {
  it.each(cases)('%s', (name) => {
    const expected = JSON.parse(readFileSync(join(dir, `${name}.expected.json`), 'utf8')) as Expected;
    const args = ['check', join(dir, `${name}.jsonl`), '--json'];
    if (expected.cutoff !== null) args.push('--cutoff', String(expected.cutoff));
    const run = runCli(args);
    const doc = JSON.parse(run.stdout) as CheckDocument;
    const key = (f: Expected['findings'][number]) => JSON.stringify([f.code, f.severity, f.session, f.lines]);
    expected.findings.sort((a, b) => (key(a) < key(b) ? -1 : 1));
    expect(reduce(doc, run.status, expected.cutoff)).toEqual(expected);
  });
});

if (cases.length === 0) {
  describe('conformance cases', () => {
    it.skip(`skipped: ${dir} does not exist (it is provided beside the repository in CI)`, () => {});
  });
}
