/**
 * One copy of each string seen lately, so that a value repeated across a
 * million records (a session, an actor, a resource) is held once: the copy
 * JSON.parse made for each line dies young instead of being kept. Bounded:
 * when full it starts again empty, so values seen once (ids) cannot make it
 * grow with the log, and values that repeat are soon pooled again.
 */
export class StringPool {
  private pooled = new Map<string, string>();

  constructor(private readonly capacity = 1 << 14) {}

  /** `v`, or the pooled string equal to it when it is a string. */
  readonly shared = <T>(v: T): T => (typeof v === 'string' ? (this.intern(v) as T) : v);

  /** `s`, or the pooled string equal to it. */
  intern(s: string): string {
    // V8's JSON.parse already shares strings this short (it internalizes them), so looking them up gains nothing.
    if (s.length <= SHARED_BY_PARSE) return s;
    const pooled = this.pooled.get(s);
    if (pooled !== undefined) return pooled;
    if (this.pooled.size >= this.capacity) this.pooled = new Map();
    this.pooled.set(s, s);
    return s;
  }
}

const SHARED_BY_PARSE = 10;
