import type { SessionUser } from "./sessions";

// Small helpers shared by the read and write sides of the discussion service.

export const INT4_MAX = 2147483647;

/**
 * Staff moderate every deal. The users table has both is_staff and is_staff_moderator; either
 * counts, as domain/permissions.ts treats every staff account as a staff moderator.
 */
export const isStaffModeratorUser = (user: SessionUser | null): boolean =>
  user != null && (user.isStaff || user.isStaffModerator);

/** A numeric id that fits PostgreSQL's integer, or null (a bigger number can never match). */
export function parseId(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

/** The single-item route's last hyphen-separated segment is the id ("great-tool-42" -> 42). */
export const itemIdFromSegment = (segment: string): number | null =>
  parseId(segment.slice(segment.lastIndexOf("-") + 1));

/** A deal named by numeric id or slug; anything else can never match. */
export const DEAL_SLUG = /^[a-z0-9][a-z0-9_-]{0,199}$/i;
