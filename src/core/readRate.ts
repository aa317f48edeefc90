/**
 * The time left to read, from the rate of the last stretch of the reading
 * rather than its average so far, for the page's progress bar and the CLI's
 * status line. A reading speeds up as it goes (the page's, at a million
 * records, read 6 MiB/s in its first two seconds, while the code warmed up
 * and a hash then ran beside it, and 21 MiB/s from the fourth on), so the
 * average said 30 s left at 0.8 s of a 7.8 s reading, and twice the time
 * left a third of the way in, where this is within a fifth. The caller
 * gives the time: the engine reads no clock.
 */
export class ReadRate {
  /** Bytes read at each time given, oldest first: the window and one sample before it. */
  private samples: [number, number][] = [];

  constructor(
    private readonly started: number,
    /** The stretch whose rate is taken. */
    private readonly windowMs = 1500,
    /** No estimate before this much reading: the first moments' rate says little. */
    private readonly quietMs = 1000,
  ) {}

  /**
   * Notes that `bytes` were read by `now` (every call is a sample of the rate), and says the
   * milliseconds left to read `total`; null while there is too little to go on.
   */
  etaMs(now: number, bytes: number, total: number): number | null {
    this.samples.push([now, bytes]);
    while (this.samples.length > 2 && this.samples[1]![0] <= now - this.windowMs) this.samples.shift();
    if (now - this.started < this.quietMs || bytes <= 0) return null;
    const [then, before] = this.samples[0]!;
    // A stretch too short or with nothing read in it (a pause): the average so far.
    const recent = now - then >= this.windowMs / 2 && bytes > before;
    const rate = recent ? (bytes - before) / (now - then) : bytes / (now - this.started);
    return Math.max(0, total - bytes) / rate;
  }
}
