import { useLocation } from "react-router";
import { PREVIEW_PARAM } from "../../domain/blocks";
import { utcDateTime } from "../ui/format";

/**
 * Tells staff they are looking at the page at another moment, with the way back to now,
 * (`hidden`) that the deal is a draft or private one the public cannot see, and (`edited`) that
 * the blocks are the block editor's unsaved ones, or why they could not be shown.
 */
export function StaffPreviewBanner({
  at,
  hidden = false,
  edited,
}: {
  at: string | null;
  hidden?: boolean;
  edited?: true | Record<string, string[]>;
}) {
  if (!edited) return <MomentBanner at={at} hidden={hidden} />;
  return (
    <>
      <EditedBanner edited={edited} />
      <MomentBanner at={at} hidden={hidden} />
    </>
  );
}

function EditedBanner({ edited }: { edited: true | Record<string, string[]> }) {
  const problems = edited === true ? [] : Object.entries(edited);
  return (
    <div
      role="status"
      data-testid="staff-blocks-preview"
      className={
        problems.length
          ? "bg-red-800 px-4 py-2 text-center text-sm font-semibold text-white"
          : "bg-violet-950 px-4 py-2 text-center text-sm font-semibold text-white"
      }
    >
      {problems.length ? (
        <>
          The edited blocks cannot be shown (the saved ones are):{" "}
          {problems.map(([field, messages]) => `${field}: ${messages.join(" ")}`).join("; ")}
        </>
      ) : (
        "Staff preview of the blocks being edited: not saved, and seen by no one else."
      )}
    </div>
  );
}

function MomentBanner({ at, hidden }: { at: string | null; hidden: boolean }) {
  const location = useLocation();
  if (!at && !hidden) return null;
  if (!at) {
    return (
      <div
        role="status"
        data-testid="staff-draft-preview"
        className="bg-violet-900 px-4 py-2 text-center text-sm font-semibold text-white"
      >
        Staff preview: this deal is not published, so the public cannot see this page.
      </div>
    );
  }
  const params = new URLSearchParams(location.search);
  params.delete(PREVIEW_PARAM);
  const query = params.toString();
  return (
    <div
      role="status"
      data-testid="staff-preview"
      className="bg-violet-900 px-4 py-2 text-center text-sm font-semibold text-white"
    >
      Staff preview{hidden ? " of an unpublished deal" : ""}: this page as it will be on{" "}
      {utcDateTime(new Date(at), true)}.{" "}
      <a href={`${location.pathname}${query ? `?${query}` : ""}`} className="underline">
        Back to now
      </a>
    </div>
  );
}
