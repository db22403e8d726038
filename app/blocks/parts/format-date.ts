import { utcMediumDate } from "../../ui/format";

// "Nov 15, 2026" for every rendered date, without Intl (app/ui/format: a browser's first
// Intl.DateTimeFormat loads ICU data; toLocaleDateString with options built one per call).
export const formatDate = (iso: string | null) => (iso ? utcMediumDate(new Date(iso)) : null);
