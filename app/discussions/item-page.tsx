/** The single review or question page (spec 000 section 2). */
import { seoDiscussionTitle } from "../../domain/structured-data";
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
  roles: ViewerRoles;
  prompt: PostingPrompt;
  item: ItemView;
  flash: string | null;
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
        {roles.userId == null ? <PostingPromptBlock prompt={data.prompt} kind={kind} /> : null}
      </main>
    </ToastProvider>
  );
}

/**
 * Review structured data on review pages, QAPage on question pages with a founder or staff answer.
 * React Router's "script:ld+json" meta escapes the JSON for the script element.
 */
export function itemJsonLd(data: ItemPageData) {
  const { item, deal } = data;
  const author = { "@type": "Person", name: item.user?.name || item.user?.username || "Anonymous" };
  const answers = item.children.filter((r) => r.status === "approved" && r.answerType != null);
  if (item.kind === "question" && answers.length === 0) return null;
  return (
    item.kind === "review"
      ? {
          "@context": "https://schema.org",
          "@type": "Review",
          name: seoDiscussionTitle(item.title),
          reviewBody: item.comment,
          datePublished: item.created,
          author,
          itemReviewed: { "@type": "Product", name: deal.name },
          reviewRating: {
            "@type": "Rating",
            ratingValue: item.rating,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {
          "@context": "https://schema.org",
          "@type": "QAPage",
          mainEntity: {
            "@type": "Question",
            name: seoDiscussionTitle(item.title),
            text: item.comment || item.title,
            dateCreated: item.created,
            author,
            answerCount: answers.length,
            ...(answers[0]
              ? {
                  acceptedAnswer: {
                    "@type": "Answer",
                    text: answers[0].comment,
                    dateCreated: answers[0].created,
                    upvoteCount: answers[0].upVotes,
                    author: { "@type": "Person", name: answers[0].user?.name ?? "Anonymous" },
                  },
                }
              : {}),
          },
        }
  ) as Record<string, unknown>;
}
