/**
 * Rate limits for the account calls that cost us an e-mail or a password hash (sign-up, session
 * sign-up, password reset, verification resend): a sliding window per key (e-mail, client
 * address), plus a progressive delay once half the window's allowance is used, so a script is
 * slowed before it is refused. In memory per process (like the login throttle).
 */
export type Limit = { max: number; windowMs: number };

export type ThrottleDecision = { retryAfter: number; delayMs: number };

/** The delay grows 50, 100, 200 ... ms past the free half of the allowance, at most 1 s. */
export function progressiveDelayMs(used: number, free: number, capMs = 1000): number {
  if (used < free) return 0;
  return Math.min(capMs, 50 * 2 ** (used - free));
}

export function createRateLimiter(now = () => Date.now()) {
  const hits = new Map<string, number[]>();

  function recent(key: string, windowMs: number): number[] {
    const cutoff = now() - windowMs;
    const list = (hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) hits.set(key, list);
    else hits.delete(key);
    return list;
  }

  /**
   * Counts one attempt against every key (each with its own limit) unless one is exhausted, in
   * which case nothing is counted and retryAfter says how long to wait.
   */
  function hit(checks: Array<[key: string, limit: Limit]>): ThrottleDecision {
    let retryAfter = 0;
    let delayMs = 0;
    for (const [key, limit] of checks) {
      const list = recent(key, limit.windowMs);
      if (list.length >= limit.max) {
        const oldest = list[list.length - limit.max] ?? now();
        retryAfter = Math.max(retryAfter, Math.ceil((oldest + limit.windowMs - now()) / 1000), 1);
      }
      delayMs = Math.max(delayMs, progressiveDelayMs(list.length, Math.ceil(limit.max / 2)));
    }
    if (retryAfter > 0) return { retryAfter, delayMs: 0 };
    const t = now();
    for (const [key, limit] of checks) {
      const list = recent(key, limit.windowMs);
      list.push(t);
      hits.set(key, list);
    }
    if (hits.size > 100_000) hits.clear();
    return { retryAfter: 0, delayMs };
  }

  function reset(): void {
    hits.clear();
  }

  return { hit, reset };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

const HOUR = 60 * 60 * 1000;

/** The allowances (our choice; the spec gives none). */
export const ACCOUNT_LIMITS = {
  signupPerAddress: { max: 20, windowMs: HOUR },
  resetPerEmail: { max: 5, windowMs: HOUR },
  resetPerAddress: { max: 20, windowMs: HOUR },
  resendPerEmail: { max: 5, windowMs: HOUR },
  resendPerAddress: { max: 30, windowMs: HOUR },
} satisfies Record<string, Limit>;

export const sleep = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
