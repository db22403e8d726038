import type { ProfileTab } from "../../server/services/discussions/profiles";

/**
 * What the public profile page receives: inferred from its loader (client-safe: dates as ISO),
 * so the page's types and what the loader returns cannot drift apart.
 */
export type { ProfileTab } from "../../server/services/discussions/profiles";
export type { ProfileEntryView, ProfileView } from "./profile-page.server";

/** The profile's address with its tab and page (the canonical form: page 1 has no ?page). */
export function profilePath(username: string, tab: ProfileTab | null, page: number): string {
  const q = new URLSearchParams();
  if (tab) q.set("show", tab);
  if (page > 1) q.set("page", String(page));
  const query = q.toString();
  return `/profile/${encodeURIComponent(username)}/${query ? `?${query}` : ""}`;
}
