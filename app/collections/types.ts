import type { CollectionView } from "./card-view";

/** What every smart collection component receives. */
export type CollectionProps = {
  data: CollectionView;
  /** "Now" of the request, so server and browser render the same banners and statuses. */
  now: Date;
  signedIn: boolean;
  /** A Plus member (a Plus-only deal's Buy now needs no note for them). */
  hasPlus?: boolean;
  /**
   * The first-order discount the e-mail captures offer ("10%", a live percent campaign's "15%"):
   * the page's subscribe banner names the same figure.
   */
  discount?: string;
};

export const displayString = (data: CollectionView, field: string): string | null => {
  const value = data[`component_${field}`];
  return typeof value === "string" && value ? value : null;
};

/** Whether a colour is dark enough to need light text on it (domain/contrast, WCAG). */
export { isDarkBackground as isDark } from "../../domain/contrast";
