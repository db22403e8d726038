import { type RateLimiterAbstract, RateLimiterMemory } from "rate-limiter-flexible";

/**
 * The one rate-limit mechanism of the app: named limits (points per duration, counted per key)
 * on rate-limiter-flexible. Services call it for sign-up, login, password reset and e-mail
 * resends; the JSON API's routes call it through server/http/rate-limit.ts. The counters live in
 * the store chosen in services/index.ts: memory per process, or Redis (redis-store.ts) shared by
 * every process when REDIS_URL is set, without changing a caller.
 *
 * The in-flight caps (`enter`, login.checking.*) are counters like the others, so with Redis they
 * hold across processes too. A process that dies inside `enter` never gives its slot back; the
 * limit's duration frees it. While Redis is down they count per process (the insurance limiter),
 * which at worst lets N processes each run their own cap of password checks for that while.
 */
export type LimitRule = {
  /** Attempts allowed per window. */
  points: number;
  /** The window, in seconds, from the first attempt of a key. */
  duration: number;
};

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Every limit by name (our choice of numbers: the spec gives none). */
export const LIMITS = {
  // Account calls that cost us an e-mail or a password hash, per client address or e-mail.
  "signup.address": { points: 20, duration: HOUR },
  "reset.email": { points: 5, duration: HOUR },
  "reset.address": { points: 20, duration: HOUR },
  "resend.email": { points: 5, duration: HOUR },
  "resend.address": { points: 30, duration: HOUR },
  // Failed logins (contract.md: failures count, successful logins do not). The pair of account
  // and address is what locks, so a stranger elsewhere cannot lock a buyer out; the address
  // limit stops one address trying many accounts.
  "login.pair": { points: 10, duration: 15 * MINUTE },
  "login.address": { points: 50, duration: 15 * MINUTE },
  // Failures of an account from every address: never refuses, only slows (see login-throttle).
  "login.account": { points: 1_000_000, duration: 15 * MINUTE },
  // Password checks running at once. The duration only frees slots a crashed process held.
  "login.checking.account": { points: 2, duration: MINUTE },
  "login.checking.address": { points: 6, duration: MINUTE },
  // Address checks reveal whether an account exists: per signed-in user (else address).
  "products.validate-email": { points: 30, duration: MINUTE },
  "products.transfer": { points: 30, duration: MINUTE },
  // Public writes, per client address.
  "short-links.create": { points: 30, duration: MINUTE },
  "email-capture": { points: 10, duration: MINUTE },
  waitlist: { points: 20, duration: MINUTE },
  "notification-signup": { points: 20, duration: MINUTE },
  "analytics-events": { points: 60, duration: MINUTE },
  // Discussions, per user (one person, whatever their address); reviews and questions together.
  "discussions.create": { points: 10, duration: MINUTE },
  "discussions.reply": { points: 20, duration: MINUTE },
  "discussions.edit": { points: 20, duration: MINUTE },
  "discussions.vote": { points: 60, duration: MINUTE },
  // Reports of abuse (issue 33): a reader reports a few posts, not a page of them.
  "discussions.flag": { points: 10, duration: MINUTE },
  // Licence redemption by a partner's product (API key), per client address: every call, and
  // calls with an unknown key (like failed logins: a valid key gives its point back).
  "partners.redeem": { points: 300, duration: MINUTE },
  "partners.api-key.failures": { points: 30, duration: 15 * MINUTE },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

export type LimitDecision = {
  allowed: boolean;
  /** Seconds until the key's window frees an attempt (0 when allowed). */
  retryAfterSeconds: number;
  /** Attempts counted in the key's window, this one included. */
  used: number;
};

/** Builds the counter of one limit: where the counts live (memory, or Redis). */
export type LimitStore = (options: {
  keyPrefix: string;
  points: number;
  duration: number;
}) => RateLimiterAbstract;

export const memoryStore: LimitStore = (options) => new RateLimiterMemory(options);

/** rate-limiter-flexible refuses with its result object; a store failure is an Error. */
const isRefusal = (err: unknown): err is { msBeforeNext: number; consumedPoints: number } =>
  typeof err === "object" &&
  err !== null &&
  !(err instanceof Error) &&
  typeof (err as { msBeforeNext?: unknown }).msBeforeNext === "number";

/** The delay grows 50, 100, 200 ... ms past the free attempts, at most 1 s. */
export function progressiveDelayMs(used: number, free: number, capMs = 1000): number {
  if (used < free) return 0;
  return Math.min(capMs, 50 * 2 ** (used - free));
}

export const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

export function createLimits(deps: { store: LimitStore; close?: () => Promise<void> }) {
  let limiters = new Map<LimitName, RateLimiterAbstract>();
  // A reset starts new keys, so a shared store forgets too (old keys expire on their own).
  let generation = 0;

  function limiter(name: LimitName): RateLimiterAbstract {
    let found = limiters.get(name);
    if (!found) {
      const keyPrefix = generation ? `limit:${generation}:${name}` : `limit:${name}`;
      found = deps.store({ ...LIMITS[name], keyPrefix });
      limiters.set(name, found);
    }
    return found;
  }

  /** Counts one attempt of `key` against the limit `name`. */
  async function consume(name: LimitName, key: string): Promise<LimitDecision> {
    try {
      const res = await limiter(name).consume(key);
      return { allowed: true, retryAfterSeconds: 0, used: res.consumedPoints };
    } catch (err) {
      if (!isRefusal(err)) throw err;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
        used: err.consumedPoints,
      };
    }
  }

  /** Takes back one counted attempt (a successful login does not count). */
  async function refund(name: LimitName, key: string): Promise<void> {
    await limiter(name).reward(key, 1);
  }

  /**
   * Counts one attempt against every (limit, key) pair, or none of them: when one refuses, the
   * others are refunded and its wait is answered. `used` holds each pair's count, in order.
   */
  async function consumeAll(
    checks: ReadonlyArray<readonly [LimitName, string]>,
  ): Promise<{ allowed: boolean; retryAfterSeconds: number; used: number[] }> {
    const used: number[] = [];
    for (const [i, [name, key]] of checks.entries()) {
      const decision = await consume(name, key);
      if (!decision.allowed) {
        await Promise.all(checks.slice(0, i).map(([n, k]) => refund(n, k)));
        return { allowed: false, retryAfterSeconds: decision.retryAfterSeconds, used };
      }
      used.push(decision.used);
    }
    return { allowed: true, retryAfterSeconds: 0, used };
  }

  /**
   * Takes a slot of each (limit, key) pair for work in progress, or none when one is full;
   * answers the function that gives the slots back.
   */
  async function enter(
    checks: ReadonlyArray<readonly [LimitName, string]>,
  ): Promise<(() => Promise<void>) | null> {
    const decision = await consumeAll(checks);
    if (!decision.allowed) return null;
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await Promise.all(checks.map(([name, key]) => refund(name, key)));
    };
  }

  /** Forgets every count (tests). */
  function reset(): void {
    limiters = new Map();
    generation++;
  }

  /** Lets go of the store's connection (app close). */
  async function close(): Promise<void> {
    await deps.close?.();
  }

  return { consume, consumeAll, refund, enter, reset, close };
}

export type Limits = ReturnType<typeof createLimits>;
