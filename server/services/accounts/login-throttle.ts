/**
 * Counts failed logins per e-mail and per client address in a sliding window (contract.md: failed
 * attempts count, successful logins do not). In memory per process; the accounts work moves the
 * counters to Redis when REDIS_URL is set.
 */
export type ThrottleLimits = { perEmail: number; perAddress: number; windowMs: number };

export const DEFAULT_LOGIN_LIMITS: ThrottleLimits = {
  perEmail: 10,
  perAddress: 50,
  windowMs: 15 * 60 * 1000,
};

/** Failures of one e-mail answered without delay. */
export const LOGIN_FREE_FAILURES = 3;

export function createLoginThrottle(
  limits: ThrottleLimits = DEFAULT_LOGIN_LIMITS,
  now = () => Date.now(),
) {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const cutoff = now() - limits.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  }

  /** Seconds to wait before another attempt is allowed, or 0 when it may go ahead. */
  function retryAfter(email: string, address: string): number {
    const checks: Array<[string, number]> = [
      [`e:${email.trim().toLowerCase()}`, limits.perEmail],
      [`a:${address}`, limits.perAddress],
    ];
    let wait = 0;
    for (const [key, max] of checks) {
      const list = recent(key);
      const oldest = list[list.length - max];
      if (list.length >= max && oldest !== undefined) {
        wait = Math.max(wait, Math.ceil((oldest + limits.windowMs - now()) / 1000));
      }
    }
    return wait;
  }

  function fail(email: string, address: string): void {
    const t = now();
    for (const key of [`e:${email.trim().toLowerCase()}`, `a:${address}`]) {
      const list = recent(key);
      list.push(t);
      failures.set(key, list);
    }
    // Bound memory under a flood of distinct keys.
    if (failures.size > 100_000) failures.clear();
  }

  /**
   * The progressive delay before answering an attempt: none for the first few failures of an
   * e-mail, then 50, 100, 200 ... ms up to 1 s, so a brute force is slowed before it is refused.
   */
  function delayMs(email: string): number {
    const failed = recent(`e:${email.trim().toLowerCase()}`).length;
    return failed < LOGIN_FREE_FAILURES
      ? 0
      : Math.min(1000, 50 * 2 ** (failed - LOGIN_FREE_FAILURES));
  }

  return { retryAfter, fail, delayMs };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
