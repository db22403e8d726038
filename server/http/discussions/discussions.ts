import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../../services";
import { discussionFlagRoutes } from "./flags";
import { discussionFollowRoutes } from "./follows";
import { discussionReadRoutes } from "./lists";
import { reviewMediaRoutes } from "./media";
import { discussionModerationRoutes } from "./moderation";
import { ownerQuestionRoutes } from "./owner-questions";
import { discussionPostingRoutes } from "./posting";
import { perUserLimits } from "./rate-limits";
import { ratingHistoryRoutes } from "./rating-history";
import { MULTIPART_LIMITS } from "./request-body";
import { discussionSuggestionRoutes } from "./suggestions";
import { discussionVoteRoutes } from "./votes";

// Spec 000 section 7's discussion calls, one file per resource: lists and items (read), posting
// (create, reply, edit, delete), votes, moderation (approve, resolve, author lists), and the
// stored review videos.

export const discussionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  // Both plugins stay inside this plugin's scope: multipart bodies and rate limits are ours only.
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  const perUser = perUserLimits();

  await app.register(discussionReadRoutes, { services });
  await app.register(discussionPostingRoutes, { services, perUser });
  await app.register(discussionVoteRoutes, { services, perUser });
  await app.register(discussionFlagRoutes, { services, perUser });
  await app.register(discussionModerationRoutes, { services });
  await app.register(reviewMediaRoutes, { services });
  await app.register(discussionSuggestionRoutes, { services });
  await app.register(discussionFollowRoutes, { services, perUser });
  await app.register(ratingHistoryRoutes, { services });
  await app.register(ownerQuestionRoutes, { services });
};
