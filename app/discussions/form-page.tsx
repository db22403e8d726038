/** The new and edit pages around the form: breadcrumbs, heading, or the prompt by role. */
import { DECLINED, MODERATION_REASON_LABEL, NEEDS_MODERATION } from "../../domain/messages";
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
  item?: {
    id: number;
    title: string;
    displayPath: string;
    status?: "pending" | "approved" | "declined";
    moderationReason?: string | null;
  };
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
      {item?.status && item.status !== "approved" ? (
        <div
          className={
            item.status === "declined"
              ? "rounded-2xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200"
              : "rounded-2xl bg-brand-50 p-4 ring-1 ring-brand-200"
          }
        >
          <p className="font-bold">{item.status === "declined" ? DECLINED : NEEDS_MODERATION}</p>
          {item.moderationReason ? (
            <p className="mt-1 whitespace-pre-line break-words text-sm">
              <span className="font-semibold">{MODERATION_REASON_LABEL}</span>{" "}
              {item.moderationReason}
            </p>
          ) : null}
          {item.status === "declined" ? (
            <p className="mt-1 text-sm">Saving your changes sends it back to moderation.</p>
          ) : null}
        </div>
      ) : null}
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
        <div className="space-y-3 rounded-2xl bg-stone-50 p-4">
          <p>You have already reviewed this deal. You can edit your review.</p>
          {data.prompt?.type === "edit" ? (
            <PostingPromptBlock prompt={data.prompt} kind={kind} />
          ) : null}
        </div>
      ) : data.prompt && data.prompt.type !== "none" ? (
        <PostingPromptBlock prompt={data.prompt} kind={kind} />
      ) : (
        <p className="rounded-2xl bg-stone-50 p-4">Posting is not available for your account.</p>
      )}
    </main>
  );
}
