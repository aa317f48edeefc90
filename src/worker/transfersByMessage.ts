/**
 * A typed array this large, found in what a message carries, crosses by
 * transfer: copied, the ordering and cutoff arrays of a million records
 * (25 MB) were written into the message and read out of it again, and a list
 * of every small array would cost more to transfer than to copy.
 */
export const TRANSFER_AT_BYTES = 1 << 16;

/** A message's buffers: its own columns, always transferred, and those of every typed array found in what it carries. */
export interface MessageBuffers {
  readonly own: readonly ArrayBuffer[];
  readonly found: ReadonlySet<ArrayBuffer>;
}

/**
 * Each message's buffers to transfer: its own, and those found in it of
 * TRANSFER_AT_BYTES or more, where no other message holds them. A buffer is
 * detached once transferred, so one that two messages hold (two views of one
 * array, however small the view in the other) is copied with each instead.
 */
export function transfersByMessage(messages: readonly MessageBuffers[]): ArrayBuffer[][] {
  const held = new Map<ArrayBuffer, number>();
  for (const { own, found } of messages) for (const b of new Set([...own, ...found])) held.set(b, (held.get(b) ?? 0) + 1);
  return messages.map(({ own, found }) => {
    const large = [...found].filter((b) => b.byteLength >= TRANSFER_AT_BYTES);
    return [...new Set([...own, ...large])].filter((b) => held.get(b) === 1);
  });
}
