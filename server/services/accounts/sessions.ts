import { createHash, randomBytes } from "node:crypto";
import { and, eq, type Placeholder, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { sessions, userEmails, users } from "../../db/schema";
import type { Clock } from "../../providers/clock";
import { mergeSessionCart } from "../commerce/cart";
import { dealsOwnedCount, hasActivePlus } from "../commerce/ownership-sql";
import { hashPassword } from "./passwords";

/** The signed-in user as the rest of the server sees them (spec 001 section 3, User). */
export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  avatar: string | null;
  emailVerified: boolean;
  isStaff: boolean;
  isStaffModerator: boolean;
  hasPlus: boolean;
  commentBlacklist: boolean;
  numberOfPurchases: number;
  requirePasswordReset: string | null;
  /**
   * A partner or user moderator of some deal: their deal pages carry moderator controls, so they
   * are rendered for them alone, never from a page shared by audience (domain/audience.ts).
   */
  hasDealRole: boolean;
};

export type SessionState = {
  id: string;
  currency: string;
  country: string | null;
  countryByIp: string | null;
  campaigns: string[];
  user: SessionUser | null;
  /**
   * The header's cart item count as it stood when the session was read (one statement with the
   * session instead of two per page). Absent on sessions built elsewhere (sign-in): count then.
   */
  cartCountAtLoad?: number;
};

// Tokens are cut from a pooled buffer of CSPRNG bytes (each byte used once), as Node's own
// randomUUID does: one randomBytes call per 128 tokens instead of one per anonymous page view.
const TOKEN_BYTES = 32;
let tokenPool = Buffer.alloc(0);
let tokenOffset = 0;
export const newToken = () => {
  if (tokenOffset + TOKEN_BYTES > tokenPool.length) {
    tokenPool = randomBytes(TOKEN_BYTES * 128);
    tokenOffset = 0;
  }
  const token = tokenPool.toString("base64url", tokenOffset, tokenOffset + TOKEN_BYTES);
  tokenOffset += TOKEN_BYTES;
  return token;
};
/** Only a hash of the cookie is stored: a leaked sessions table does not log anyone in. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

// Sliding expiry is written at most this often, so reading a page is not a write per request.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function createSessionService(deps: { db: Db; clock: Clock; ttlDays: number }) {
  const { db, clock } = deps;
  const ttlMs = deps.ttlDays * 24 * 60 * 60 * 1000;

  // One statement for the session, its user and the user's derived flags.
  const userColumns = (now: Date | Placeholder) => ({
    id: users.id,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    username: users.username,
    avatar: users.avatar,
    isStaff: users.isStaff,
    isStaffModerator: users.isStaffModerator,
    commentBlacklist: users.commentBlacklist,
    requirePasswordReset: users.requirePasswordReset,
    emailVerified: sql<boolean>`coalesce((select ${userEmails.verified} from ${userEmails}
      where ${userEmails.userId} = ${users.id} and ${userEmails.primary} limit 1), false)`,
    hasPlus: hasActivePlus(sql`${users.id}`, now),
    numberOfPurchases: dealsOwnedCount(sql`${users.id}`),
    hasDealRole: sql<boolean>`exists (select 1 from deal_roles dr where dr.user_id = ${users.id})`,
  });

  // Every request with a session cookie runs this: prepared once (drizzle builds its SQL once;
  // PostgreSQL plans a named statement once per connection). `now` is an ISO string.
  const now = sql.placeholder("now");
  const loadQuery = db
    .select({
      id: sessions.id,
      currency: sessions.currency,
      country: sessions.country,
      countryByIp: sessions.countryByIp,
      campaigns: sessions.campaigns,
      expiresAt: sessions.expiresAt,
      user: userColumns(now),
      // The cart's top-level items (add-ons ride on their plan), as cart.count() counts them:
      // the user's cart when signed in, else the anonymous session's own.
      cartCount: sql<number>`(select count(*)::int from cart_items ci join carts c on c.id = ci.cart_id
          where ci.primary_plan_id is null and case when ${sessions.userId} is not null
            then c.user_id = ${sessions.userId}
            else c.session_id = ${sessions.id} and c.user_id is null end)`,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.id, sql.placeholder("id")), sql`${sessions.expiresAt} > ${now}::timestamptz`),
    )
    .limit(1)
    .prepare("session_load");

  async function load(token: string | undefined): Promise<SessionState | null> {
    if (!token || token.length > 200) return null;
    const id = hashToken(token);
    const now = clock.now();
    const rows = await loadQuery.execute({ id, now: now.toISOString() });
    const row = rows[0];
    if (!row) return null;
    if (row.expiresAt.getTime() - now.getTime() < ttlMs - TOUCH_INTERVAL_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + ttlMs) })
        .where(eq(sessions.id, id));
    }
    const user = row.user?.id ? (row.user as SessionUser) : null;
    return {
      id,
      currency: row.currency,
      country: row.country,
      countryByIp: row.countryByIp,
      campaigns: row.campaigns,
      user,
      cartCountAtLoad: Number(row.cartCount ?? 0),
    };
  }

  /** Starts a fresh session (new token) for a user; the old one, if any, is deleted (rotation). */
  async function start(userId: number | null, previous?: SessionState | null) {
    const token = newToken();
    const now = clock.now();
    await db.transaction(async (tx) => {
      // Signing in keeps the anonymous cart: it moves to the user before its session goes.
      if (previous && userId && !previous.user) await mergeSessionCart(tx, previous.id, userId);
      if (previous) await tx.delete(sessions).where(eq(sessions.id, previous.id));
      await tx.insert(sessions).values({
        id: hashToken(token),
        userId,
        csrfToken: newToken(),
        currency: previous?.currency ?? "USD",
        country: previous?.country ?? null,
        countryByIp: previous?.countryByIp ?? null,
        campaigns: previous?.campaigns ?? [],
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      if (userId) await tx.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
    });
    return { token, maxAgeSeconds: Math.floor(ttlMs / 1000) };
  }

  /**
   * The one way an anonymous visitor's session begins (a first cart line, a currency choice, on
   * either door): started, and read back as every later request will see it.
   */
  async function startAnonymous() {
    const started = await start(null, null);
    const session = await load(started.token);
    if (!session) throw new Error("a new session could not be read back");
    return { ...started, session };
  }

  async function end(session: SessionState | null): Promise<void> {
    if (session) await db.delete(sessions).where(eq(sessions.id, session.id));
  }

  return { load, start, startAnonymous, end, hashPassword };
}

export type SessionService = ReturnType<typeof createSessionService>;
