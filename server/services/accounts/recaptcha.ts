import { randomBytes } from "node:crypto";

/** Spec 001 section 5: a token shorter than this is a failure and a visible challenge is shown. */
export const RECAPTCHA_MIN_TOKEN_LENGTH = 10;

/**
 * The bot check behind a small interface. `verify` answers whether a token passes; `issue` gives a
 * page a token for its form (the local provider's tokens are random strings; Google's come from
 * its widget in the browser, so there is nothing to issue on the server).
 */
export interface RecaptchaProvider {
  readonly kind: "local" | "google";
  verify(token: string | undefined | null, remoteIp?: string): Promise<boolean>;
  issue(): string;
}

const longEnough = (token: string | undefined | null): token is string =>
  typeof token === "string" && token.length >= RECAPTCHA_MIN_TOKEN_LENGTH;

/**
 * Built in, used when no RECAPTCHA_SECRET_KEY is configured (development, tests, the offline
 * demo): a token passes when it is at least 10 characters long, the spec's own client-side rule.
 * It is no protection against bots; the rate limits are.
 */
export function createLocalRecaptcha(): RecaptchaProvider {
  return {
    kind: "local",
    verify: async (token) => longEnough(token),
    issue: () => `local-${randomBytes(12).toString("base64url")}`,
  };
}

/** Google reCAPTCHA through its siteverify endpoint. */
export function createGoogleRecaptcha(
  secret: string,
  fetchImpl: typeof fetch = fetch,
): RecaptchaProvider {
  return {
    kind: "google",
    async verify(token, remoteIp) {
      if (!longEnough(token)) return false;
      try {
        const body = new URLSearchParams({ secret, response: token });
        if (remoteIp) body.set("remoteip", remoteIp);
        const res = await fetchImpl("https://www.google.com/recaptcha/api/siteverify", {
          method: "POST",
          body,
          signal: AbortSignal.timeout(5000),
        });
        if (!res.ok) return false;
        const json = (await res.json()) as { success?: boolean };
        return json.success === true;
      } catch {
        return false;
      }
    },
    issue: () => "",
  };
}

export function createRecaptcha(config: { recaptchaSecretKey?: string }): RecaptchaProvider {
  return config.recaptchaSecretKey
    ? createGoogleRecaptcha(config.recaptchaSecretKey)
    : createLocalRecaptcha();
}
