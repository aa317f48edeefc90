import { vi } from 'vitest';

/** A stand-in for the browser's Worker (for tests): records what it is sent, answers when told, can die or be ended. */
export class FakeWorker extends EventTarget {
  static all: FakeWorker[] = [];
  readonly sent: unknown[] = [];
  terminated = false;
  constructor(readonly url: string) {
    super();
    FakeWorker.all.push(this);
  }
  postMessage(request: unknown): void {
    this.sent.push(request);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(response: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: response }));
  }
  crash(message: string): void {
    const event = new Event('error', { cancelable: true }) as Event & { message: string };
    event.message = message;
    this.dispatchEvent(event);
  }
}

/** Workers become FakeWorkers started from a fixed blob: URL; undo with vi.unstubAllGlobals and vi.restoreAllMocks. */
export function stubWorkers(): void {
  FakeWorker.all = [];
  vi.stubGlobal('Worker', FakeWorker);
  vi.stubGlobal('location', { href: 'http://127.0.0.1:4317/' });
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:http://127.0.0.1:4317/w');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
}
