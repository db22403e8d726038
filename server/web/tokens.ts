import { timingSafeEqual } from "node:crypto";

/** Compares two secrets (CSRF tokens) in constant time; a missing one never matches. */
export function safeEqual(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
