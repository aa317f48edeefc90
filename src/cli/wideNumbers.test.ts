/**
 * Numbers beyond 2^53 − 1 end to end: JSON.parse reads 9007199254740993 as
 * 9007199254740992, and the engine once compared the rounded numbers. Each
 * case runs as `seqscope check` streams a file and as it reads one whole
 * (a run with --report), which must agree.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckDocument } from '../core/checkDocument';
import { runCli } from './test/runCli';

const dir = mkdtempSync(join(tmpdir(), 'seqscope-wide-'));

function check(name: string, lines: readonly string[], extra: readonly string[] = []): { status: number; doc: CheckDocument; stdout: string } {
  const file = join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const streamed = runCli(['check', name, '--json', ...extra], undefined, { cwd: dir });
  const whole = runCli(['check', name, '--json', ...extra, '--report', join(dir, `${name}.md`)], undefined, { cwd: dir });
  expect(streamed.stderr).toBe('');
  expect(whole.stdout).toBe(streamed.stdout);
  expect(whole.status).toBe(streamed.status);
  return { status: streamed.status, doc: JSON.parse(streamed.stdout) as CheckDocument, stdout: streamed.stdout };
}

const codes = (doc: CheckDocument) => doc.findings.map((f) => f.code);

describe('numbers beyond 2^53 − 1, through seqscope check', () => {
  // 9.007199254740993e15 is the first amount written another way: one value, so a replay.
  it.each([
    ['9007199254740992', 'idempotency-conflict', 1],
    ['9.007199254740993e15', 'idempotent-replay', 0],
  ])('an idempotency key reused with amount 9007199254740993, then %s, is an %s', (second, code, exit) => {
    const { status, doc } = check(`amounts-${code}.jsonl`, [
      '{"kind":"command","id":"c1","accept_seq":1,"idempotency_key":"k","payload":{"amount":9007199254740993}}',
      `{"kind":"command","id":"c2","accept_seq":2,"idempotency_key":"k","payload":{"amount":${second}}}`,
    ]);
    expect(codes(doc)).toEqual([code]);
    expect(status).toBe(exit);
  });

  it('eval ids 9007199254740993 and 9007199254740992 are two identities, each named by its own digits', () => {
    const { status, doc } = check('ids.jsonl', [
      '{"kind":"eval","id":9007199254740993,"status":"pass"}',
      '{"kind":"eval","id":9007199254740992,"status":"fail"}',
      '{"kind":"eval","id":9007199254740993,"status":"pass"}',
    ]);
    expect(doc.evals).toMatchObject({ observations: 2, pass: 1, fail: 1, disputed: 0, replays: 1, pass_rate: 0.5 });
    expect(codes(doc)).toEqual(['eval-replay']);
    // An id beyond 2^53 − 1 is written in --json as a string of its digits: a JSON number would be read back rounded.
    expect(doc.findings[0]!.records.map((r) => r.id)).toEqual(['9007199254740993', '9007199254740993']);
    expect(doc.findings[0]!.message).toContain('Eval 9007199254740993 is recorded 2 times');
    expect(status).toBe(0);
  });

  it('eval scores 12345678901234567890 and 12345678901234567891 conflict', () => {
    const { status, doc } = check('scores.jsonl', [
      '{"kind":"eval","id":"e1","status":"pass","score":12345678901234567890}',
      '{"kind":"eval","id":"e1","status":"pass","score":12345678901234567891}',
    ]);
    expect(codes(doc)).toEqual(['eval-conflict']);
    expect(doc.evals).toMatchObject({ observations: 1, disputed: 1, replays: 0 });
    expect(status).toBe(1);
  });

  it('a flip between two such values is a flip, and --json writes both values with every digit', () => {
    const { status, doc, stdout } = check(
      'flip.jsonl',
      [
        '{"kind":"input","id":"a","accept_seq":2,"op":"set","key":"quota","value":9007199254740992}',
        '{"kind":"input","id":"b","accept_seq":1,"op":"set","key":"quota","value":9007199254740993}',
      ],
      ['--cutoff', '1'],
    );
    expect(codes(doc)).toEqual(['decision-flip', 'storage-order-inversion']);
    expect(doc.findings[0]!.message).toContain('Key quota is 9007199254740992 in acceptance order');
    expect(doc.findings[0]!.message).toContain('but 9007199254740993 when replayed in file order');
    expect(stdout).toContain('"storage": {\n          "quota": 9007199254740993\n        }');
    expect(stdout).toContain('"acceptance": {\n          "quota": 9007199254740992\n        }');
    expect(stdout).toContain('"state": {\n          "quota": 9007199254740993\n        }');
    expect(status).toBe(1);
  });

  it('references, resources and revisions beyond 2^53 − 1 are compared exactly', () => {
    const { doc } = check('refs.jsonl', [
      '{"kind":"response","id":"r1","accept_seq":1,"response_id":9007199254740993}',
      '{"kind":"clear","id":"x","accept_seq":2}',
      '{"kind":"request","id":"q1","accept_seq":3,"refs":[9007199254740993, 9007199254740992]}',
      '{"kind":"task","id":"t","accept_seq":4,"task":18446744073709551615,"revision":18446744073709551617}',
      '{"kind":"command","id":"k","accept_seq":5,"task":18446744073709551615,"revision":18446744073709551616}',
    ]);
    expect(codes(doc).sort()).toEqual(['dangling-reference', 'stale-reference', 'stale-revision']);
    expect(doc.findings.find((f) => f.code === 'stale-revision')!.message).toContain('revision 18446744073709551616 < 18446744073709551617');
  });
});
