// One formatter for every rendered date: toLocaleDateString with options builds a new
// Intl.DateTimeFormat on each call, which showed up in the product page's CPU profile.
const mediumUtc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

export const formatDate = (iso: string | null) => (iso ? mediumUtc.format(new Date(iso)) : null);
