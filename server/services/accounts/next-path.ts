import { safeRedirectTarget } from "../../../domain/safe-redirect";

/**
 * Where to go after logging in (the `next` parameter): only a path on this site, as the one
 * safe-target rule (domain/safe-redirect.ts) decides after resolving it.
 */
export function safeNextPath(next: unknown, fallback = "/"): string {
  return safeRedirectTarget(next, fallback);
}
