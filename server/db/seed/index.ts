import { sql } from "drizzle-orm";
import type { Clock } from "../../providers/clock";
import { hashPassword } from "../../services/accounts/passwords";
import { responsivenessColumns } from "../../services/discussions/aggregates";
import type { Db } from "../client";
import { deals } from "../schema";
import { seedAccounts, seedDealRoles } from "./accounts";
import { DEALS, dealStart, seedDeals } from "./deals";
import { planDiscussions, seedDiscussions } from "./discussions";
import { seedFlags } from "./flags";
import { seedQuestionFollows } from "./follows";
import { seedFounderRecord } from "./founder-record";
import { seedMarketing } from "./marketing";
import { seedPages } from "./pages";
import { seedPlusDeal } from "./plus";
import { seedProvenance } from "./provenance";
import { namedOrders, seedPurchases } from "./purchases";
import { seedShowcase } from "./showcase-blocks";
import { seedTaskflowContent, seedVideoCollections } from "./taskflow";
import { seedTaxonomy } from "./taxonomy";
import { DEMO_PASSWORD, get, Timeline } from "./util";

export { demoImageSvg } from "./images";
export { CAMPAIGN_SLUG, HOME_COLLECTIONS } from "./pages";
export { DEMO_PASSWORD } from "./util";

/**
 * Fills a migrated, empty database with the demo marketplace (README: "Demo data"), in one
 * transaction. Every date is relative to clock.now(), and the content is deterministic.
 */
export async function seed(db: Db, clock: Clock): Promise<void> {
  const time = new Timeline(clock.now());
  // One scrypt hash, shared by every demo account.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const starts = new Map(DEALS.map((d) => [d.slug, dealStart(d, time)]));
  const discussions = planDiscussions(time, starts);

  await db.transaction(async (tx) => {
    const taxonomy = await seedTaxonomy(tx);
    const videoCollectionIds = await seedVideoCollections(tx, time);
    const dealMap = await seedDeals(tx, time, taxonomy, discussions.aggregates, {
      videoCollectionIds,
      reviewsSummaries: discussions.reviewsSummaries,
    });
    const dealIds = new Map([...dealMap.values()].map((d) => [d.slug, d.id]));
    const accounts = await seedAccounts(tx, time, passwordHash);
    await seedDealRoles(tx, accounts, get(dealIds, "taskflow"));
    await seedTaskflowContent(tx, time, dealMap, accounts.byUsername);
    await seedPurchases(
      tx,
      time,
      [...namedOrders(time), ...discussions.orders],
      dealMap,
      accounts.byUsername,
    );
    await seedDiscussions(tx, discussions, dealIds, accounts.byUsername, time);
    await seedQuestionFollows(
      tx,
      { shopper: get(accounts.byKey, "shopper"), plus: get(accounts.byKey, "plus") },
      get(dealIds, "taskflow"),
    );
    // TaskFlow's founder's record: a few refunds among the shoppers' purchases (decision 077).
    await seedFounderRecord(tx, get(dealIds, "taskflow"));
    // Issue 33: review provenance, rating history and owners' answers, from the rows above.
    await seedProvenance(tx);
    // Reports of abuse and the author lists' reasons (issue 33).
    await seedFlags(tx, dealIds, accounts, time);
    // The founder team's responsiveness, by the write side's rule (aggregates.ts).
    await tx.execute(sql`update deals d set founder_answered_count = s.answered,
        founder_answer_median_seconds = s.median
      from (select c.deal_id, ${responsivenessColumns} from comments c
        where c.kind = 'question' and c.parent_id is null and c.status = 'approved'
        group by c.deal_id) s
      where d.id = s.deal_id`);
    await seedPages(tx, time, dealMap);
    await seedMarketing(tx, time, dealMap);
    await seedShowcase(tx, time, dealMap);
    // Cart and checkout: the Plus membership deal.
    await seedPlusDeal(tx, time);
  });
}

/** Seeds only a database without deals; answers whether it seeded. */
export async function seedIfEmpty(db: Db, clock: Clock): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(deals);
  if ((row?.n ?? 0) > 0) return false;
  await seed(db, clock);
  return true;
}
