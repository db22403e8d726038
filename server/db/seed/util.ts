import type { Db } from "../client";

/** The transaction handle every seed module writes through. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The demo password of every demo account (README documents it). */
export const DEMO_PASSWORD = "payonce-demo-1";

export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;

/** Dates relative to the clock's "now", so the demo stays live whenever it is seeded. */
export class Timeline {
  readonly now: Date;
  constructor(now: Date) {
    this.now = new Date(now.getTime());
  }
  /** `days` (fractions allowed) from now; negative is the past. */
  at(days: number, hours = 0): Date {
    return new Date(this.now.getTime() + days * DAY_MS + hours * HOUR_MS);
  }
  ago(days: number, hours = 0): Date {
    return this.at(-days, -hours);
  }
  ahead(days: number, hours = 0): Date {
    return this.at(days, hours);
  }
}

/** mulberry32: a tiny deterministic PRNG, so the demo content is the same on every seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** Integer in [min, max]. */
    int(min: number, max: number): number {
      return min + Math.floor(next() * (max - min + 1));
    },
    pick<T>(items: readonly T[]): T {
      return must(items[Math.floor(next() * items.length)], "pick from an empty list");
    },
    /** `count` distinct items, in a shuffled order. */
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, Math.min(count, copy.length));
    },
    chance(p: number): boolean {
      return next() < p;
    },
  };
}
export type Prng = ReturnType<typeof prng>;

export function must<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`seed: missing ${what}`);
  return value;
}

/** Looks a key up in a map, failing loudly (a typo in the demo tables is a bug). */
export function get<K, V>(map: ReadonlyMap<K, V>, key: K, what = "key"): V {
  const v = map.get(key);
  if (v === undefined) throw new Error(`seed: unknown ${what} ${String(key)}`);
  return v;
}

export const cents = (dollars: number): number => Math.round(dollars * 100);

/**
 * Image paths served by the app, drawn by demoImageSvg (server/db/seed/images.ts) and served as
 * WebP (server/http/storefront/media.ts): a browser decodes a raster image off the main thread,
 * where each SVG image built a document in style recalculation and was painted on the main thread
 * (issue 15, phone TBT). `/media/demo/{name}.svg` still answers the drawing itself.
 */
export const demoImage = (name: string): string => `/media/demo/${name}.webp`;

/** Licence-style code from the PRNG: PREFIX-XXXX-XXXX. */
export function licenceCode(rand: Prng, prefix: string): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const block = () => Array.from({ length: 4 }, () => rand.pick([...alphabet])).join("");
  return `${prefix}-${block()}-${block()}-${block()}`;
}
