import type { SmartCollectionDataJson } from "../../server/services/storefront/deal-json";

/** What every smart collection component receives. */
export type CollectionProps = {
  data: SmartCollectionDataJson;
  /** "Now" of the request, so server and browser render the same banners and statuses. */
  now: Date;
  signedIn: boolean;
};

export const displayString = (data: SmartCollectionDataJson, field: string): string | null => {
  const value = data[`component_${field}`];
  return typeof value === "string" && value ? value : null;
};

/** Whether a hex colour is dark enough to need light text on it. */
export const isDark = (hex: string): boolean => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return true;
  const [r, g, b] = [m[1], m[2], m[3]].map((x) => Number.parseInt(x ?? "0", 16) / 255) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.55;
};
