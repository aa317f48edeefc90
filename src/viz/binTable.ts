/** Keys from 0 up to this go in the typed table; any other key (an end zoomed far off screen) in a Map. */
const TYPED_KEYS = 1 << 30;

/**
 * Bin numbers by key, for binning a million records per resize: an
 * open-addressing table of int32 keys in flat typed arrays, so a record
 * finding its bin neither hashes through a Map nor allocates. Bins are
 * numbered in order of first use, which keeps the bins in the order a Map
 * would have listed them.
 */
export class BinTable {
  private keys: Int32Array;
  private bins: Int32Array;
  private mask: number;
  /** Fibonacci hashing takes the top bits of the product: the low bits of a packed key hold little variety. */
  private shift: number;
  private used = 0;
  private readonly far = new Map<number | string, number>();

  constructor(capacity = 1 << 12) {
    this.keys = new Int32Array(capacity).fill(-1);
    this.bins = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.shift = 32 - Math.log2(capacity);
  }

  /** The bin of `key`, or -1 when it has none yet. */
  get(key: number | string): number {
    if (typeof key !== 'number' || key < 0 || key >= TYPED_KEYS) return this.far.get(key) ?? -1;
    const keys = this.keys;
    for (let s = this.slotOf(key); ; s = (s + 1) & this.mask) {
      const k = keys[s]!;
      if (k === key) return this.bins[s]!;
      if (k === -1) return -1;
    }
  }

  /** Gives `key`, which has no bin yet, bin number `bin`. */
  set(key: number | string, bin: number): void {
    if (typeof key !== 'number' || key < 0 || key >= TYPED_KEYS) {
      this.far.set(key, bin);
      return;
    }
    if (2 * (this.used + 1) > this.keys.length) this.grow();
    this.place(key, bin);
    this.used++;
  }

  private slotOf(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  private place(key: number, bin: number): void {
    let s = this.slotOf(key);
    while (this.keys[s] !== -1) s = (s + 1) & this.mask;
    this.keys[s] = key;
    this.bins[s] = bin;
  }

  private grow(): void {
    const { keys, bins } = this;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.bins = new Int32Array(keys.length * 2);
    this.mask = keys.length * 2 - 1;
    this.shift--;
    for (let s = 0; s < keys.length; s++) if (keys[s] !== -1) this.place(keys[s]!, bins[s]!);
  }
}

/**
 * Bin numbers by pixel column and a small category below `kinds`: a flat
 * index over the columns from `lo` to `hi`, where nearly every mark falls,
 * and a Map for a column zoomed far off screen.
 */
export class ColumnBins {
  private readonly index: Int32Array;
  private readonly far = new Map<number, number>();

  constructor(
    private readonly lo: number,
    private readonly hi: number,
    private readonly kinds: number,
  ) {
    this.index = new Int32Array((hi - lo + 1) * kinds);
  }

  /** The bin of column `x` and category `kind`, or -1 when it has none yet. */
  get(x: number, kind: number): number {
    if (x >= this.lo && x <= this.hi) return this.index[(x - this.lo) * this.kinds + kind]! - 1;
    return this.far.get(x * this.kinds + kind) ?? -1;
  }

  set(x: number, kind: number, bin: number): void {
    if (x >= this.lo && x <= this.hi) this.index[(x - this.lo) * this.kinds + kind] = bin + 1;
    else this.far.set(x * this.kinds + kind, bin);
  }
}
