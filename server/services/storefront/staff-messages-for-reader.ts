import { eq, sql } from "drizzle-orm";
import { liveStaffMessages, staffMessageFor, staffMessageVisible } from "../../../domain/blocks";
import type { Db } from "../../db/client";
import { deals, staffMessages } from "../../db/schema";
import { ownsDeal } from "../commerce/ownership-sql";

/** Who reads a deal, as a staff message's audience (user_group) needs it (spec 001 section 6). */
export type StaffMessageReader = { isStaff: boolean; hasPurchased: boolean; hasPlus: boolean };

/** A visitor without a session, or any anonymous one: the only reader a shared answer is for. */
export const ANONYMOUS_READER: StaffMessageReader = {
  isStaff: false,
  hasPurchased: false,
  hasPlus: false,
};

type WithStaffMessages<M> = { staff_message: M | null; staff_messages: M[] };

/**
 * The deal's staff messages cut to what this reader may see: the server decides, so a message for
 * Plus purchasers never leaves it for anyone else (the kept deal data holds all of them; every
 * answer, cached or not, goes through here).
 */
export function staffMessagesForReader<
  M extends { user_group: string },
  D extends WithStaffMessages<M>,
>(deal: D, reader: StaffMessageReader): D {
  const visible = deal.staff_messages.filter((m) => staffMessageVisible(m.user_group, reader));
  return { ...deal, staff_message: visible[0] ?? null, staff_messages: visible };
}

/** The reader of a deal: a session's user (staff, Plus, whether they own the deal) or anonymous. */
export async function staffMessageReader(
  db: Db,
  dealId: number,
  user: { id: number; isStaff: boolean; hasPlus: boolean } | null | undefined,
): Promise<StaffMessageReader> {
  if (!user) return ANONYMOUS_READER;
  if (user.isStaff) return { isStaff: true, hasPurchased: false, hasPlus: user.hasPlus };
  const [row] = await db
    .select({ owns: ownsDeal(sql`${user.id}::int`, sql.raw("deals.id")) })
    .from(deals)
    .where(eq(deals.id, dealId));
  const owns = Boolean(row?.owns);
  return { isStaff: false, hasPurchased: owns, hasPlus: user.hasPlus };
}

/**
 * Whether the message this reader sees on the deal's page is one no audience's page carries: the
 * newest live message they may see speaks to buyers only (issue 32, decision 066). A page kept for
 * an audience shows the newest message for everyone; such a reader has the page's data rendered
 * for them after load (app/ui/personal-fill.tsx). Live and newest first by the same rule as the
 * deal data (domain/blocks.ts liveStaffMessages).
 */
export async function readerHasOwnStaffMessage(
  db: Db,
  dealId: number,
  reader: StaffMessageReader,
  now: Date,
): Promise<boolean> {
  // Only a buyer (or staff) may see more than everyone does.
  if (!reader.hasPurchased && !reader.isStaff) return false;
  const rows = await db
    .select({
      id: staffMessages.id,
      startDate: staffMessages.startDate,
      endDate: staffMessages.endDate,
      user_group: staffMessages.userGroup,
    })
    .from(staffMessages)
    .where(eq(staffMessages.dealId, dealId));
  const live = liveStaffMessages(rows, now);
  const seen = staffMessageFor(live, reader);
  return seen !== null && seen.user_group !== "all";
}
