/**
 * Reports of abuse on reviews, questions and replies, and the staff lists of blocked and
 * whitelisted authors (issue 33; decision 069). Pure: the flag service, the API schemas and the
 * pages share these lists and labels.
 */

/** Why a reader reports a post: a short fixed list; "other" needs a few words of its own. */
export const FLAG_REASONS = ["spam", "abuse", "off_topic", "other"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** The reasons as the report dialog and the staff queue name them. */
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  spam: "Spam or advertising",
  abuse: "Abusive, hateful or personal attack",
  off_topic: "Off-topic or not about this deal",
  other: "Something else",
};

/** The reporter's own words (required with "other", optional otherwise). */
export const FLAG_DETAILS_MAX = 500;

/** A flag is open until staff resolve its item: dismissed, or the item declined. */
export const FLAG_STATUSES = ["open", "dismissed", "declined"] as const;
export type FlagStatus = (typeof FLAG_STATUSES)[number];

/** What staff do with an item's open flags. */
export const FLAG_RESOLUTIONS = ["dismiss", "decline"] as const;
export type FlagResolution = (typeof FLAG_RESOLUTIONS)[number];

/** Staff's note on a resolution (shown to the author as the decline's reason when declining). */
export const FLAG_NOTE_MAX = 500;

/** The comment author lists staff keep (spec 000: whitelist skips moderation, blacklist may not post). */
export const AUTHOR_LISTS = ["blacklist", "whitelist"] as const;
export type AuthorList = (typeof AUTHOR_LISTS)[number];

/** Why staff put an author on a list or took them off it. */
export const AUTHOR_LIST_REASON_MAX = 500;

/**
 * The reason a declined item's author reads when it was declined from the reports queue: staff's
 * own note when they gave one, else the reason most reporters chose (ties: the list's order).
 */
export function declineReasonFromFlags(
  note: string | null | undefined,
  reasons: readonly FlagReason[],
): string {
  const own = note?.trim();
  if (own) return own;
  let best: FlagReason = "other";
  let bestCount = 0;
  for (const reason of FLAG_REASONS) {
    const n = reasons.filter((r) => r === reason).length;
    if (n > bestCount) {
      best = reason;
      bestCount = n;
    }
  }
  return `Reported by readers: ${FLAG_REASON_LABELS[best].toLowerCase()}.`;
}

/** Counts of each reason among an item's open flags, in the list's order (zero counts left out). */
export function reasonCounts(
  reasons: readonly FlagReason[],
): Array<{ reason: FlagReason; count: number }> {
  return FLAG_REASONS.map((reason) => ({
    reason,
    count: reasons.filter((r) => r === reason).length,
  })).filter((r) => r.count > 0);
}
