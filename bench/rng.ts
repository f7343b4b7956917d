/** A small seeded PRNG (mulberry32) with the helpers the corpus generator needs: same seed, same corpus. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items, in list order. */
  some<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const n = Math.min(count, items.length);
    while (chosen.size < n) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map((i) => items[i] as T);
  }

  hex(length: number): string {
    let s = '';
    while (s.length < length) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }

  uuid(): string {
    const h = this.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }

  /** A decimal with exactly `decimals` digits after the point, as YAML source text. */
  decimal(min: number, max: number, decimals: number): string {
    return (min + this.next() * (max - min)).toFixed(decimals);
  }

  /** An ISO date (YYYY-MM-DD) between 2019 and 2025. */
  date(): string {
    const y = this.int(2019, 2025);
    const m = this.int(1, 12);
    const d = this.int(1, 28);
    return `${y}-${pad2(m)}-${pad2(d)}`;
  }

  /** An ISO timestamp in UTC. */
  timestamp(): string {
    return `${this.date()}T${pad2(this.int(0, 23))}:${pad2(this.int(0, 59))}:${pad2(this.int(0, 59))}Z`;
  }

  semver(): string {
    return `${this.int(0, 4)}.${this.int(0, 30)}.${this.int(0, 20)}`;
  }
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Hands out names that are unique within one map (duplicate keys are errors in YAML). */
export class UniqueNames {
  private readonly seen = new Map<string, number>();

  take(base: string, separator = '-'): string {
    const n = (this.seen.get(base) ?? 0) + 1;
    this.seen.set(base, n);
    return n === 1 ? base : `${base}${separator}${n}`;
  }
}
