import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { data, redirect } from "react-router";
import { REVIEW_VIDEO_MAX_BYTES } from "../../domain/constants";
import { FIELD_ERROR_DEFAULT, FORM_ERROR, VIDEO_TOO_LARGE } from "../../domain/messages";
import { fieldErrors } from "../../domain/schemas/common";
import { QuestionCreateSchema, ReviewCreateSchema } from "../../domain/schemas/discussions";
import { ingestVideo, type StoredVideo, VideoTypeError } from "../../server/web/discussions";
import { isDomainError, statusOf } from "../../server/web/errors";
import { readForm } from "../../server/web/forms";
import type { Ctx } from "./page-context.server";
import {
  type DiscussionKind,
  type FormActionData,
  type FormValues,
  listPath,
  loginPath,
} from "./types";

// The new and edit forms' action: the domain schema first (the one the form uses), then the
// service, which applies the posting gates.

/** The form's fields, as the schemas read them. */
function formInput(form: FormData, kind: DiscussionKind) {
  const file = form.get("video_file");
  const video = kind === "review" && file instanceof File && file.size > 0 ? file : null;
  const raw = {
    title: String(form.get("title") ?? ""),
    comment: String(form.get("comment") ?? ""),
    ...(kind === "review" ? { rating: String(form.get("rating") ?? "") } : {}),
  };
  const ratingNumber = Number(raw.rating);
  const values: FormValues = {
    title: raw.title,
    comment: raw.comment,
    rating: Number.isInteger(ratingNumber) && ratingNumber > 0 ? ratingNumber : null,
  };
  return { raw, video, values };
}

function formFailure(values: FormValues, fields: Record<string, string[]>, status = 400) {
  const { non_field_errors: nonField, detail, ...rest } = fields;
  const formError = nonField?.[0] ?? detail?.[0] ?? FORM_ERROR;
  return data<FormActionData>(
    { values, fieldErrors: rest, formError: Object.keys(rest).length ? FORM_ERROR : formError },
    { status },
  );
}

async function storeVideo(
  ctx: Ctx,
  file: File,
  title: string,
): Promise<StoredVideo | null | Record<string, string[]>> {
  try {
    const stream = Readable.fromWeb(file.stream() as unknown as NodeReadableStream);
    return await ingestVideo(ctx.services.media, stream, file.type || "", title);
  } catch (err) {
    if (err instanceof VideoTypeError) return { video_file: [err.message] };
    throw err;
  }
}

/**
 * Create (no `itemKey`) or edit: validated with the domain schema first (the same one the form
 * uses), then the service, which applies the posting gates. Success redirects with a flag the
 * next page turns into the spec's success message.
 */
export async function saveAction(
  ctx: Ctx,
  kind: DiscussionKind,
  slug: string,
  request: Request,
  itemKey: string | null,
) {
  const url = new URL(request.url);
  const user = ctx.session?.user ?? null;
  if (!user) return redirect(loginPath(url.pathname));
  let form: FormData;
  try {
    form = await readForm(request);
  } catch {
    return formFailure({ title: "", comment: "", rating: null }, {});
  }
  const { raw, video, values } = formInput(form, kind);
  const discussions = ctx.services.discussions;
  let keepsVideo = false;
  if (itemKey && kind === "review") {
    try {
      keepsVideo = (await discussions.editTarget(kind, slug, itemKey, user)).hasVideo;
    } catch (err) {
      if (!isDomainError(err)) throw err;
      return formFailure(values, err.fields, statusOf(err));
    }
  }
  const schema = kind === "review" ? ReviewCreateSchema : QuestionCreateSchema;
  const parsed = schema.safeParse({
    ...raw,
    // A review keeping its stored video still satisfies "comment or video".
    video_file: video ?? (keepsVideo ? "stored" : undefined),
  });
  if (!parsed.success) return formFailure(values, fieldErrors(parsed.error));
  if (video && video.size > REVIEW_VIDEO_MAX_BYTES)
    return formFailure(values, { video_file: [VIDEO_TOO_LARGE] }, 413);
  const input = {
    title: parsed.data.title,
    comment: parsed.data.comment,
    rating:
      "rating" in parsed.data && typeof parsed.data.rating === "number"
        ? parsed.data.rating
        : undefined,
    video: null as StoredVideo | null,
  };
  try {
    if (video) {
      const stored = await storeVideo(ctx, video, input.title);
      if (stored && !("videoKey" in stored)) return formFailure(values, stored);
      input.video = stored as StoredVideo | null;
    }
    if (itemKey) {
      await discussions.edit(kind, slug, itemKey, user, input);
      const item = await discussions.get(kind, slug, itemKey, user).catch(() => null);
      return redirect(`${item?.displayPath ?? listPath(slug, kind)}?submitted=edit`);
    }
    await discussions.create(kind, slug, user, input);
    return redirect(`${listPath(slug, kind)}?submitted=${kind}`);
  } catch (err) {
    if (input.video) await discussions.discardVideo(input.video).catch(() => undefined);
    if (!isDomainError(err)) throw err;
    if (err.kind === "unauthenticated") return redirect(loginPath(url.pathname));
    const fields = err.fields;
    for (const key of Object.keys(fields))
      if (!fields[key]?.length) fields[key] = [FIELD_ERROR_DEFAULT];
    return formFailure(values, fields, statusOf(err));
  }
}
