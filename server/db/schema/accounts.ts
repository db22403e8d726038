import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./_helpers";

/**
 * Accounts. `email` is the primary address, kept in step with the primary row of user_emails;
 * uniqueness is case-insensitive through a unique index on lower(email) (no citext: PGlite and
 * PostgreSQL must behave the same without extensions).
 */
export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    email: text().notNull(),
    /** null until the account sets a password (accounts created by a session sign-up). */
    passwordHash: text(),
    firstName: text().notNull().default(""),
    lastName: text().notNull().default(""),
    username: text().notNull(),
    /** URL or media key of the avatar image. */
    avatar: text(),
    /** Job title shown on founder posts and staff messages. */
    title: text(),
    isStaff: boolean().notNull().default(false),
    isStaffModerator: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** The special bot authors (QAbot, ModBot). */
    isBot: boolean().notNull().default(false),
    commentBlacklist: boolean().notNull().default(false),
    commentWhitelist: boolean().notNull().default(false),
    /** Opted in to be asked new questions on the deals they own (issue 33, decision 070). */
    answersOwnerQuestions: boolean().notNull().default(false),
    /** Why staff last put the author on the comment black- or whitelist, or took them off (issue 33). */
    commentListReason: text(),
    /** When they did. */
    commentListChangedAt: timestamptz(),
    /** e.g. "NEW_ACCOUNT" for accounts that still have to set a password. */
    requirePasswordReset: text(),
    dateJoined: createdAt(),
    lastLogin: timestamptz(),
    /**
     * Distinct deals the account owns (add-ons are not deals): the reviews list's "deals
     * purchased". Kept by triggers on invoice_items and orders (migration scale_counts), never
     * written by the app.
     */
    dealsPurchased: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_username_unique").on(t.username),
  ],
);

/** Every address of an account; exactly one is primary. */
export const userEmails = pgTable(
  "user_emails",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text().notNull(),
    verified: boolean().notNull().default(false),
    primary: boolean().notNull().default(false),
    verifiedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_emails_email_lower_unique").on(sql`lower(${t.email})`),
    uniqueIndex("user_emails_one_primary").on(t.userId).where(sql`${t.primary}`),
    index("user_emails_user_idx").on(t.userId),
  ],
);

/** Cookie sessions, anonymous or signed in. The primary key is a hash of the cookie token. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
    csrfToken: text().notNull(),
    currency: text().notNull().default("USD"),
    country: text(),
    countryByIp: text(),
    /** Opt-in campaign slugs the session joined (campaign banners, last call). */
    campaigns: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    expiresAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/** Single-use password reset tokens (only a hash is stored). */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("password_reset_tokens_hash_unique").on(t.tokenHash),
    index("password_reset_tokens_user_idx").on(t.userId),
  ],
);

/** E-mail verification links, one row per sent link (only a hash is stored). */
export const emailVerificationTokens = pgTable(
  "email_verification_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userEmailId: integer()
      .notNull()
      .references(() => userEmails.id, { onDelete: "cascade" }),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_verification_tokens_hash_unique").on(t.tokenHash),
    index("email_verification_tokens_email_idx").on(t.userEmailId),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type UserEmail = typeof userEmails.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type EmailVerificationToken = typeof emailVerificationTokens.$inferSelect;
