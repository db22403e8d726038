import { useLocation } from "react-router";
import { PREVIEW_PARAM } from "../../domain/blocks";

const previewFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/** Tells staff they are looking at the page at another moment, with the way back to now. */
export function StaffPreviewBanner({ at }: { at: string | null }) {
  const location = useLocation();
  if (!at) return null;
  const params = new URLSearchParams(location.search);
  params.delete(PREVIEW_PARAM);
  const query = params.toString();
  return (
    <div
      role="status"
      data-testid="staff-preview"
      className="bg-violet-900 px-4 py-2 text-center text-sm font-semibold text-white"
    >
      Staff preview: this page as it will be on {previewFormat.format(new Date(at))}.{" "}
      <a href={`${location.pathname}${query ? `?${query}` : ""}`} className="underline">
        Back to now
      </a>
    </div>
  );
}
