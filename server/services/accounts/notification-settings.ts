import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { unauthenticated } from "../../../domain/errors";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationTopic,
  withoutTopic,
} from "../../../domain/notifications";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/accounts";
import { notificationSettings } from "../../db/schema/notifications";
import type { Clock } from "../../providers/clock";
import type { SessionUser } from "./sessions";

// A member's notification e-mail switches (issue 33, decision 068), beside their e-mail
// addresses in the e-mail settings; a founder's choice for new questions is set in the partner
// portal and kept here too. Each notification e-mail's unsubscribe link names the member by a
// random token of theirs and the topic it turns off; it works without signing in.

const columns = {
  moderation: notificationSettings.moderation,
  replies: notificationSettings.replies,
  followedQuestions: notificationSettings.followedQuestions,
  partnerQuestions: notificationSettings.partnerQuestions,
};

export function createNotificationSettingsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function read(userId: number): Promise<NotificationSettings> {
    const [row] = await db
      .select(columns)
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId));
    return row ?? DEFAULT_NOTIFICATION_SETTINGS;
  }

  async function get(user: SessionUser | null): Promise<NotificationSettings> {
    if (!user) throw unauthenticated();
    return read(user.id);
  }

  async function write(userId: number, next: NotificationSettings): Promise<NotificationSettings> {
    const [row] = await db
      .insert(notificationSettings)
      .values({
        userId,
        unsubscribeToken: randomBytes(24).toString("base64url"),
        ...next,
        updatedAt: clock.now(),
      })
      .onConflictDoUpdate({
        target: notificationSettings.userId,
        set: { ...next, updatedAt: clock.now() },
      })
      .returning(columns);
    return row ?? next;
  }

  /** Changes the given switches; the others keep their value. */
  async function update(
    user: SessionUser | null,
    changes: Partial<NotificationSettings>,
  ): Promise<NotificationSettings> {
    if (!user) throw unauthenticated();
    const current = await read(user.id);
    const defined = Object.fromEntries(
      Object.entries(changes).filter(([, v]) => v !== undefined),
    ) as Partial<NotificationSettings>;
    return write(user.id, { ...current, ...defined });
  }

  /** Whose link this is (the unsubscribe page shows the address); null for an unknown token. */
  async function findByToken(token: string) {
    if (!token || token.length > 100) return null;
    const [row] = await db
      .select({ userId: notificationSettings.userId, email: users.email, ...columns })
      .from(notificationSettings)
      .innerJoin(users, eq(users.id, notificationSettings.userId))
      .where(eq(notificationSettings.unsubscribeToken, token));
    return row ?? null;
  }

  /** Turns one topic off for the link's member; false for an unknown token. */
  async function unsubscribe(token: string, topic: NotificationTopic): Promise<boolean> {
    const found = await findByToken(token);
    if (!found) return false;
    const { userId, email: _email, ...settings } = found;
    await write(userId, withoutTopic(settings, topic));
    return true;
  }

  return { get, update, findByToken, unsubscribe };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
