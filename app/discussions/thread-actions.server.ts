import { redirect } from "react-router";
import { COMMENT_KINDS } from "../../domain/constants";
import { DELETE_FAILED, deleteSuccess, FORM_ERROR, REPORT_THANKS } from "../../domain/messages";
import { fieldErrors } from "../../domain/schemas/common";
import {
  ApproveSchema,
  FlagSchema,
  InlineCommentSchema,
  ReplySchema,
  ResolveSchema,
} from "../../domain/schemas/discussions";
import { THROTTLED } from "../../server/web/accounts";
import { itemIdFromSegment } from "../../server/web/discussions";
import { isDomainError } from "../../server/web/errors";
import { readForm } from "../../server/web/forms";
import { outageOf } from "../../server/web/outage";
import type { Ctx } from "./page-context.server";
import {
  type DiscussionKind,
  KIND_LABEL,
  listPath,
  loginPath,
  type ThreadActionResult,
} from "./types";

// Thread actions: reply, vote, approve, resolve, author lists and delete. The list and item pages
// post here; the answer updates the thread in place.

// Our wording: the spec names the staff action ("whitelist or block an author") but no message.
const AUTHOR_WHITELISTED = "Author whitelisted: their new posts skip moderation.";
const AUTHOR_BLOCKED = "Author blocked: they can no longer post.";

/** A service refusal's messages by field; anything else is not a refusal and is rethrown. */
const errorMessages = (err: unknown): Record<string, string[]> => {
  if (!isDomainError(err)) throw err;
  return err.fields;
};

export async function threadAction(
  ctx: Ctx,
  kind: DiscussionKind,
  slug: string,
  request: Request,
  /** On an item page, its path segment: deleting that item leaves the page. */
  itemSegment: string | null = null,
): Promise<ThreadActionResult | Response> {
  const itemPageId = itemSegment ? itemIdFromSegment(itemSegment) : null;
  const url = new URL(request.url);
  const user = ctx.session?.user ?? null;
  if (!user) return redirect(loginPath(url.pathname));
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const key = String(id);
  const discussions = ctx.services.discussions;
  if (!Number.isInteger(id) || id < 1) return { ok: false, intent, id: 0 };
  try {
    switch (intent) {
      case "reply":
      case "edit": {
        // A question's thread takes the inline box's 400 characters (spec 000 section 5).
        const schema = kind === "question" ? InlineCommentSchema : ReplySchema;
        const parsed = schema.safeParse({ comment: form.get("comment") ?? "" });
        if (!parsed.success) {
          return {
            ok: false,
            intent,
            id,
            formError: FORM_ERROR,
            fieldErrors: fieldErrors(parsed.error),
          };
        }
        if (intent === "edit") {
          // Only replies are edited in place; reviews and questions have their edit page (whose
          // title this body would otherwise clear).
          const target = await discussions.editTarget(kind, slug, key, user);
          if (!target.isReply) return { ok: false, intent, id, formError: FORM_ERROR };
          const edited = await discussions.edit(kind, slug, key, user, {
            title: "",
            comment: parsed.data.comment,
          });
          const status = edited.type === "reply" ? edited.reply.status : edited.item.status;
          return { ok: true, intent, id, status };
        }
        const reply = await discussions.reply(kind, slug, key, user, {
          comment: parsed.data.comment,
        });
        return { ok: true, intent, id, status: reply.status };
      }
      case "vote": {
        await discussions.vote(kind, slug, key, user, 1);
        return { ok: true, intent, id };
      }
      case "approve": {
        const parsed = ApproveSchema.safeParse({
          approved: form.get("approved") ?? "",
          moderation_reason: form.get("moderation_reason") ?? undefined,
        });
        if (!parsed.success) return { ok: false, intent, id };
        await discussions.approve(
          kind,
          slug,
          key,
          user,
          parsed.data.approved,
          parsed.data.moderation_reason,
        );
        return { ok: true, intent, id };
      }
      case "follow":
      case "unfollow": {
        // Following a question (issue 33): e-mailed when it is answered.
        if (kind !== "question") return { ok: false, intent, id };
        await discussions.follow(slug, key, user, intent === "follow");
        return { ok: true, intent, id };
      }
      case "resolve": {
        const parsed = ResolveSchema.safeParse({ resolved: form.get("resolved") ?? "" });
        if (!parsed.success) return { ok: false, intent, id };
        await discussions.resolve(kind, slug, key, user, parsed.data.resolved);
        return { ok: true, intent, id };
      }
      case "author": {
        // Staff whitelist or block a comment's author (the service checks staff).
        const list = form.get("list") === "whitelist" ? "whitelist" : "blacklist";
        await discussions.setAuthorList(user, list, String(form.get("userId") ?? ""), true);
        return {
          ok: true,
          intent,
          id,
          toast: list === "whitelist" ? AUTHOR_WHITELISTED : AUTHOR_BLOCKED,
        };
      }
      case "flag": {
        // A report of abuse (issue 33): the dialog shows the refusal (409 a second report).
        const parsed = FlagSchema.safeParse({
          reason: form.get("reason") ?? "",
          details: form.get("details") ?? "",
        });
        if (!parsed.success) {
          return {
            ok: false,
            intent,
            id,
            formError: FORM_ERROR,
            fieldErrors: fieldErrors(parsed.error),
          };
        }
        // The API's limit and counter (server/http/rate-limit.ts byUserOrAddress): one per person.
        const limit = await ctx.services.limits.consume("discussions.flag", `user:${user.id}`);
        if (!limit.allowed) return { ok: false, intent, id, formError: THROTTLED };
        await discussions.flag(kind, slug, key, user, parsed.data);
        return { ok: true, intent, id, toast: REPORT_THANKS };
      }
      case "delete": {
        const label = String(form.get("label") ?? "");
        const noun = (COMMENT_KINDS as readonly string[]).includes(label)
          ? label
          : KIND_LABEL[kind];
        await discussions.remove(kind, slug, key, user);
        // The item page itself is gone: back to its list, which says so.
        if (itemPageId === id) {
          return redirect(`${listPath(slug, kind)}?deleted=${encodeURIComponent(noun)}`);
        }
        return { ok: true, intent, id, toast: deleteSuccess(noun) };
      }
      default:
        return { ok: false, intent, id };
    }
  } catch (err) {
    if (intent === "delete") return { ok: false, intent, id, toast: DELETE_FAILED };
    if (intent === "flag") {
      const { detail, ...fields } = errorMessages(err);
      return { ok: false, intent, id, formError: detail?.[0] ?? FORM_ERROR, fieldErrors: fields };
    }
    if (intent === "reply" || intent === "edit") {
      const fields = errorMessages(err);
      delete fields.detail;
      return { ok: false, intent, id, formError: FORM_ERROR, fieldErrors: fields };
    }
    // Spec 000 section 8: vote and moderation failures are only logged.
    // An outage is logged by its cause code alone (no SQL text or parameter values).
    console.warn(
      `discussion ${intent} failed`,
      isDomainError(err) ? err.kind : (outageOf(err) ?? err),
    );
    return { ok: false, intent, id };
  }
}
