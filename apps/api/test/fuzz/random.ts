/**
 * A small seeded generator (mulberry32): the same seed gives the same cases on every machine,
 * so a failure printed with its seed can be replayed with `FUZZ_SEED=<seed>`.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A generator for one part of the run, independent of how many values other parts drew. */
  static derived(seed: number, label: string): Random {
    let hash = seed >>> 0;
    for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x9e3779b1) >>> 0;
    return new Random(hash);
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  word(length: number): string {
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
    return Array.from({ length }, () => letters[Math.floor(this.next() * letters.length)]).join('');
  }
}

/** The run's seed: `FUZZ_SEED` when set (a number, or `random` for a fresh one), else a fixed one. */
export function fuzzSeed(): number {
  const fromEnv = process.env.FUZZ_SEED;
  if (fromEnv === 'random') return Math.floor(Math.random() * 2 ** 31);
  if (fromEnv) return Number(fromEnv) >>> 0;
  return 20_260_613;
}
