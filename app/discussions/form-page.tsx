/** The new and edit pages around the form: breadcrumbs, heading, or the prompt by role. */
import { DiscussionForm } from "./discussion-form";
import { DiscussionBreadcrumbs, PostingPromptBlock } from "./page-parts";
import type { FormActionData, FormValues } from "./types";
import { type DealSummary, type DiscussionKind, LIST_SEGMENT, type PostingPrompt } from "./types";

export type FormPageData = {
  kind: DiscussionKind;
  deal: DealSummary;
  values: FormValues;
  hasVideo: boolean;
  prompt?: PostingPrompt;
  alreadyReviewed?: boolean;
  item?: { id: number; title: string; displayPath: string };
};

export function FormPage({
  data,
  actionData,
}: {
  data: FormPageData;
  actionData: FormActionData | undefined;
}) {
  const { kind, deal, item } = data;
  const listLabel = kind === "review" ? "Reviews" : "Questions";
  const heading = item
    ? kind === "review"
      ? "Edit your review"
      : "Edit your question"
    : kind === "review"
      ? "Write a review"
      : "Ask a question";
  const allowed = item != null || data.prompt?.type === "button";
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6 sm:py-8">
      <DiscussionBreadcrumbs
        crumbs={[
          { label: deal.name, to: `/products/${deal.slug}/` },
          { label: listLabel, to: `/products/${deal.slug}/${LIST_SEGMENT[kind]}/` },
          ...(item ? [{ label: item.title, to: item.displayPath }] : []),
          { label: item ? "Edit" : heading },
        ]}
      />
      <div>
        <h1 className="text-2xl font-black tracking-tight sm:text-3xl">{heading}</h1>
        <p className="mt-1 text-ink-soft">
          {kind === "review"
            ? `How has ${deal.name} worked for you?`
            : `Ask the ${deal.name} team and community.`}{" "}
          Every post is moderated before it appears.
        </p>
      </div>
      {allowed ? (
        <DiscussionForm
          kind={kind}
          dealId={deal.id}
          dealSlug={deal.slug}
          initial={data.values}
          actionData={actionData}
          edit={item ? { id: item.id, displayPath: item.displayPath } : null}
          hasVideo={data.hasVideo}
        />
      ) : data.alreadyReviewed ? (
        <p className="rounded-2xl bg-stone-50 p-4">
          You have already reviewed this deal. You can edit your review from its page.
        </p>
      ) : data.prompt && data.prompt.type !== "none" ? (
        <PostingPromptBlock prompt={data.prompt} kind={kind} />
      ) : (
        <p className="rounded-2xl bg-stone-50 p-4">Posting is not available for your account.</p>
      )}
    </main>
  );
}
