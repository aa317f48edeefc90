/** Findings cross as columns and come back the same, in tasks of bounded size. */
import { describe, expect, it } from 'vitest';
import type { Finding, SeqRecord } from '../core/model';
import type { FindingsAtPositions } from '../core/findings';
import { packFindingPositions, packFindings, unpackFindings } from './packFindings';

const records: SeqRecord[] = Array.from({ length: 50 }, (_, i) => ({
  fileIndex: 0,
  line: i + 1,
  offset: i * 10,
  length: 9,
  kind: 'input',
  id: `r${i}`,
  hasId: true,
  session: 's',
  accepted: true,
  acceptSeq: i,
  data: {},
}));

/** Finding i names record i mod 50 and, every third finding, a record the analysis does not hold (position -1). */
function findingsOf(count: number): Finding[] {
  return Array.from({ length: count }, (_, i) => {
    const r = records[i % 50]!;
    const held = { file: 'a.jsonl', line: r.line, id: r.id };
    const orphan = { file: 'b.jsonl', line: 7 + i, id: i };
    return {
      code: i % 2 ? 'decision-flip' : 'stale-reference',
      severity: i % 2 ? 'error' : 'warning',
      session: i % 5 ? 's' : null,
      message: `finding ${i}`,
      records: i % 3 ? [held] : [held, orphan],
      recordIndex: i % 3 ? [i % 50] : [i % 50, -1],
    } satisfies Finding;
  });
}

describe('packed findings', () => {
  it('come back equal to what was packed, a chunk of them per task', async () => {
    const findings = findingsOf(40_000);
    const packed = packFindings(findings)!;
    let yields = 0;
    const back = await unpackFindings(packed, records, ['a.jsonl'], async () => {
      yields++;
    });
    expect(back).toEqual(findings);
    // 40,000 findings at 16,384 per task: two pauses between three tasks, and none for a short list.
    expect(yields).toBe(2);
    let none = 0;
    await unpackFindings(packFindings(findingsOf(100))!, records, ['a.jsonl'], async () => {
      none++;
    });
    expect(none).toBe(0);
  });

  it('packed from positions alone (no references made), come back as the findings with references do; one at no position cannot be', async () => {
    const held = findingsOf(3000).filter((f) => f.recordIndex.every((i) => i >= 0));
    const columns = (list: readonly Finding[]): FindingsAtPositions => ({
      count: list.length,
      codes: list.map((f) => f.code),
      severities: list.map((f) => f.severity),
      sessions: list.map((f) => f.session),
      messages: list.map((f) => f.message),
      recordIndex: list.map((f) => f.recordIndex),
    });
    const packed = packFindingPositions(columns(held))!;
    expect(packed).toEqual(packFindings(held));
    expect(await unpackFindings(packed, records, ['a.jsonl'], async () => undefined)).toEqual(held);
    expect(packFindingPositions(columns(findingsOf(3)))).toBeNull();
  });
});
