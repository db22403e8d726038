import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import {
  assignExperiments,
  type ExperimentAssignments,
  isExperimentName,
} from "../../../domain/experiments";
import type { Db } from "../../db/client";
import { analyticsEvents, deals, smartCollections } from "../../db/schema";
import type { Clock } from "../../providers/clock";

/** Experiments named on collections change rarely; read them at most this often. */
const COLLECTION_EXPERIMENTS_TTL_MS = 60_000;

/** Analytics events the site records (a closed list: nothing else is stored). */
export const ANALYTICS_EVENT_NAMES = ["view_item"] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENT_NAMES)[number];

/**
 * Experiments (domain/experiments.ts) with the variants the smart collections name, and the
 * analytics events that record which variants a session saw.
 */
export function createGrowthService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  let cached: { at: number; value: Record<string, string[]> } | null = null;

  /** experiment -> variants, from experiment_data on smart collections. */
  async function collectionExperiments(): Promise<Record<string, string[]>> {
    const now = clock.now().getTime();
    if (cached && now - cached.at < COLLECTION_EXPERIMENTS_TTL_MS) return cached.value;
    const rows = await db
      .selectDistinct({
        experiment: sql<string | null>`${smartCollections.experimentData}->>'experiment'`,
        variant: sql<string | null>`${smartCollections.experimentData}->>'variant'`,
      })
      .from(smartCollections)
      .where(isNotNull(smartCollections.experimentData));
    const value: Record<string, string[]> = {};
    for (const r of rows) {
      if (!isExperimentName(r.experiment) || !isExperimentName(r.variant)) continue;
      (value[r.experiment] ??= []).push(r.variant);
    }
    cached = { at: now, value };
    return value;
  }

  /** A session's variant of every experiment; {} without a session. */
  async function experimentsFor(sessionId: string | null | undefined) {
    if (!sessionId) return {} as ExperimentAssignments;
    return assignExperiments(sessionId, await collectionExperiments());
  }

  /**
   * Records an event for a public deal (by slug), with the session's experiments. Returns false
   * when the deal does not exist or is not public, so nothing is recorded for it.
   */
  async function recordDealEvent(input: {
    name: AnalyticsEventName;
    dealSlug: string;
    sessionId: string | null;
    userId: number | null;
    properties?: Record<string, unknown>;
  }): Promise<boolean> {
    const rows = await db
      .select({ id: deals.id })
      .from(deals)
      .where(
        and(
          eq(deals.slug, input.dealSlug),
          ne(deals.dealStatus, "Private"),
          eq(deals.isDraft, false),
        ),
      )
      .limit(1);
    const deal = rows[0];
    if (!deal) return false;
    await db.insert(analyticsEvents).values({
      name: input.name,
      sessionId: input.sessionId,
      userId: input.userId,
      dealId: deal.id,
      properties: {
        ...input.properties,
        experiments: await experimentsFor(input.sessionId),
      },
      createdAt: clock.now(),
    });
    return true;
  }

  return { collectionExperiments, experimentsFor, recordDealEvent };
}

export type GrowthService = ReturnType<typeof createGrowthService>;
