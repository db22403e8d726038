/** The single review or question page (spec 000 section 2). */

import { Form } from "react-router";
import { qaPageJsonLd, reviewPageJsonLd, seoDiscussionTitle } from "../../domain/structured-data";
import { type DealSeo, dealBreadcrumbLd } from "../seo/deal-seo";
import { seoMeta } from "../seo/meta";
import { ToastProvider } from "../ui/toast";
import { CommentCard } from "./comment-card";
import { DiscussionBreadcrumbs, FlashBanner, PostingPromptBlock } from "./page-parts";
import {
  type DealSummary,
  type DiscussionKind,
  type ItemView,
  LIST_SEGMENT,
  type PostingPrompt,
  type ViewerRoles,
} from "./types";

export type ItemPageData = {
  kind: DiscussionKind;
  deal: DealSummary;
  seo: DealSeo;
  roles: ViewerRoles;
  prompt: PostingPrompt;
  item: ItemView;
  flash: string | null;
  /** Questions: who answers the deal's questions faster, founders or owners (issue 33). */
  fasterAnswers?: string | null;
};

export function ItemPage({ data }: { data: ItemPageData }) {
  const { kind, deal, item, roles } = data;
  const listLabel = kind === "review" ? "Reviews" : "Questions";
  return (
    <ToastProvider>
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
        <DiscussionBreadcrumbs
          crumbs={[
            { label: deal.name, to: `/products/${deal.slug}/` },
            { label: listLabel, to: `/products/${deal.slug}/${LIST_SEGMENT[kind]}/` },
            { label: item.title },
          ]}
        />
        <FlashBanner flag={data.flash} />
        <CommentCard item={item} roles={roles} variant="page" headingLevel={1} />
        {kind === "question" ? <FollowQuestion item={item} userId={roles.userId} /> : null}
        {data.fasterAnswers ? (
          <p className="rounded-2xl bg-stone-50 px-4 py-2.5 text-sm text-ink-soft">
            {data.fasterAnswers}
          </p>
        ) : null}
        {roles.userId == null ? <PostingPromptBlock prompt={data.prompt} kind={kind} /> : null}
      </main>
    </ToastProvider>
  );
}

/**
 * How many follow the question, and the reader's Follow / Unfollow (issue 33). A form post, so it
 * works before hydration; a visitor's Follow leads to log in (the action redirects there). The
 * question's author follows it without a button: they are told of answers anyway.
 */
function FollowQuestion({ item, userId }: { item: ItemView; userId: number | null }) {
  const own = userId != null && item.user?.id === userId;
  const following = own || item.isFollowing === true;
  const count = item.followersCount;
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-black/10 p-4"
      aria-label="Follow this question"
      data-testid="follow-question"
    >
      <p className="text-sm text-ink-soft" data-testid="followers-count">
        {count === 1 ? "1 person follows this question" : `${count} people follow this question`}
      </p>
      {own ? (
        <p className="text-sm text-ink-soft">You are told when your question is answered.</p>
      ) : (
        <Form method="post">
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
          <button
            type="submit"
            className="rounded-full border border-black/15 px-4 py-1.5 text-sm font-semibold text-ink hover:bg-stone-50"
          >
            {following ? "Unfollow" : "Follow"}
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * The head of a review or question page (issue 18): canonical, preview image, breadcrumbs and the
 * Review (with the reviewed Product) or the QAPage (once the question has an answer).
 */
export function itemMeta(data: ItemPageData) {
  const { item, deal, seo, kind } = data;
  const listPath = `/products/${deal.slug}/${LIST_SEGMENT[kind]}/`;
  const listLabel = kind === "review" ? "Reviews" : "Questions";
  const crumbs = [
    { name: listLabel, path: listPath },
    { name: seoDiscussionTitle(item.title), path: item.displayPath },
  ];
  const author = item.user ? { name: item.user.name, username: item.user.username } : null;
  const answers = item.children
    .filter((r) => r.status === "approved")
    .map((r) => ({
      comment: r.comment,
      created: r.created,
      upVotes: r.upVotes,
      user: r.user ? { name: r.user.name, username: r.user.username } : null,
      official: r.answerType != null,
    }));
  const main =
    kind === "review" && seo.product
      ? reviewPageJsonLd(seo.product, { ...item, user: author, path: item.displayPath }, seo.origin)
      : kind === "question"
        ? qaPageJsonLd({ ...item, user: author, path: item.displayPath }, answers, seo.origin)
        : null;
  const what = kind === "review" ? "review" : "question";
  return seoMeta({
    title: `${seoDiscussionTitle(item.title)} | ${deal.name} ${what}s`,
    description: item.comment || `${item.title}: a ${what} of ${deal.name} on Payonce.`,
    path: item.displayPath,
    origin: seo.origin,
    image: seo.image,
    type: "article",
    jsonLd: [main, dealBreadcrumbLd(seo, crumbs)],
  });
}
