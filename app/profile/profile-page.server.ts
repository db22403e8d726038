import { COMMENT_PAGE_SIZE } from "../../domain/constants";
import { isDomainError, statusOf } from "../../server/web/errors";
import type { AppLoadContext } from "../context";
import { notFound, pageStatusError } from "../ui/not-found.server";
import { pageParam } from "../ui/seo";

type Ctx = Pick<AppLoadContext, "services" | "publicConfig">;

/**
 * /profile/{username}/: the member and one page of their approved reviews or answers. Unknown
 * members and pages past the last are real 404s (as collection pages are).
 */
export async function loadProfilePage(ctx: Ctx, username: string, request: Request) {
  const url = new URL(request.url);
  const page = pageParam(url);
  const show = url.searchParams.get("show");
  const tab = show === "reviews" || show === "questions" || show === "answers" ? show : null;
  let profile: Awaited<ReturnType<typeof ctx.services.discussions.profile>>;
  try {
    profile = await ctx.services.discussions.profile(username, {
      tab,
      page,
      pageSize: COMMENT_PAGE_SIZE,
    });
  } catch (err) {
    if (isDomainError(err)) throw await pageStatusError(ctx, statusOf(err));
    throw err;
  }
  const total = profile.counts[profile.tab];
  const totalPages = Math.max(1, Math.ceil(total / COMMENT_PAGE_SIZE));
  if (page > totalPages) throw await notFound(ctx);
  const { user } = profile;
  return {
    origin: ctx.publicConfig.publicUrl,
    user: {
      username: user.username,
      name: user.name,
      avatar: user.avatar,
      title: user.title,
      dateJoined: user.dateJoined.toISOString(),
      isBot: user.isBot,
      hasPlus: user.hasPlus,
      founderOf: user.founderOf,
    },
    counts: profile.counts,
    tab: profile.tab,
    /** Whether the tab came from the URL: the canonical link keeps it. */
    tabInUrl: tab !== null,
    page,
    totalPages,
    entries: profile.entries.map((e) => ({
      id: e.id,
      kind: e.kind,
      deal: e.deal,
      title: e.title,
      comment: e.comment,
      rating: e.rating,
      created: e.created.toISOString(),
      edited: e.edited?.toISOString() ?? null,
      upVotes: e.upVotes,
      path: e.path,
      founderTeam: e.founderTeam,
    })),
  };
}

export type ProfileView = Awaited<ReturnType<typeof loadProfilePage>>;
export type ProfileEntryView = ProfileView["entries"][number];
