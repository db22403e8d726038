import { useRouteLoaderData } from "react-router";
import type { GrowthRootData } from "./marketing/root-data.server";

/**
 * What the root loader (app/root.tsx) gives every page. It lives apart from root.tsx so that the
 * header and other shared components can read it without importing the root route, which
 * imports them.
 */

/** The signed-in user summary every page's header needs; nothing else personal goes here. */
export type HeaderUser = {
  name: string;
  email: string;
  isStaff: boolean;
  hasPlus: boolean;
  /** Signed in but unverified: the menu carries the verify prompt. */
  emailVerified?: boolean;
  /**
   * A page kept for an audience of signed-in readers (decision 059): the name, e-mail and cart
   * count are not in it; the page fills them after load (app/ui/personal-fill.tsx).
   */
  pending?: boolean;
} | null;

export type RootData = {
  user: HeaderUser;
  campaigns: string[];
  /** Signed-in pages carry the CSRF token for forms that must work without JavaScript. */
  csrfToken: string;
  /** The public origin, for absolute URLs in structured data. */
  origin: string;
  growth: GrowthRootData;
  /** The header's cart item count. */
  cartCount: number;
};

/** The root loader's data, or undefined when the root loader did not run (an error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
