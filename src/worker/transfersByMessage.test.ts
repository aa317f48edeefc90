import { describe, expect, it } from 'vitest';
import { TRANSFER_AT_BYTES, transfersByMessage } from './transfersByMessage';

describe('the buffers each message transfers', () => {
  it('are its own and the large ones found in it, but never one another message holds too, however small its view there', () => {
    const own = new ArrayBuffer(8);
    const large = new ArrayBuffer(TRANSFER_AT_BYTES);
    const small = new ArrayBuffer(TRANSFER_AT_BYTES - 1);
    const shared = new ArrayBuffer(4 * TRANSFER_AT_BYTES);
    const partOnly = new ArrayBuffer(2 * TRANSFER_AT_BYTES);
    const [main, part] = transfersByMessage([
      { own: [own], found: new Set([large, small, shared, own]) },
      // A small view onto `shared` in a part: transferring `shared` with the other message would detach it here.
      { own: [], found: new Set([shared, partOnly]) },
    ]);
    expect(main).toEqual([own, large]);
    expect(part).toEqual([partOnly]);
    // As postMessage takes them: no buffer twice, in one list or across the two.
    expect(() => structuredClone([new Uint8Array(shared, 0, 4)], { transfer: part })).not.toThrow();
    expect(() => structuredClone([new Uint8Array(shared, 4, 4), new Uint8Array(large)], { transfer: main })).not.toThrow();
    expect(shared.byteLength).toBe(4 * TRANSFER_AT_BYTES);
  });
});
