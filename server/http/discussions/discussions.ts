import { timingSafeEqual } from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { REVIEW_VIDEO_MAX_BYTES } from "../../../domain/constants";
import { VIDEO_TOO_LARGE } from "../../../domain/messages";
import { fieldErrors } from "../../../domain/schemas/common";
import {
  ApproveSchema,
  DiscussionListQuerySchema,
  QuestionCreateSchema,
  ReplySchema,
  ResolveSchema,
  ReviewCreateSchema,
  VoteSchema,
} from "../../../domain/schemas/discussions";
import type { CommentKind } from "../../db/schema/discussions";
import { MEDIA_KEY } from "../../providers/media";
import type { Services } from "../../services";
import { ingestVideo, type StoredVideo, VideoTypeError } from "../../services/discussions/video";
import { type DiscussionNode, videoTooLarge } from "../../services/discussions/writes";
import type {
  CommentAuthor,
  DiscussionItem,
  DiscussionReply,
} from "../../services/discussions/reads";
import { DomainError, forbidden, invalid, unauthenticated } from "../../../domain/errors";
import { isDomainError } from "../../web/errors";
import { CSRF_COOKIE, CSRF_HEADER } from "../../web/session-plugin";
import { byUserOrAddress, rateLimited } from "../rate-limit";

// Spec 000 section 7's discussion calls: lists, one item, stats, user status (read); create,
// reply, edit, delete, vote, approve, resolve, the author white- and blacklists, the reviews
// summary and the stored review videos (write). Bodies are JSON, form-encoded, or multipart (a
// review with a video); each is parsed with the domain schemas after the login check, so an
// anonymous caller gets 401 whatever it sent.

/** Where a review's video lives until a media provider serves URLs of its own. */
const mediaUrl = (key: string | null): string | null => (key ? `/media/${key}` : null);

function authorJson(user: CommentAuthor | null) {
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    has_plus: user.hasPlus,
    date_joined: user.dateJoined.toISOString(),
    deals_purchased: user.dealsPurchased,
    email_verified: user.emailVerified,
    is_founder: user.isFounder,
    is_bot: user.isBot,
    verified_purchaser: user.verifiedPurchaser,
  };
}

type ReplyJson = {
  id: number;
  parent_id: number;
  comment: string;
  answer_type: DiscussionReply["answerType"];
  created: string;
  edited: string | null;
  status: DiscussionReply["status"];
  user: ReturnType<typeof authorJson>;
  up_votes: number;
  user_vote: number;
  children: ReplyJson[];
};

function replyJson(reply: DiscussionReply): ReplyJson {
  return {
    id: reply.id,
    parent_id: reply.parentId,
    comment: reply.comment,
    answer_type: reply.answerType,
    created: reply.created.toISOString(),
    edited: reply.edited?.toISOString() ?? null,
    status: reply.status,
    user: authorJson(reply.user),
    up_votes: reply.upVotes,
    user_vote: reply.userVote,
    children: reply.children.map(replyJson),
  };
}

/** A review or question as the API shows it; rating and video fields exist on reviews only. */
function itemJson(item: DiscussionItem) {
  const base = {
    id: item.id,
    deal_id: item.dealId,
    title: item.title,
    comment: item.comment,
    created: item.created.toISOString(),
    edited: item.edited?.toISOString() ?? null,
    status: item.status,
    resolved: item.resolved,
    display_path: item.displayPath,
    user: authorJson(item.user),
    up_votes: item.upVotes,
    user_vote: item.userVote,
    reply_count: item.replyCount,
    children: item.children.map(replyJson),
  };
  if (item.kind !== "review") return base;
  return {
    ...base,
    rating: item.rating,
    video_file: mediaUrl(item.videoKey),
    video_thumbnail: mediaUrl(item.videoThumbnailKey),
  };
}

function nodeJson(node: DiscussionNode) {
  return node.type === "item" ? itemJson(node.item) : replyJson(node.reply);
}

/** Per-user limits (server/services/limits: discussions.*), reviews and questions together. */
const perUser = (name: "create" | "reply" | "edit" | "vote") =>
  rateLimited(
    `discussions.${name}`,
    byUserOrAddress,
    (seconds) => `Request was throttled. Expected available in ${seconds} seconds.`,
  );

const VoteParams = z.object({
  dealId: z.string().min(1).max(200),
  commentId: z.string().min(1).max(200),
});

const AuthorListQuery = z.object({
  user_id: z.string().max(20).optional(),
  whitelist_action: z.string().max(5).optional(),
  blacklist_action: z.string().max(5).optional(),
});

const MediaKeyParams = z.object({ key: z.string().max(200) });

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A body object: the parsed JSON or form, or {} when there is none. */
const bodyObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

const isTooLarge = (err: unknown) =>
  typeof err === "object" &&
  err !== null &&
  "code" in err &&
  (err as { code: unknown }).code === "FST_REQ_FILE_TOO_LARGE";

const DealParams = z.object({ dealId: z.string().min(1).max(200) });
const ItemParams = DealParams.extend({ id: z.string().min(1).max(200) });

const KINDS: { kind: CommentKind; path: "reviews" | "questions"; stats: string }[] = [
  { kind: "review", path: "reviews", stats: "review_stats" },
  { kind: "question", path: "questions", stats: "question_stats" },
];

export const discussionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const discussions = services.discussions;

  for (const { kind, path, stats } of KINDS) {
    app.get(
      `/api/v2/deals/:dealId/${path}/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `List a deal's ${path} (page numbers or the search_after cursor)`,
          params: DealParams,
          querystring: DiscussionListQuerySchema,
        },
      },
      async (request, reply) => {
        const q = request.query;
        const result = await discussions.list(
          kind,
          request.params.dealId,
          request.session?.user ?? null,
          {
            page: q.page,
            sort: q.sort,
            order: q.order,
            itemsPerPage: q.items_per_page,
            skipPages: q.skip_pages,
            moderatorFilter: q.moderator_filter,
            rating: q.rating,
            query: q.query,
            searchAfter: q.search_after || undefined,
          },
        );
        // Pending items and the viewer's votes make a signed-in answer personal.
        if (request.session?.user) reply.header("cache-control", "private, no-store");
        return {
          comments: result.items.map(itemJson),
          meta: { total: result.total },
          search_after: result.searchAfter,
        };
      },
    );

    app.get(
      `/api/v2/deals/:dealId/${path}/:id/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `One of a deal's ${path} with its replies`,
          params: ItemParams,
        },
      },
      async (request, reply) => {
        const user = request.session?.user ?? null;
        const item = await discussions.get(kind, request.params.dealId, request.params.id, user);
        if (user) reply.header("cache-control", "private, no-store");
        return itemJson(item);
      },
    );

    app.get(
      `/api/v2/deals/:dealId/${stats}/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `Moderation counts of a deal's ${path} (moderators only)`,
          params: DealParams,
        },
      },
      async (request, reply) => {
        const result = await discussions.stats(
          kind,
          request.params.dealId,
          request.session?.user ?? null,
        );
        reply.header("cache-control", "private, no-store");
        return { needs_moderation: result.needsModeration, needs_reply: result.needsReply };
      },
    );
  }

  app.get(
    "/api/v2/deals/:dealId/user_status/",
    {
      schema: {
        tags: ["discussions"],
        summary: "The viewer's relation to a deal",
        params: DealParams,
      },
    },
    async (request, reply) => {
      const status = await discussions.userStatus(
        request.params.dealId,
        request.session?.user ?? null,
      );
      reply.header("cache-control", "private, no-store");
      return {
        user_has_purchased: status.userHasPurchased,
        user_has_reviewed: status.userHasReviewed,
        user_moderator: status.userModerator,
        staff_moderator: status.staffModerator,
      };
    },
  );

  app.get(
    "/api/v2/deals/:dealId/founder_responsiveness/",
    {
      schema: {
        tags: ["discussions"],
        summary:
          "How the founder team answers the deal's questions: share answered, median first answer",
        params: DealParams,
      },
    },
    async (request) => {
      const r = await discussions.founderResponsiveness(request.params.dealId);
      return {
        questions: r.questions,
        answered: r.answered,
        answered_share: r.answeredShare,
        median_first_answer_seconds: r.medianFirstAnswerSeconds,
      };
    },
  );

  // -------------------------------------------------------------------------------------------
  // Writes
  // -------------------------------------------------------------------------------------------

  // Both plugins stay inside this plugin's scope: multipart bodies and rate limits are ours only.
  await app.register(multipart, {
    limits: {
      fileSize: REVIEW_VIDEO_MAX_BYTES,
      files: 1,
      fields: 20,
      fieldSize: 100_000,
      parts: 25,
      headerPairs: 100,
    },
  });
  /**
   * The body as fields, and the uploaded video when the request is multipart. The video streams
   * to the media store as it arrives (never held in memory); the caller discards it on failure.
   */
  async function readBody(
    request: FastifyRequest,
    allowVideo: boolean,
  ): Promise<{ fields: Record<string, unknown>; video: StoredVideo | null }> {
    if (!request.isMultipart()) return { fields: bodyObject(request.body), video: null };
    // A declared length far past the limit is refused before a byte is stored.
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > REVIEW_VIDEO_MAX_BYTES + 1024 * 1024) throw videoTooLarge(VIDEO_TOO_LARGE);
    const fields: Record<string, unknown> = {};
    let video: StoredVideo | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (!allowVideo || part.fieldname !== "video_file" || video) {
            part.file.resume();
            throw invalid({ [part.fieldname]: ["Unexpected file."] });
          }
          const title = typeof fields.title === "string" ? fields.title : "";
          video = await ingestVideo(services.media, part.file, part.mimetype, title);
        } else if (part.fieldname !== "video_file" || part.value !== "") {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (err) {
      await discussions.discardVideo(video);
      if (isTooLarge(err)) throw videoTooLarge(VIDEO_TOO_LARGE);
      if (err instanceof VideoTypeError) throw invalid({ video_file: [err.message] });
      // The parser's own complaints about a malformed body carry no status; storage errors do
      // (errno/syscall) and stay 500s.
      if (
        err instanceof Error &&
        !isDomainError(err) &&
        !("statusCode" in err) &&
        !("syscall" in err)
      ) {
        throw invalid({ non_field_errors: ["The multipart body could not be read."] });
      }
      throw err;
    }
    return { fields, video };
  }

  const requireUser = (request: FastifyRequest) => {
    const user = request.session?.user ?? null;
    if (!user) throw unauthenticated();
    return user;
  };

  for (const { kind, path } of KINDS) {
    const createSchema = kind === "review" ? ReviewCreateSchema : QuestionCreateSchema;

    app.post(
      `/api/v2/deals/:dealId/${path}/`,
      {
        onRequest: perUser("create"),
        schema: {
          tags: ["discussions"],
          summary: `Create a ${kind} (JSON, form or multipart with video_file); 201 with the item`,
          params: DealParams,
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { dealId } = request.params;
        const parent = bodyObject(request.body).parent;
        // The create body's `parent` makes it a reply (spec 000 section 7).
        if (parent !== undefined && parent !== null && parent !== "") {
          const { comment } = parseOrThrow(ReplySchema, bodyObject(request.body));
          const created = await discussions.reply(kind, dealId, String(parent), user, { comment });
          reply.status(201);
          return replyJson(created);
        }
        await discussions.checkCreate(kind, dealId, user);
        const { fields, video } = await readBody(request, kind === "review");
        try {
          const body = parseOrThrow(createSchema, {
            ...fields,
            video_file: video ? { size: video.videoSize } : undefined,
          });
          const item = await discussions.create(kind, dealId, user, {
            title: body.title,
            comment: body.comment,
            rating: (body as { rating?: number }).rating,
            video,
          });
          reply.status(201);
          return itemJson(item);
        } catch (err) {
          await discussions.discardVideo(video);
          throw err;
        }
      },
    );

    app.post(
      `/api/v2/deals/:dealId/${path}/:id/reply/`,
      {
        onRequest: perUser("reply"),
        schema: {
          tags: ["discussions"],
          summary: `Reply to a ${kind} or to a reply in its thread; 201 with the reply`,
          params: ItemParams,
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const { comment } = parseOrThrow(ReplySchema, bodyObject(request.body));
        const created = await discussions.reply(
          kind,
          request.params.dealId,
          request.params.id,
          user,
          { comment },
        );
        reply.status(201);
        return replyJson(created);
      },
    );

    app.put(
      `/api/v2/deals/:dealId/${path}/:id/edit/`,
      {
        onRequest: perUser("edit"),
        schema: {
          tags: ["discussions"],
          summary: `Edit one's own ${kind} or reply (same body as create); back to moderation`,
          params: ItemParams,
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { dealId, id } = request.params;
        const target = await discussions.editTarget(kind, dealId, id, user);
        const { fields, video } = await readBody(request, kind === "review" && !target.isReply);
        try {
          if (target.isReply) {
            const { comment } = parseOrThrow(ReplySchema, fields);
            return nodeJson(await discussions.edit(kind, dealId, id, user, { title: "", comment }));
          }
          const body = parseOrThrow(createSchema, {
            ...fields,
            // A review keeping its stored video needs no comment.
            video_file: video ? { size: video.videoSize } : target.hasVideo ? "stored" : undefined,
          });
          const node = await discussions.edit(kind, dealId, id, user, {
            title: body.title,
            comment: body.comment,
            rating: (body as { rating?: number }).rating,
            video,
          });
          return nodeJson(node);
        } catch (err) {
          await discussions.discardVideo(video);
          throw err;
        }
      },
    );

    app.delete(
      `/api/v2/deals/:dealId/${path}/:id/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `Delete a ${kind}, or a reply of its thread, with everything below it; 204`,
          params: ItemParams,
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        await discussions.remove(kind, request.params.dealId, request.params.id, user);
        return reply.status(204).send();
      },
    );

    app.post(
      `/api/v2/deals/:dealId/${path}/:commentId/vote/`,
      {
        onRequest: perUser("vote"),
        schema: {
          tags: ["discussions"],
          summary: "Helpful vote {direction: 1 or -1}; the same direction again removes it",
          params: VoteParams,
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { direction } = parseOrThrow(VoteSchema, bodyObject(request.body));
        const result = await discussions.vote(
          kind,
          request.params.dealId,
          request.params.commentId,
          user,
          direction,
        );
        return {
          id: result.id,
          up_votes: result.upVotes,
          down_votes: result.downVotes,
          user_vote: result.userVote,
        };
      },
    );

    app.post(
      `/api/v2/deals/:dealId/${path}/:commentId/approve/`,
      {
        schema: {
          tags: ["discussions"],
          summary: 'Moderate: {approved: "approved" | "denied" | null (back to pending)}',
          params: VoteParams,
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { approved } = parseOrThrow(ApproveSchema, bodyObject(request.body));
        return nodeJson(
          await discussions.approve(
            kind,
            request.params.dealId,
            request.params.commentId,
            user,
            approved,
          ),
        );
      },
    );

    app.post(
      `/api/v2/deals/:dealId/${path}/:commentId/resolve/`,
      {
        schema: {
          tags: ["discussions"],
          summary: "Resolve or unresolve {resolved} (staff moderators)",
          params: VoteParams,
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { resolved } = parseOrThrow(ResolveSchema, bodyObject(request.body));
        return nodeJson(
          await discussions.resolve(
            kind,
            request.params.dealId,
            request.params.commentId,
            user,
            resolved,
          ),
        );
      },
    );
  }

  // The spec gives these as GETs that change state. They answer only a signed-in staff session
  // that also sends the X-CSRFToken header, so a link or an <img> elsewhere cannot trigger them.
  for (const list of ["whitelist", "blacklist"] as const) {
    app.get(
      `/comments/${list}_author_ajx/`,
      {
        schema: {
          tags: ["discussions"],
          summary: `Put an author on or off the comment ${list} (staff; needs X-CSRFToken)`,
          querystring: AuthorListQuery,
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!user.isStaff && !user.isStaffModerator) throw forbidden();
        const header = request.headers[CSRF_HEADER];
        if (
          !sameToken(typeof header === "string" ? header : undefined, request.cookies[CSRF_COOKIE])
        ) {
          throw new DomainError("forbidden", {
            detail: "CSRF Failed: CSRF token missing or incorrect.",
          });
        }
        const action = request.query[`${list}_action`];
        const errors: Record<string, string[]> = {};
        if (!request.query.user_id) errors.user_id = ["This field is required."];
        if (action !== "1" && action !== "0") errors[`${list}_action`] = ["Select a valid choice."];
        if (Object.keys(errors).length) throw invalid(errors);
        const result = await discussions.setAuthorList(
          user,
          list,
          request.query.user_id ?? "",
          action === "1",
        );
        reply.header("cache-control", "private, no-store");
        return {
          success: true,
          user_id: result.userId,
          comment_whitelist: result.commentWhitelist,
          comment_blacklist: result.commentBlacklist,
        };
      },
    );
  }

  app.get(
    "/api/v2/deals/:dealId/reviews_summary/",
    {
      schema: {
        tags: ["discussions"],
        summary:
          "The deal's extractive reviews summary with its evidence (review ids per statement)",
        params: DealParams,
      },
    },
    async (request) => ({
      reviews_summary: await discussions.reviewsSummary(request.params.dealId),
    }),
  );

  // Uploaded review videos and posters, with the type recorded at upload; ranges for seeking.
  app.get(
    "/media/:key",
    { schema: { hide: true, params: MediaKeyParams } },
    async (request, reply) => {
      const { key } = request.params;
      if (!MEDIA_KEY.test(key)) return reply.status(404).send({ detail: "Not found." });
      const range = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(request.headers.range ?? "");
      const head = await discussions.mediaHead(key);
      if (!head) return reply.status(404).send({ detail: "Not found." });
      reply
        .header("content-type", head.contentType)
        .header("accept-ranges", "bytes")
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "public, max-age=31536000, immutable");
      if (head.contentType === "image/svg+xml") {
        reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
      }
      if (range && head.size > 0 && (range[1] || range[2])) {
        const start = range[1] ? Number(range[1]) : Math.max(0, head.size - Number(range[2]));
        const end = Math.min(
          range[1] && range[2] ? Number(range[2]) : head.size - 1,
          head.size - 1,
        );
        if (start > end) {
          return reply.status(416).header("content-range", `bytes */${head.size}`).send();
        }
        const part = await discussions.mediaFile(key, { start, end });
        if (!part) return reply.status(404).send({ detail: "Not found." });
        return reply
          .status(206)
          .header("content-range", `bytes ${start}-${end}/${head.size}`)
          .header("content-length", String(end - start + 1))
          .send(part.body);
      }
      const file = await discussions.mediaFile(key);
      if (!file) return reply.status(404).send({ detail: "Not found." });
      return reply.header("content-length", String(file.size)).send(file.body);
    },
  );
};
