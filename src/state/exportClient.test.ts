import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWorker, stubWorkers } from '../worker/fakeWorker';
import { ExportClient, type ExportOrder } from './exportClient';
import type { ExportRequest } from './exportProtocol';

const order: ExportOrder = {
  kind: 'report',
  files: [{ name: 'a.jsonl', blob: new Blob(['{}\n']), key: 'k1' }],
  expected: [{ name: 'a.jsonl', sha256: '0'.repeat(64), records: 1 }],
  settings: { cutoff: 3, session: null, generatedAt: '2025-09-16T08:00:00.000Z', annotations: [] },
  bundle: null,
};
const failure = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => (e as Error).message);

describe('the export client', () => {
  beforeEach(stubWorkers);
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends the order to the export worker, hands on its progress and resolves with the bytes it made', async () => {
    const client = new ExportClient();
    const heard: string[] = [];
    const made = client.make(order, (m) => heard.push(m));
    const worker = FakeWorker.all[0]!;
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toMatch(/^import "http:\/\/127\.0\.0\.1:4317\/.*export\.worker.*";\n$/);
    expect(worker.sent).toEqual([{ type: 'export', id: 1, ...order } satisfies ExportRequest]);
    worker.answer({ type: 'progress', id: 1, message: 'Analysing 1 records at cutoff 3' });
    worker.answer({ type: 'progress', id: 2, message: 'not this one' });
    const bytes = new TextEncoder().encode('# report\n');
    worker.answer({ type: 'exported', id: 1, bytes });
    expect(await made).toBe(bytes);
    expect(heard).toEqual(['Analysing 1 records at cutoff 3']);
  });

  it('an export the worker could not make fails with its reason; the worker stays for the next one', async () => {
    const client = new ExportClient();
    const made = failure(client.make(order, () => undefined));
    FakeWorker.all[0]!.answer({ type: 'error', id: 1, message: 'a.jsonl no longer reads as it did when it was opened; open it again' });
    expect(await made).toBe('a.jsonl no longer reads as it did when it was opened; open it again');
    void client.make(order, () => undefined);
    expect(FakeWorker.all).toHaveLength(1);
    expect(FakeWorker.all[0]!.sent).toHaveLength(2);
  });

  it('a worker that dies fails every export waiting on it, and the next export starts a fresh one', async () => {
    const client = new ExportClient();
    const first = failure(client.make(order, () => undefined));
    const second = failure(client.make({ ...order, kind: 'bundle' }, () => undefined));
    FakeWorker.all[0]!.crash('Uncaught RangeError: Array buffer allocation failed');
    expect(await first).toBe('the export worker stopped (Uncaught RangeError: Array buffer allocation failed)');
    expect(await second).toBe('the export worker stopped (Uncaught RangeError: Array buffer allocation failed)');
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    void client.make(order, () => undefined);
    expect(FakeWorker.all).toHaveLength(2);
  });

  it('warming starts the worker ahead of an export; left idle, it is ended, and never while an export waits', async () => {
    vi.useFakeTimers();
    const client = new ExportClient();
    client.warm();
    expect(FakeWorker.all).toHaveLength(1);
    const made = client.make(order, () => undefined);
    vi.advanceTimersByTime(60_000);
    expect(FakeWorker.all[0]!.terminated).toBe(false);
    FakeWorker.all[0]!.answer({ type: 'exported', id: 1, bytes: new Uint8Array() });
    await made;
    vi.advanceTimersByTime(29_000);
    expect(FakeWorker.all[0]!.terminated).toBe(false);
    vi.advanceTimersByTime(2_000);
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    expect(URL.revokeObjectURL).toHaveBeenCalled();
  });
});
