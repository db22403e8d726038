import { throttled } from "../../../domain/errors";
import { type Limits, progressiveDelayMs, sleep } from "../limits/limits";

export const LOGIN_THROTTLED = "Too many failed login attempts. Please try again later.";

/** Failures of one account from one address answered without delay. */
export const LOGIN_FREE_FAILURES = 3;
/** Failures of one account from every address together before its logins slow down. */
const ACCOUNT_FREE_FAILURES = 10;

/**
 * The login throttle (services/limits: login.*). An attempt is counted before the password is
 * checked, so a burst of parallel guesses cannot all reach the slow hash: past the limit they are
 * refused at once, and only a few checks per account and per address run at the same time. A
 * successful login takes its count back (contract.md: failed attempts count).
 *
 * Refusals (429) are per account and address together, plus a limit per address: a stranger
 * failing at someone's account locks only themselves out. Failures of an account from every
 * address only slow its logins (the progressive delay, at most 1 s), never refuse them.
 */
export function createLoginThrottle(limits: Limits) {
  /**
   * Runs `check` (the password check: the user, or null when it fails) under the throttle.
   * Throws throttled(LOGIN_THROTTLED) when the attempt is refused.
   */
  async function attempt<T>(
    email: string,
    address: string,
    check: () => Promise<T | null>,
  ): Promise<T | null> {
    const account = email.trim().toLowerCase();
    const pair = `${account}|${address}`;
    const counted = await limits.consume("login.pair", pair);
    if (!counted.allowed) throw throttled(LOGIN_THROTTLED, counted.retryAfterSeconds);
    const fromAddress = await limits.consume("login.address", address);
    if (!fromAddress.allowed) {
      await limits.refund("login.pair", pair);
      throw throttled(LOGIN_THROTTLED, fromAddress.retryAfterSeconds);
    }
    const accountWide = await limits.consume("login.account", account);
    const forgive = () =>
      Promise.all([
        limits.refund("login.pair", pair),
        limits.refund("login.address", address),
        limits.refund("login.account", account),
      ]);

    // `used` includes this attempt: the delay follows the failures before it.
    await sleep(
      Math.max(
        progressiveDelayMs(counted.used - 1, LOGIN_FREE_FAILURES),
        progressiveDelayMs(accountWide.used - 1, ACCOUNT_FREE_FAILURES),
      ),
    );

    const leave = await limits.enter([
      ["login.checking.account", account],
      ["login.checking.address", address],
    ]);
    if (!leave) throw throttled(LOGIN_THROTTLED, 1);
    try {
      const result = await check();
      if (result !== null) await forgive();
      return result;
    } finally {
      await leave();
    }
  }

  return { attempt };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
