/**
 * What the product page knows about the person looking at it. Anonymous views share one value
 * (ANONYMOUS_VIEWER), which is what lets their HTML be cached; everything personal lives here
 * and nowhere else in the page's loader data.
 */
export type ProductViewer = {
  isAuthenticated: boolean;
  email: string | null;
  emailVerified: boolean;
  isStaff: boolean;
  hasPlus: boolean;
  numberOfPurchases: number;
  /** user_has_purchased for this deal. */
  hasPurchased: boolean;
  /** Session currency (USD by default). */
  currency: string;
  /** Campaign opt-in slugs of the session (last call, Black Friday). */
  campaigns: string[];
  /**
   * A signed-in reader on a page kept for their audience (decision 059): who they are and what
   * they own is filled after load (app/ui/personal-fill.tsx); until then the buy button waits.
   */
  pending?: boolean;
};

export const ANONYMOUS_VIEWER: ProductViewer = {
  isAuthenticated: false,
  email: null,
  emailVerified: false,
  isStaff: false,
  hasPlus: false,
  numberOfPurchases: 0,
  hasPurchased: false,
  currency: "USD",
  campaigns: [],
};
