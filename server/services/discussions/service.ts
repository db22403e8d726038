import type { Db } from "../../db/client";
import type { Clock } from "../../providers/clock";
import type { MediaProvider } from "../../providers/media";
import type { PageCacheService } from "../cache/page-cache";
import type { PageEvents } from "../cache/page-events";
import { createStampedLru } from "../cache/stamped-lru";
import type { Outbox } from "../jobs/outbox";
import { createDealReads } from "./deal-reads";
import { createFlags } from "./flags";
import { createFollows } from "./follows";
import { createListReads, keptListIds, listsForViewer } from "./lists";
import { createModeration } from "./moderation";
import { createNotifier } from "./notifications";
import { createOwnerAnswers } from "./owner-answers";
import { createPosting } from "./posting";
import { createProfileReads } from "./profiles";
import { createRatingHistoryReads } from "./rating-history";
import {
  createReadQueries,
  type DealContext,
  type ReadQueries,
  userStatusOf,
} from "./read-queries";
import { createReviewMedia } from "./review-media";
import { createReviewsSummaryJob } from "./reviews-summary-job";
import { createSubmissions } from "./submissions";
import { createSuggestionReads } from "./suggestions";
import { createVotes } from "./votes";

/**
 * The discussion area (spec 000 sections 3 to 8): reviews, questions and their replies. Reads
 * (lists.ts, deal-reads.ts) and writes (posting.ts, votes.ts, moderation.ts) are separate
 * modules sharing only types.ts; the writers answer with the changed item read through `get`.
 */
export function createDiscussionService(deps: {
  db: Db;
  clock: Clock;
  outbox: Outbox;
  media: MediaProvider;
  pageEvents: PageEvents;
  /** When given, an anonymous viewer's deal context is kept between requests (see below). */
  pageCache?: PageCacheService;
  /** The site's public origin, for the links in notification e-mails and owners' questions. */
  publicUrl?: string;
}) {
  const { db, clock, outbox, pageEvents } = deps;
  const loaded = createReadQueries(db);
  const queries: ReadQueries = deps.pageCache
    ? { ...loaded, dealContext: anonymousContexts(loaded.dealContext, deps.pageCache, clock) }
    : loaded;
  const lists = createListReads({ db, clock, queries });
  const dealReads = createDealReads({ db });
  const ratingHistory = createRatingHistoryReads({ db });
  const ownerAnswers = createOwnerAnswers({
    db,
    outbox,
    ...(deps.publicUrl ? { publicUrl: deps.publicUrl } : {}),
  });
  const reviewMedia = createReviewMedia({ db, media: deps.media });
  const read = { get: lists.get };
  // Notification e-mails (issue 33): told by posting and moderation, in their transactions.
  const notifier = createNotifier({
    db,
    clock,
    outbox,
    publicUrl: deps.publicUrl ?? "http://localhost:3000",
  });
  const follows = createFollows({ db, clock, pageEvents });
  const posting = createPosting({ db, clock, outbox, reviewMedia, read, pageEvents, notifier });
  const submissions = createSubmissions({ media: deps.media, posting, reviewMedia });
  const votes = createVotes({ db, clock });
  const moderation = createModeration({ db, outbox, read, pageEvents, notifier });
  // Reports of abuse (issue 33): declining from the staff queue goes through moderation's approve.
  const flags = createFlags({ db, clock, read, approve: moderation.approve, pageEvents });
  const summary = createReviewsSummaryJob({ db, clock, outbox, pageEvents });
  const profiles = createProfileReads({ db, clock });
  const suggestions = createSuggestionReads({ db, queries });

  return {
    list: lists.list,
    get: lists.get,
    stats: lists.stats,
    userStatus: dealReads.userStatus,
    /** The deal with the viewer's roles, relation and pending items (one statement), which
     * `list` and `listBoth` take preloaded and `statusFrom` reads the UserStatus from. */
    context: queries.dealContext,
    statusFrom: userStatusOf,
    listBoth: lists.listBoth,
    listsForViewer,
    keptListIds,
    founderResponsiveness: dealReads.founderResponsiveness,
    approvedReviewLinks: dealReads.approvedReviewLinks,
    ratingHistory: ratingHistory.ratingHistory,
    ownersToAsk: ownerAnswers.ownersToAsk,
    setAskOwnerQuestions: ownerAnswers.setAskOwnerQuestions,
    askOwnerQuestions: ownerAnswers.askOwnerQuestions,
    profile: profiles.profile,
    similarQuestions: suggestions.similarQuestions,
    ...posting,
    ...submissions,
    ...votes,
    ...moderation,
    follow: follows.follow,
    isFollowing: follows.isFollowing,
    sendPartnerDigest: notifier.sendDigest,
    ...flags,
    regenerateSummary: summary.regenerateSummary,
    reviewsSummary: summary.reviewsSummary,
    mediaHead: reviewMedia.mediaHead,
    mediaFile: reviewMedia.mediaFile,
    discardVideo: reviewMedia.discardVideo,
  };
}

export type DiscussionService = ReturnType<typeof createDiscussionService>;

/** An upper bound on a kept context's life, for anything no page event covers. */
const CONTEXT_MAX_AGE_MS = 60_000;
const CONTEXT_MAX_ENTRIES = 500;

/**
 * A deal's context as an anonymous viewer gets it (the deal's id, slug, partners and stored
 * approved counts: nothing about the viewer) kept in process between requests, so an anonymous
 * list costs its page statement alone. Stamped with the listings' page generation taken before
 * loading, which every deal's page event (a review or question approved, posted or moderated, a
 * deal edited or renamed, its partners changed) and every site-wide one moves, in Redis when
 * REDIS_URL is set: a context is never used after an event that could change it. Signed-in
 * viewers (their roles, pending items and relation to the deal) always read it.
 */
function anonymousContexts(
  load: ReadQueries["dealContext"],
  pageCache: PageCacheService,
  clock: Clock,
): ReadQueries["dealContext"] {
  const contexts = createStampedLru<DealContext>({
    clock,
    maxEntries: CONTEXT_MAX_ENTRIES,
    maxAgeMs: CONTEXT_MAX_AGE_MS,
  });
  // A signed-in viewer reads fresh, with whatever else is asked (the kept lists' vote ids).
  return async (dealKey, viewer, ...rest) => {
    if (viewer) return load(dealKey, viewer, ...rest);
    const stamp = await pageCache.stamp({ kind: "listing" });
    // The store is failing: no way to know what is fresh, so read through.
    if (stamp === null) return load(dealKey, viewer);
    // A failed load (an unknown deal is a 404) is not remembered; concurrent misses share one.
    return contexts.get(dealKey, stamp, () => load(dealKey, viewer));
  };
}
