// A seeded pseudo-random generator for the demo data. The demo must be byte-identical on every run for
// the same seed and date (screenshots, e2e journeys and bug reports point at the same rows), so nothing
// in the seed may use Math.random or crypto's random ids.

/** FNV-1a over a string: turns labels such as 'ids' into independent 32-bit seeds. */
function hash32(text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Chaotic generator): 128 bits of state, passes PractRand, and is
 * a few lines of 32-bit integer maths, so it gives the same sequence on every JavaScript engine.
 */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private readonly seedText: string;

  constructor(seed: number | string) {
    const text = String(seed);
    this.seedText = text;
    this.a = hash32(text, 0x811c9dc5);
    this.b = hash32(text, 0x9e3779b9);
    this.c = hash32(text, 0x85ebca6b);
    this.d = 1;
    // The first outputs of sfc32 still echo the seed; discard them.
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4_294_967_296;
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    if (max < min) throw new Error(`Random.int: max ${max} is below min ${min}`);
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks by relative weight, e.g. `[['open', 4], ['completed', 3]]`. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }

  /** `count` distinct items in random order (all of them when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  /** A v4-shaped UUID (version and variant bits set) drawn from this stream, so ids repeat per seed. */
  uuid(): string {
    const words = [this.nextUint32(), this.nextUint32(), this.nextUint32(), this.nextUint32()];
    words[1] = (words[1]! & 0xffff0fff) | 0x00004000;
    words[2] = (words[2]! & 0x3fffffff) | 0x80000000;
    const hex = words.map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }

  /**
   * An independent stream named by a label, derived from the seed alone (not from draws so far). Each
   * part of the seed draws from its own fork, so adding a draw in one part (say, one more review) does
   * not reshuffle every row generated after it.
   */
  fork(label: string): Random {
    return new Random(`${this.seedText}/${label}`);
  }
}
