import { timingSafeEqual } from "node:crypto";

/**
 * Compares two secrets (CSRF tokens, OAuth state) in time that does not depend on where they
 * first differ, so an attacker cannot guess one a character at a time. Empty never matches.
 */
export function safeEqual(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
