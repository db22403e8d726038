import type { SessionUser } from "../accounts/sessions";

// Small helpers shared by the read and write sides of the discussion service.

export { ID_MAX as INT4_MAX, parseId } from "../../../domain/ids";

import { parseId } from "../../../domain/ids";

/**
 * Staff moderate every deal. The users table has both is_staff and is_staff_moderator; either
 * counts, as domain/permissions.ts treats every staff account as a staff moderator.
 */
export const isStaffModeratorUser = (user: SessionUser | null): boolean =>
  user != null && (user.isStaff || user.isStaffModerator);

/** The single-item route's last hyphen-separated segment is the id ("great-tool-42" -> 42). */
export const itemIdFromSegment = (segment: string): number | null =>
  parseId(segment.slice(segment.lastIndexOf("-") + 1));
