/**
 * Fill by person (issue 32, decision 059): a page kept for an audience of signed-in readers
 * carries no one's name, cart count, votes, owned plans or posting prompts. After hydration the
 * page asks once for them: a deal's page its `GET /api/v2/deals/{id}/user_status/` (with the ids
 * of the comments it shows, for the reader's votes), any other page `GET /api/users/header/`.
 * Until the answer, those parts stand in a neutral pending state of the same size (no layout
 * shift; never "Buy" for a plan the reader may own). A page rendered for its reader alone (a
 * client navigation, staff) fills nothing.
 */
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useMatches, useRevalidator } from "react-router";
import type { PersonalHeaderJson } from "../../server/web/personal-fill";

export type PersonalViewer = NonNullable<PersonalHeaderJson>;

export type PersonalDeal = {
  id: number;
  hasPurchased: boolean;
  hasReviewed: boolean;
  /** The reader's own review of the deal, any status. */
  ownReview: { id: number; status: "pending" | "approved" | "declined" } | null;
  ownedPlanIds: number[];
  votes: Map<number, { upVotes: number; vote: number }>;
};

export type PersonalFill =
  /** Nothing to fill: the page was rendered for this reader (or for everyone, anonymous). */
  | { state: "none" }
  | { state: "pending" }
  | { state: "filled"; viewer: PersonalViewer | null; deal: PersonalDeal | null };

export const PersonalFillContext = createContext<PersonalFill>({ state: "none" });

export const usePersonalFill = (): PersonalFill => useContext(PersonalFillContext);

/**
 * What a route asks to have filled, in its loader data as `personalFill`: the deal and the
 * comments whose votes the page shows.
 */
export type FillRequest = { dealId: number; commentIds: number[] };

type UserStatusJson = {
  user_has_purchased: boolean;
  user_has_reviewed: boolean;
  user_review: { id: number; status: "pending" | "approved" | "declined" } | null;
  owned_plan_ids: number[];
  votes: { id: number; up_votes: number; vote: number }[];
  own_items: number;
  own_staff_message: boolean;
  viewer: PersonalHeaderJson;
};

function fillUrl(request: FillRequest | null): string {
  if (!request) return "/api/users/header/";
  const ids = request.commentIds.slice(0, 100);
  const query = ids.length ? `?comments=${ids.join(",")}` : "";
  return `/api/v2/deals/${request.dealId}/user_status/${query}`;
}

/** The root's fill: asked once per document when the page came from a shared render. */
export function usePersonalFillState(shared: boolean): PersonalFill {
  const matches = useMatches();
  // Read through a ref: the revalidator changes with every navigation state, the fill is asked once.
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const [fill, setFill] = useState<PersonalFill>(shared ? { state: "pending" } : { state: "none" });
  // The document's own page is the one to fill: client navigations render for the reader.
  const [request] = useState<FillRequest | null>(() => {
    for (const m of matches) {
      const data = m.loaderData as { personalFill?: FillRequest | null } | undefined;
      if (data?.personalFill) return data.personalFill;
    }
    return null;
  });
  useEffect(() => {
    if (!shared) return;
    let live = true;
    const controller = new AbortController();
    fetch(fillUrl(request), {
      credentials: "same-origin",
      headers: { accept: "application/json" },
      signal: controller.signal,
    })
      .then((r) =>
        r.ok ? (r.json() as Promise<UserStatusJson | { viewer: PersonalHeaderJson }>) : null,
      )
      .then((json) => {
        if (!live) return;
        if (!json) {
          // No answer: the page's parts say what they say to any member (pending ends).
          setFill({ state: "filled", viewer: null, deal: null });
          return;
        }
        const status = "owned_plan_ids" in json ? json : null;
        // The reader's own items and replies (pending ones, and the controls on their own), and
        // a staff message for the deal's buyers, are in no audience's page: such a reader has
        // the page's data rendered for them, once. Their data request is never shared
        // (domain/page-cache.ts cacheablePage).
        if (status && (status.own_items > 0 || status.own_staff_message)) void revalidate.current();
        setFill({
          state: "filled",
          viewer: json.viewer,
          deal:
            status && request
              ? {
                  id: request.dealId,
                  hasPurchased: status.user_has_purchased,
                  hasReviewed: status.user_has_reviewed,
                  ownReview: status.user_review
                    ? { id: status.user_review.id, status: status.user_review.status }
                    : null,
                  ownedPlanIds: status.owned_plan_ids,
                  votes: new Map(
                    status.votes.map((v) => [v.id, { upVotes: v.up_votes, vote: v.vote }]),
                  ),
                }
              : null,
        });
      })
      .catch(() => {
        if (live) setFill({ state: "filled", viewer: null, deal: null });
      });
    return () => {
      live = false;
      controller.abort();
    };
  }, [shared, request]);
  return fill;
}
