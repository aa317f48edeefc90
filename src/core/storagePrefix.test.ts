import { describe, expect, it } from 'vitest';
import { computeOrderingEvidence } from './ordering';
import type { JsonObject, SeqRecord } from './model';
import { buildStoragePrefixIndex, storagePrefixState } from './storagePrefix';
import { buildCutoffIndex, storagePrefixEnd } from './cutoff';
import { computeReplays } from './replay';
import { SessionScan } from './sessionScan';

/** The evidence and replays of records that all are participants, read as analyze reads a session. */
function evidence(records: readonly SeqRecord[]) {
  const scan = new SessionScan();
  for (const r of records) scan.add(r, r.kind);
  const seqs = scan.participantSeqs();
  const ordering = computeOrderingEvidence(scan.participants, seqs);
  return { ordering, replays: computeReplays(ordering, scan.effects, seqs) };
}

function rec(line: number, data: JsonObject): SeqRecord {
  return {
    fileIndex: 0,
    line,
    offset: -1,
    length: 0,
    kind: String(data.kind),
    id: String(data.id),
    hasId: true,
    session: 'default',
    accepted: true,
    acceptSeq: typeof data.accept_seq === 'number' ? data.accept_seq : null,
    data,
  };
}

describe('storage prefix state', () => {
  it('O1 at N = 1: the prefix holds the leaked revoke and the allow, so file order says allow', () => {
    const records = [rec(1, { kind: 'input', id: 'm2', op: 'revoke', accept_seq: 2 }), rec(2, { kind: 'input', id: 'm1', op: 'allow', accept_seq: 1 })];
    const { ordering, replays } = evidence(records);
    const index = buildStoragePrefixIndex(ordering);
    const end = storagePrefixEnd(buildCutoffIndex(ordering, replays), 1);
    expect(end).toBe(1);
    expect(storagePrefixState(index, end).state).toEqual({ permission: 'allow' });
    expect(storagePrefixState(index, end).setters.get('permission')?.id).toBe('m1');
  });

  it('is empty before any input and equals the storage replay at the end', () => {
    const records = [
      rec(1, { kind: 'input', id: 'a', op: 'set', key: 'k', value: 3, accept_seq: 3 }),
      rec(2, { kind: 'read', id: 'r', resource: 'x', accept_seq: 1 }),
      rec(3, { kind: 'input', id: 'b', op: 'unset', key: 'k' }),
      rec(4, { kind: 'input', id: 'c', op: 'allow', accept_seq: 2 }),
    ];
    const { ordering, replays } = evidence(records);
    const index = buildStoragePrefixIndex(ordering);
    expect(storagePrefixState(index, -1).state).toEqual({});
    expect(storagePrefixState(index, 0).state).toEqual({ k: 3 });
    expect(storagePrefixState(index, records.length - 1).state).toEqual(replays.storage);
  });
});
