/** The single review or question page (spec 000 section 2). */
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
