import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { shareableLinkPath } from "../../../domain/safe-redirect";
import type { Db } from "../../db/client";
import { type ShortLinkExperimentData, shortLinks } from "../../db/schema";
import type { Clock } from "../../providers/clock";

const CODE_ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9]{4,32}$/;

const newCode = () =>
  Array.from(randomBytes(CODE_LENGTH), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");

/**
 * Share links (spec 000 section 7): /s/{code} redirects to a link on this site. Only same-site
 * links are stored (as a path, so a redirect can never leave the site); the same link, kind and
 * key give back the same code.
 */
export function createShortLinkService(deps: { db: Db; clock: Clock; publicUrl: string }) {
  const { db, clock } = deps;
  const base = deps.publicUrl.replace(/\/$/, "");
  const origin = new URL(base).origin;

  /** The site-relative path of a deal, review or question page (absolute on PUBLIC_URL, or a path). */
  function sameSitePath(link: string): string | null {
    return shareableLinkPath(link, origin);
  }

  const shortUrl = (code: string) => `${base}/s/${code}`;

  async function create(input: {
    kind: string;
    key: string;
    path: string;
    experimentData?: ShortLinkExperimentData | null;
    userId?: number | null;
  }): Promise<{ code: string; url: string }> {
    const existing = await db
      .select({ code: shortLinks.code })
      .from(shortLinks)
      .where(
        and(
          eq(shortLinks.kind, input.kind),
          eq(shortLinks.key, input.key),
          eq(shortLinks.url, input.path),
        ),
      )
      .orderBy(shortLinks.id)
      .limit(1);
    if (existing[0]) return { code: existing[0].code, url: shortUrl(existing[0].code) };
    for (let attempt = 0; attempt < 5; attempt++) {
      const code = newCode();
      const inserted = await db
        .insert(shortLinks)
        .values({
          code,
          kind: input.kind,
          key: input.key,
          url: input.path,
          experimentData: input.experimentData ?? null,
          userId: input.userId ?? null,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ code: shortLinks.code });
      if (inserted[0]) return { code, url: shortUrl(code) };
    }
    throw new Error("could not allocate a short-link code");
  }

  /** The stored path for a code (counting the click), or null. */
  async function resolve(code: string): Promise<string | null> {
    if (!SHORT_CODE_PATTERN.test(code)) return null;
    const rows = await db
      .update(shortLinks)
      .set({ clicks: sql`${shortLinks.clicks} + 1` })
      .where(eq(shortLinks.code, code))
      .returning({ url: shortLinks.url });
    return rows[0]?.url ?? null;
  }

  return { sameSitePath, shortUrl, create, resolve };
}

export type ShortLinkService = ReturnType<typeof createShortLinkService>;
