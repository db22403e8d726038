import { utcDayFormat } from "../../ui/format";

// One formatter for every rendered date: toLocaleDateString with options builds a new
// Intl.DateTimeFormat on each call, which showed up in the product page's CPU profile.
// Its answers are kept per day (utcDayFormat).
const mediumUtc = utcDayFormat(
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }),
);

export const formatDate = (iso: string | null) => (iso ? mediumUtc(new Date(iso)) : null);
