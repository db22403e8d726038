import type { Db } from "../../db/client";
import type { Clock } from "../../providers/clock";
import type { MediaProvider } from "../../providers/media";
import type { PageEvents } from "../cache/page-events";
import type { Outbox } from "../jobs/outbox";
import { createDealReads } from "./deal-reads";
import { createListReads, keptListIds, listsForViewer } from "./lists";
import { createModeration } from "./moderation";
import { createPosting } from "./posting";
import { createProfileReads } from "./profiles";
import { createReadQueries, userStatusOf } from "./read-queries";
import { createReviewMedia } from "./review-media";
import { createReviewsSummaryJob } from "./reviews-summary-job";
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
  pageEvents?: PageEvents;
}) {
  const { db, clock, outbox, pageEvents } = deps;
  const queries = createReadQueries(db);
  const lists = createListReads({ db, clock, queries });
  const dealReads = createDealReads({ db });
  const reviewMedia = createReviewMedia({ db, media: deps.media });
  const read = { get: lists.get };
  const posting = createPosting({ db, clock, outbox, reviewMedia, read, pageEvents });
  const votes = createVotes({ db, clock });
  const moderation = createModeration({ db, outbox, read, pageEvents });
  const summary = createReviewsSummaryJob({ db, clock, outbox });
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
    profile: profiles.profile,
    similarQuestions: suggestions.similarQuestions,
    ...posting,
    ...votes,
    ...moderation,
    regenerateSummary: summary.regenerateSummary,
    reviewsSummary: summary.reviewsSummary,
    mediaHead: reviewMedia.mediaHead,
    mediaFile: reviewMedia.mediaFile,
    discardVideo: reviewMedia.discardVideo,
  };
}

export type DiscussionService = ReturnType<typeof createDiscussionService>;
