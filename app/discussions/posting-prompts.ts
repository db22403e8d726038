/**
 * The posting prompts by role (spec 000 section 6), pure: the loaders apply them to the viewer
 * they read, and a page kept for an audience applies them in the browser to the reader its fill
 * names (app/ui/personal-fill.tsx, decision 059).
 */
import {
  buyPromptShown,
  canAskQuestion,
  canWriteReview,
  type DealFacts,
  type Viewer,
} from "../../domain/permissions";
import {
  type CommentStatus,
  type DiscussionKind,
  editPath,
  loginPath,
  newPath,
  type PostingPrompt,
} from "./types";

/** The reader's own review of the deal, any status. */
export type OwnReview = { id: number; status: CommentStatus } | null;

/** What the prompts read of the viewer; `pending` (a shared render) gives the pending prompt. */
export type PromptViewer = {
  viewer: Viewer;
  facts: DealFacts;
  pending?: boolean;
  ownReview?: OwnReview | undefined;
};

/**
 * The write-a-review control by role (spec 000 section 6): the button; log in (next is the
 * new-review page); verify e-mail; buy now (not on info or inactive-indefinitely deals, which the
 * server exempts from the purchase); nothing for blacklisted users or a second review.
 */
export function reviewPrompt(vc: PromptViewer, slug: string): PostingPrompt {
  if (vc.pending) return pendingPrompt(vc, slug, newPath(slug, "review"));
  // One review per deal: its author edits it, whatever its status (decision 067).
  const own = vc.ownReview;
  if (vc.viewer && own && !vc.viewer.commentBlacklist) {
    return { type: "edit", href: editPath(slug, "review", own.id), status: own.status };
  }
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

export function questionPrompt(vc: PromptViewer, slug: string, currentPath: string): PostingPrompt {
  if (vc.pending) return pendingPrompt(vc, slug, currentPath);
  const gate = canAskQuestion(vc.viewer);
  if (gate.allowed) return { type: "button", href: newPath(slug, "question") };
  if (gate.reason === "login") return { type: "login", href: loginPath(currentPath) };
  if (gate.reason === "verify") return { type: "verify", href: "/account/email/" };
  return { type: "none" };
}

/** A shared render's prompt: the deal's facts, for the browser to apply to the filled reader. */
const pendingPrompt = (vc: PromptViewer, slug: string, path: string): PostingPrompt => ({
  type: "pending",
  slug,
  path,
  isInfo: vc.facts.isInfo,
  inactiveIndefinitely: vc.facts.isInactiveIndefinitely,
});

/** The reader the fill names, as the prompts read a viewer. */
export type FilledReader = {
  id: number;
  emailVerified: boolean;
  commentBlacklist: boolean;
  hasPlus: boolean;
  hasPurchased: boolean;
  hasReviewed: boolean;
  ownReview?: OwnReview | undefined;
} | null;

/**
 * A pending prompt for the reader the fill names (null: the fill failed; then the prompt that
 * takes the reader to the form, where the server decides). Partners, moderators and staff never
 * get a shared render, so no role is lost here.
 */
export function filledPrompt(
  prompt: Extract<PostingPrompt, { type: "pending" }>,
  kind: DiscussionKind,
  reader: FilledReader,
): PostingPrompt {
  if (!reader) return { type: "button", href: newPath(prompt.slug, kind) };
  const vc: PromptViewer = {
    viewer: {
      id: reader.id,
      isStaff: false,
      emailVerified: reader.emailVerified,
      commentBlacklist: reader.commentBlacklist,
      hasPlus: reader.hasPlus,
    },
    facts: {
      partnerUserIds: [],
      moderatorUserIds: [],
      hasPurchased: reader.hasPurchased,
      hasReviewed: reader.hasReviewed,
      isInfo: prompt.isInfo,
      isInactiveIndefinitely: prompt.inactiveIndefinitely,
    },
    ownReview: reader.ownReview ?? null,
  };
  return kind === "review"
    ? reviewPrompt(vc, prompt.slug)
    : questionPrompt(vc, prompt.slug, prompt.path);
}
