import { PREVIEW_PARAM, previewMoment } from "../../domain/blocks";
import type { AppLoadContext } from "../context";

/**
 * The staff time-shift preview of a page (?preview_start_date=...): the moment to render the page
 * at, for staff; null for everyone else and without the parameter.
 */
export function staffPreviewAt(
  ctx: Pick<AppLoadContext, "session">,
  request: Request,
): Date | null {
  return previewMoment(
    new URL(request.url).searchParams.get(PREVIEW_PARAM),
    Boolean(ctx.session?.user?.isStaff),
  );
}
