import { data, redirect } from "react-router";
import { FIELD_ERROR_DEFAULT, FORM_ERROR } from "../../domain/messages";
import { postingBodyOf } from "../../server/web/discussions";
import { isDomainError, statusOf } from "../../server/web/errors";
import type { Ctx } from "./page-context.server";
import {
  type DiscussionKind,
  type FormActionData,
  type FormValues,
  listPath,
  loginPath,
} from "./types";

// The new and edit forms' action: the posting use case, the same one the API calls (the gates,
// then the streamed and capped body, then the domain schema), so a page post is refused where
// an API post would be, before any byte of video is stored.

/** The form's values as read, for refilling the form on a refusal. */
function formValues(fields: Record<string, unknown>): FormValues {
  const ratingNumber = Number(fields.rating);
  return {
    title: typeof fields.title === "string" ? fields.title : "",
    comment: typeof fields.comment === "string" ? fields.comment : "",
    rating: Number.isInteger(ratingNumber) && ratingNumber > 0 ? ratingNumber : null,
  };
}

function formFailure(values: FormValues, fields: Record<string, string[]>, status = 400) {
  const { non_field_errors: nonField, detail, ...rest } = fields;
  const formError = nonField?.[0] ?? detail?.[0] ?? FORM_ERROR;
  return data<FormActionData>(
    { values, fieldErrors: rest, formError: Object.keys(rest).length ? FORM_ERROR : formError },
    { status },
  );
}

/**
 * Create (no `itemKey`) or edit through the posting use case. Success redirects with a flag the
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
  let values: FormValues = { title: "", comment: "", rating: null };
  const onFields = (fields: Record<string, unknown>) => {
    values = formValues(fields);
  };
  const discussions = ctx.services.discussions;
  try {
    const body = await postingBodyOf(request);
    if (itemKey) {
      await discussions.submitEdit(kind, slug, itemKey, user, body, { onFields });
      const item = await discussions.get(kind, slug, itemKey, user).catch(() => null);
      return redirect(`${item?.displayPath ?? listPath(slug, kind)}?submitted=edit`);
    }
    await discussions.submitCreate(kind, slug, user, body, { onFields });
    return redirect(`${listPath(slug, kind)}?submitted=${kind}`);
  } catch (err) {
    // readForm's answer to a body that does not parse.
    if (err instanceof Response) return formFailure(values, {});
    if (!isDomainError(err)) throw err;
    if (err.kind === "unauthenticated") return redirect(loginPath(url.pathname));
    const fields = err.fields;
    for (const key of Object.keys(fields))
      if (!fields[key]?.length) fields[key] = [FIELD_ERROR_DEFAULT];
    return formFailure(values, fields, statusOf(err));
  }
}
