/**
 * Loaders and actions of the discussion pages (spec 000 sections 2 to 8). They call the services
 * directly with the session's user; the services enforce every rule, this module only shapes what
 * the pages show and turns refusals into redirects, 404s and form errors.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { data, redirect } from "react-router";
import {
  COMMENT_KINDS,
  COMMENT_PAGE_SIZE,
  LATEST_QUESTIONS_SHOWN,
  MODERATION_FILTERS,
  RATING_FILTERS,
  SORT_OPTION_QUERY,
} from "../../domain/constants";
import { isInactiveIndefinitely } from "../../domain/deal-state";
import {
  DELETE_FAILED,
  deleteSuccess,
  FIELD_ERROR_DEFAULT,
  FORM_ERROR,
  VIDEO_TOO_LARGE,
} from "../../domain/messages";
import {
  buyPromptShown,
  canAskQuestion,
  canWriteReview,
  type DealFacts,
  type Viewer,
} from "../../domain/permissions";
import { fieldErrors } from "../../domain/schemas/common";
import {
  ApproveSchema,
  QuestionCreateSchema,
  ReplySchema,
  ResolveSchema,
  ReviewCreateSchema,
  reviewRatingParam,
} from "../../domain/schemas/discussions";
import type { DealDetailsJson } from "../../server/services/storefront/catalog";
import { basedOnLabel } from "../../server/services/discussions/summary";
import {
  ingestVideo,
  type StoredVideo,
  VideoTypeError,
} from "../../server/services/discussions/video";
import type {
  CommentAuthor,
  DiscussionItem,
  DiscussionReply,
} from "../../server/services/discussions/types";
import { displayPath } from "../../server/services/discussions/item-paths";
import { itemIdFromSegment } from "../../server/services/discussions/ids";
import type { SessionUser } from "../../server/services/accounts/sessions";
import type { AppLoadContext } from "../context";
import { isDomainError, statusOf } from "../../server/web/errors";
import { type ModerationFilter, type SortOption, sortOptions } from "./labels";
import {
  type AuthorView,
  type DealSummary,
  type DiscussionKind,
  editPath,
  type ItemView,
  KIND_LABEL,
  listPath,
  loginPath,
  newPath,
  type PostingPrompt,
  type ReplyView,
  type ResponsivenessView,
  type ReviewsSummaryView,
  type ThreadActionResult,
  type ViewerRoles,
} from "./types";
import { userStatusOnce } from "./user-status.server";

// Our wording: the spec names the staff action ("whitelist or block an author") but no message.
const AUTHOR_WHITELISTED = "Author whitelisted: their new posts skip moderation.";
const AUTHOR_BLOCKED = "Author blocked: they can no longer post.";

type Ctx = Pick<AppLoadContext, "services" | "session">;

// ---------------------------------------------------------------------------------------------
// Shapes
// ---------------------------------------------------------------------------------------------

const mediaUrl = (key: string | null) => (key ? `/media/${key}` : null);

function authorView(user: CommentAuthor | null): AuthorView | null {
  if (!user) return null;
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    hasPlus: user.hasPlus,
    isFounder: user.isFounder,
    verifiedPurchaser: user.verifiedPurchaser,
    isBot: user.isBot,
  };
}

function replyView(reply: DiscussionReply): ReplyView {
  return {
    id: reply.id,
    parentId: reply.parentId,
    comment: reply.comment,
    answerType: reply.answerType,
    status: reply.status,
    created: reply.created.toISOString(),
    edited: reply.edited?.toISOString() ?? null,
    user: authorView(reply.user),
    upVotes: reply.upVotes,
    userVote: reply.userVote,
    children: reply.children.map(replyView),
  };
}

export function itemView(item: DiscussionItem): ItemView {
  return {
    id: item.id,
    kind: item.kind,
    title: item.title,
    comment: item.comment,
    rating: item.rating,
    status: item.status,
    resolved: item.resolved,
    created: item.created.toISOString(),
    edited: item.edited?.toISOString() ?? null,
    displayPath: item.displayPath,
    user: authorView(item.user),
    upVotes: item.upVotes,
    userVote: item.userVote,
    replyCount: item.replyCount,
    videoUrl: mediaUrl(item.videoKey),
    videoThumbnailUrl: mediaUrl(item.videoThumbnailKey),
    children: item.children.map(replyView),
  };
}

export function dealSummary(deal: DealDetailsJson): DealSummary {
  const r = deal.deal_review;
  return {
    id: deal.id,
    slug: deal.slug,
    name: deal.public_name || deal.name,
    logo: deal.product_logo ?? null,
    averageRating: r.average_rating,
    reviewCount: r.review_count,
    ratingCounts: [
      r.review_count_1_tacos,
      r.review_count_2_tacos,
      r.review_count_3_tacos,
      r.review_count_4_tacos,
      r.review_count_5_tacos,
    ].map((n) => Number(n ?? 0)),
    questionCount: deal.deal_comment.comment_count,
    isInfo: deal.is_info,
    inactiveIndefinitely: isInactiveIndefinitely(
      deal.stage_details
        ? {
            ...deal.stage_details,
            next_stage_start_date: deal.stage_details.next_stage_start_date
              ? new Date(deal.stage_details.next_stage_start_date)
              : null,
          }
        : null,
    ),
  };
}

/** How many of a statement's reviews are linked; the rest are counted. */
export const SUMMARY_LINKS_SHOWN = 3;

/**
 * The stored reviews summary with its evidence: each statement's reviews that are still approved,
 * linked by title (one query for all statements). A plain-text summary (the seed's) carries no
 * statements and no count: "Based on N reviews" is then the deal's approved review count.
 */
async function reviewsSummaryView(
  ctx: Ctx,
  deal: DealDetailsJson,
): Promise<ReviewsSummaryView | null> {
  const details = deal.reviews_summary_details;
  if (!details?.text) return null;
  const links = await ctx.services.discussions.approvedReviewLinks(
    deal,
    details.statements.flatMap((s) => s.review_ids.slice(0, SUMMARY_LINKS_SHOWN)),
  );
  const generated = new Date(details.generated_at);
  return {
    text: details.text,
    statements: details.statements.map((s) => ({
      text: s.text,
      count: s.count,
      sentiment: s.sentiment,
      reviews: s.review_ids.slice(0, SUMMARY_LINKS_SHOWN).flatMap((id) => {
        const link = links.get(id);
        return link ? [{ id, title: link.title, path: link.displayPath }] : [];
      }),
      more: Math.max(0, s.count - Math.min(s.review_ids.length, SUMMARY_LINKS_SHOWN)),
    })),
    label: details.label ?? basedOnLabel(deal.deal_review.review_count),
    generatedAt: generated.getTime() > 0 ? generated.toISOString() : null,
  };
}

const responsivenessView = async (ctx: Ctx, deal: DealDetailsJson): Promise<ResponsivenessView> =>
  ctx.services.discussions.founderResponsiveness(String(deal.id));

// ---------------------------------------------------------------------------------------------
// The deal, the viewer and the posting prompts
// ---------------------------------------------------------------------------------------------

/** A service refusal as the page's answer: 404 stays 404, 401 goes to log in. */
function pageError(err: unknown, request: Request): never {
  if (isDomainError(err)) {
    if (err.kind === "unauthenticated") {
      const url = new URL(request.url);
      throw redirect(loginPath(url.pathname + url.search));
    }
    throw data(null, { status: statusOf(err) });
  }
  throw err;
}

async function loadDeal(ctx: Ctx, slug: string): Promise<DealDetailsJson> {
  const deal = await ctx.services.catalog.getDealDetails(slug);
  if (!deal) throw data(null, { status: 404 });
  return deal;
}

type ViewerContext = {
  user: SessionUser | null;
  viewer: Viewer;
  facts: DealFacts;
  roles: ViewerRoles;
};

async function viewerContext(ctx: Ctx, deal: DealDetailsJson): Promise<ViewerContext> {
  const user = ctx.session?.user ?? null;
  const status = await userStatusOnce(ctx, deal.id, user);
  const summary = dealSummary(deal);
  const viewer: Viewer = user
    ? {
        id: user.id,
        isStaff: status.staffModerator,
        emailVerified: user.emailVerified,
        commentBlacklist: user.commentBlacklist,
        hasPlus: user.hasPlus,
      }
    : null;
  const partner = user != null && deal.partner_user_ids.includes(user.id);
  const facts: DealFacts = {
    partnerUserIds: deal.partner_user_ids,
    moderatorUserIds: user && status.userModerator ? [user.id] : [],
    hasPurchased: status.userHasPurchased,
    hasReviewed: status.userHasReviewed,
    isInfo: summary.isInfo,
    isInactiveIndefinitely: summary.inactiveIndefinitely,
  };
  const moderates = status.staffModerator || partner || status.userModerator;
  return {
    user,
    viewer,
    facts,
    roles: {
      userId: user?.id ?? null,
      staff: status.staffModerator,
      partner,
      userModerator: status.userModerator,
      canModerate: moderates,
      moderatorTools: moderates,
      blacklisted: user?.commentBlacklist ?? false,
    },
  };
}

/**
 * The write-a-review control by role (spec 000 section 6): the button; log in (next is the
 * new-review page); verify e-mail; buy now (not on info or inactive-indefinitely deals, which the
 * server exempts from the purchase); nothing for blacklisted users or a second review.
 */
function reviewPrompt(vc: ViewerContext, slug: string): PostingPrompt {
  const exempt = !buyPromptShown(vc.facts);
  const gate = canWriteReview(vc.viewer, {
    ...vc.facts,
    hasPurchased: vc.facts.hasPurchased || exempt,
  });
  if (gate.allowed) return { type: "button", href: newPath(slug, "review") };
  switch (gate.reason) {
    case "login":
      return { type: "login", href: loginPath(newPath(slug, "review")) };
    case "verify":
      return { type: "verify", href: "/account/email/" };
    case "buy":
      return { type: "buy", href: `/products/${slug}/#pricing` };
    default:
      return { type: "none" };
  }
}

function questionPrompt(vc: ViewerContext, slug: string, currentPath: string): PostingPrompt {
  const gate = canAskQuestion(vc.viewer);
  if (gate.allowed) return { type: "button", href: newPath(slug, "question") };
  if (gate.reason === "login") return { type: "login", href: loginPath(currentPath) };
  if (gate.reason === "verify") return { type: "verify", href: "/account/email/" };
  return { type: "none" };
}

const promptFor = (vc: ViewerContext, kind: DiscussionKind, slug: string, path: string) =>
  kind === "review" ? reviewPrompt(vc, slug) : questionPrompt(vc, slug, path);

// ---------------------------------------------------------------------------------------------
// List pages
// ---------------------------------------------------------------------------------------------

export type ListParams = {
  search: string;
  sort: SortOption;
  rating: number | null;
  filter: ModerationFilter;
  page: number;
};

function listParams(url: URL, kind: DiscussionKind, moderator: boolean): ListParams {
  const q = url.searchParams;
  const sortValue = q.get("sort") ?? "";
  const sort = (sortOptions(kind) as readonly string[]).includes(sortValue)
    ? (sortValue as SortOption)
    : "newest";
  const ratingValue = Number(q.get("taco_rating"));
  const rating =
    kind === "review" && (RATING_FILTERS as readonly unknown[]).includes(ratingValue) && ratingValue
      ? ratingValue
      : null;
  const filterValue = q.get("filter") ?? "";
  const filter =
    moderator && [...MODERATION_FILTERS, "needs_reply"].includes(filterValue)
      ? (filterValue as ModerationFilter)
      : "all";
  const page = Math.min(Math.max(1, Math.trunc(Number(q.get("page")) || 1)), 10_000);
  return { search: (q.get("search") ?? "").trim().slice(0, 200), sort, rating, filter, page };
}

export async function loadListPage(ctx: Ctx, kind: DiscussionKind, slug: string, request: Request) {
  const url = new URL(request.url);
  const deal = await loadDeal(ctx, slug);
  const vc = await viewerContext(ctx, deal);
  const params = listParams(url, kind, vc.roles.moderatorTools);
  const { sort, order } = SORT_OPTION_QUERY[params.sort];
  const [list, stats, reviewsSummary] = await Promise.all([
    ctx.services.discussions.list(kind, String(deal.id), vc.user, {
      page: params.page,
      sort,
      order,
      itemsPerPage: COMMENT_PAGE_SIZE,
      rating: params.rating ?? undefined,
      query: params.search || undefined,
      moderatorFilter: params.filter === "all" ? undefined : params.filter,
    }),
    vc.roles.moderatorTools
      ? ctx.services.discussions.stats(kind, String(deal.id), vc.user)
      : Promise.resolve(null),
    kind === "review" ? reviewsSummaryView(ctx, deal) : Promise.resolve(null),
  ]);
  const deleted = url.searchParams.get("deleted");
  return {
    kind,
    deal: dealSummary(deal),
    roles: vc.roles,
    prompt: promptFor(vc, kind, deal.slug, url.pathname),
    params,
    items: list.items.map(itemView),
    total: list.total,
    stats,
    reviewsSummary,
    flash: url.searchParams.get("submitted"),
    deletedToast:
      deleted && (COMMENT_KINDS as readonly string[]).includes(deleted)
        ? deleteSuccess(deleted)
        : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Single-item pages
// ---------------------------------------------------------------------------------------------

export async function loadItemPage(
  ctx: Ctx,
  kind: DiscussionKind,
  slug: string,
  segment: string,
  request: Request,
) {
  const url = new URL(request.url);
  if (itemIdFromSegment(segment) === null) throw data(null, { status: 404 });
  const deal = await loadDeal(ctx, slug);
  const vc = await viewerContext(ctx, deal);
  let item: DiscussionItem;
  try {
    item = await ctx.services.discussions.get(kind, String(deal.id), segment, vc.user);
  } catch (err) {
    pageError(err, request);
  }
  // One address per item: an outdated title slug goes to the current path. (The segment, not the
  // whole path: data requests arrive without the trailing slash.)
  if (item.displayPath.split("/").at(-2) !== segment) {
    throw redirect(item.displayPath + url.search, 301);
  }
  return {
    kind,
    deal: dealSummary(deal),
    roles: vc.roles,
    prompt: promptFor(vc, kind, deal.slug, url.pathname),
    item: itemView(item),
    flash: url.searchParams.get("submitted"),
  };
}

// ---------------------------------------------------------------------------------------------
// Thread actions: reply, vote, approve, resolve, delete (list and item pages post here)
// ---------------------------------------------------------------------------------------------

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
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = Number(form.get("id"));
  const key = String(id);
  const discussions = ctx.services.discussions;
  if (!Number.isInteger(id) || id < 1) return { ok: false, intent, id: 0 };
  try {
    switch (intent) {
      case "reply": {
        const parsed = ReplySchema.safeParse({ comment: form.get("comment") ?? "" });
        if (!parsed.success) {
          return {
            ok: false,
            intent,
            id,
            formError: FORM_ERROR,
            fieldErrors: fieldErrors(parsed.error),
          };
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
        const parsed = ApproveSchema.safeParse({ approved: form.get("approved") ?? "" });
        if (!parsed.success) return { ok: false, intent, id };
        await discussions.approve(kind, slug, key, user, parsed.data.approved);
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
    if (intent === "reply") {
      const fields = errorMessages(err);
      delete fields.detail;
      return { ok: false, intent, id, formError: FORM_ERROR, fieldErrors: fields };
    }
    // Spec 000 section 8: vote and moderation failures are only logged.
    console.warn(`discussion ${intent} failed`, isDomainError(err) ? err.kind : err);
    return { ok: false, intent, id };
  }
}

// ---------------------------------------------------------------------------------------------
// New and edit forms
// ---------------------------------------------------------------------------------------------

export type FormValues = { title: string; comment: string; rating: number | null };
export type FormActionData = {
  values: FormValues;
  fieldErrors: Record<string, string[]>;
  formError: string | null;
};

export async function loadNewPage(ctx: Ctx, kind: DiscussionKind, slug: string, request: Request) {
  const url = new URL(request.url);
  const deal = await loadDeal(ctx, slug);
  const vc = await viewerContext(ctx, deal);
  const prompt = promptFor(vc, kind, deal.slug, url.pathname);
  // The login page returns here (spec 000 section 2: next is the new-review page).
  if (prompt.type === "login") throw redirect(loginPath(url.pathname + url.search));
  return {
    kind,
    deal: dealSummary(deal),
    prompt,
    alreadyReviewed: kind === "review" && vc.facts.hasReviewed,
    values: {
      title: "",
      comment: "",
      rating: kind === "review" ? reviewRatingParam(url.searchParams.get("rating")) : null,
    } satisfies FormValues,
    hasVideo: false,
  };
}

export async function loadEditPage(
  ctx: Ctx,
  kind: DiscussionKind,
  slug: string,
  idParam: string,
  request: Request,
) {
  const deal = await loadDeal(ctx, slug);
  const user = ctx.session?.user ?? null;
  const url = new URL(request.url);
  if (!user) throw redirect(loginPath(url.pathname));
  let item: DiscussionItem;
  try {
    await ctx.services.discussions.editTarget(kind, String(deal.id), idParam, user);
    item = await ctx.services.discussions.get(kind, String(deal.id), idParam, user);
  } catch (err) {
    pageError(err, request);
  }
  return {
    kind,
    deal: dealSummary(deal),
    item: { id: item.id, title: item.title, displayPath: item.displayPath },
    values: { title: item.title, comment: item.comment, rating: item.rating } satisfies FormValues,
    hasVideo: item.videoKey != null,
  };
}

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
    form = await request.formData();
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
  if (video && video.size > 52428800)
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

// ---------------------------------------------------------------------------------------------
// The product page's community section and 'Latest questions' panel
// ---------------------------------------------------------------------------------------------

/** How many items each community tab shows before its link to the full list. */
export const COMMUNITY_PREVIEW_ITEMS = 3;

export async function loadCommunity(ctx: Ctx, deal: DealDetailsJson, request: Request) {
  const url = new URL(request.url);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 200);
  const vc = await viewerContext(ctx, deal);
  const options = {
    page: 1,
    sort: "helpful" as const,
    order: "desc" as const,
    itemsPerPage: COMMUNITY_PREVIEW_ITEMS,
    query: search || undefined,
  };
  const [{ review: reviews, question: questions }, reviewsSummary, responsiveness] =
    await Promise.all([
      ctx.services.discussions.listBoth(String(deal.id), vc.user, options),
      reviewsSummaryView(ctx, deal),
      responsivenessView(ctx, deal),
    ]);
  const needle = search.toLowerCase();
  return {
    search,
    roles: vc.roles,
    reviewPrompt: reviewPrompt(vc, deal.slug),
    questionPrompt: questionPrompt(vc, deal.slug, url.pathname),
    reviews: { items: reviews.items.map(itemView), total: reviews.total },
    questions: { items: questions.items.map(itemView), total: questions.total },
    reviewsSummary,
    responsiveness,
    faqs: deal.faqs.filter(
      (f) =>
        !needle ||
        f.question.toLowerCase().includes(needle) ||
        f.answer.toLowerCase().includes(needle),
    ),
    posts: deal.founders.posts.map((p) => ({
      id: p.id,
      title: p.title,
      message: p.message,
      created: p.created,
      author: p.user ? `${p.user.first_name ?? ""} ${p.user.last_name ?? ""}`.trim() : null,
    })),
    latestQuestions: deal.top_5_questions.slice(0, LATEST_QUESTIONS_SHOWN).map((q) => ({
      id: q.id,
      title: q.title ?? "",
      comment: q.comment,
      replyCount: q.reply_count,
      path: displayPath(deal.slug, "question", q.id, q.title ?? ""),
    })),
  };
}

export { editPath };
