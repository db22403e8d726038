// Notification e-mails of the discussions (issue 33): the topics a member may turn off one by
// one, and how a deal's founders hear of new questions. One home for these names: the schema's
// CHECK, the API's schemas, the settings pages and the unsubscribe links use them.

/** The topics of notification e-mails; each has its own switch and unsubscribe link. */
export const NOTIFICATION_TOPICS = [
  "moderation",
  "replies",
  "followed_questions",
  "partner_questions",
] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** How a founder hears of new questions on their deals: one e-mail each, a daily digest, or none. */
export const PARTNER_QUESTION_MODES = ["each", "daily", "off"] as const;
export type PartnerQuestionMode = (typeof PARTNER_QUESTION_MODES)[number];

/** What each topic's switch and unsubscribe page call it. */
export const NOTIFICATION_TOPIC_LABELS: Record<NotificationTopic, string> = {
  moderation: "Your reviews and questions approved or declined",
  replies: "Answers and replies in your threads",
  followed_questions: "Answers to questions you follow",
  partner_questions: "New questions on your deals",
};

export type NotificationSettings = {
  moderation: boolean;
  replies: boolean;
  followedQuestions: boolean;
  partnerQuestions: PartnerQuestionMode;
};

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  moderation: true,
  replies: true,
  followedQuestions: true,
  partnerQuestions: "each",
};

/** Whether a member with these settings gets an e-mail of this topic now. */
export function wantsTopic(settings: NotificationSettings, topic: NotificationTopic): boolean {
  switch (topic) {
    case "moderation":
      return settings.moderation;
    case "replies":
      return settings.replies;
    case "followed_questions":
      return settings.followedQuestions;
    case "partner_questions":
      return settings.partnerQuestions !== "off";
  }
}

/** The settings with one topic turned off (what an unsubscribe link does). */
export function withoutTopic(
  settings: NotificationSettings,
  topic: NotificationTopic,
): NotificationSettings {
  switch (topic) {
    case "moderation":
      return { ...settings, moderation: false };
    case "replies":
      return { ...settings, replies: false };
    case "followed_questions":
      return { ...settings, followedQuestions: false };
    case "partner_questions":
      return { ...settings, partnerQuestions: "off" };
  }
}

export const isNotificationTopic = (value: string): value is NotificationTopic =>
  (NOTIFICATION_TOPICS as readonly string[]).includes(value);
