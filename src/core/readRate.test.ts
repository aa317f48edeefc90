import { describe, expect, it } from 'vitest';
import { ReadRate } from './readRate';

const MiB = 1024 * 1024;

/** A reading sampled every 100 ms, at `rate(t)` MiB/s, as the reader reports it. */
function reading(rate: (t: number) => number, total: number) {
  const eta = new ReadRate(0);
  const said: { t: number; eta: number | null }[] = [];
  let bytes = 0;
  for (let t = 100; bytes < total; t += 100) {
    bytes = Math.min(total, bytes + (rate(t) * MiB) / 10);
    said.push({ t, eta: eta.etaMs(t, bytes, total) });
  }
  const end = said[said.length - 1]!.t;
  return said.map((s) => ({ ...s, truth: end - s.t }));
}

describe('the time left to read', () => {
  it('says nothing in the first second, then the time left at a steady rate', () => {
    const said = reading(() => 10, 100 * MiB);
    expect(said.filter((s) => s.t < 1000).every((s) => s.eta === null)).toBe(true);
    for (const s of said.filter((s) => s.t >= 1000)) expect(Math.abs(s.eta! - s.truth)).toBeLessThan(150);
  });

  it('follows a reading that speeds up, where the average so far says half as long again', () => {
    // As at a million records: 6 MiB/s for two seconds, then 21.
    const said = reading((t) => (t <= 2000 ? 6 : 21), 123 * MiB);
    const at = (t: number) => said.find((s) => s.t === t)!;
    expect(at(3500).eta! / at(3500).truth).toBeLessThan(1.15);
    const bytesAt = (t: number) => (Math.min(t, 2000) * 6 + Math.max(0, t - 2000) * 21) * (MiB / 1000);
    const average = (t: number) => (t * (123 * MiB - bytesAt(t))) / bytesAt(t);
    expect(average(3500) / at(3500).truth).toBeGreaterThan(1.5);
  });

  it('a pause keeps the last estimate\'s footing: the average, not a division by nothing', () => {
    const eta = new ReadRate(0);
    for (let t = 100; t <= 2000; t += 100) eta.etaMs(t, t * 1000, 10_000_000);
    const paused = eta.etaMs(4000, 2_000_000, 10_000_000);
    expect(paused).toBe((8_000_000 * 4000) / 2_000_000);
    expect(eta.etaMs(4100, 10_000_000, 10_000_000)).toBe(0);
  });
});
