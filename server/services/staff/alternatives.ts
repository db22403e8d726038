/**
 * Staff: the monthly prices of the "Alternative to" tools (issue 34), which the payback of every
 * deal that replaces them is counted against (domain/payback.ts). Audited (decision 052); the
 * pages of the deals that name the tool, and the listings their cards are on, are told after
 * commit. Decision 076.
 */
import { and, asc, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { notFound } from "../../../domain/errors";
import type { AlternativePatchSchema } from "../../../domain/schemas/staff";
import type { Db } from "../../db/client";
import { attributes, dealAttributeValues, deals } from "../../db/schema";
import type { PageEvents } from "../cache/page-events";
import {
  type Actor,
  allPages,
  createAuditedWrite,
  dealPage,
  type PagesChanged,
  type Tx,
} from "./audit";
import { cents, major } from "./shared";

/** Above this many deals naming the tool, one "every page" event instead of one per deal. */
const PER_DEAL_EVENTS_MAX = 50;

type AttributeRow = typeof attributes.$inferSelect;

export const alternativeJson = (a: AttributeRow) => ({
  id: a.id,
  slug: a.slug,
  name: a.name,
  monthly_price: a.monthlyPriceCents == null ? null : major(a.monthlyPriceCents),
});

export type AlternativeJson = ReturnType<typeof alternativeJson>;

/** A deal's "Alternative to" tools with their prices, in the deal's order (its staff editor). */
export async function alternativesOfDeal(tx: Tx | Db, dealId: number) {
  const rows = await tx
    .select({ attribute: attributes })
    .from(dealAttributeValues)
    .innerJoin(attributes, eq(attributes.id, dealAttributeValues.attributeId))
    .where(and(eq(dealAttributeValues.dealId, dealId), eq(attributes.type, "alternative_to")))
    .orderBy(asc(dealAttributeValues.position), asc(dealAttributeValues.id));
  return rows.map((r) => alternativeJson(r.attribute));
}

export function createStaffAlternativeService(deps: { db: Db; pageEvents: PageEvents }) {
  const { db } = deps;
  const auditedWrite = createAuditedWrite(deps);

  /** Every "Alternative to" tool with its price and how many deals name it, by name. */
  async function list() {
    const rows = await db
      .select({ attribute: attributes, deals: count(dealAttributeValues.id) })
      .from(attributes)
      .leftJoin(dealAttributeValues, eq(dealAttributeValues.attributeId, attributes.id))
      .where(eq(attributes.type, "alternative_to"))
      .groupBy(attributes.id)
      .orderBy(asc(attributes.name), asc(attributes.id));
    return { items: rows.map((r) => ({ ...alternativeJson(r.attribute), deal_count: r.deals })) };
  }

  /** The pages a tool's price shows on: each deal naming it (and the listings), or all. */
  async function pagesOf(tx: Tx, attributeId: number): Promise<PagesChanged> {
    const rows = await tx
      .select({ slug: deals.slug })
      .from(dealAttributeValues)
      .innerJoin(deals, eq(deals.id, dealAttributeValues.dealId))
      .where(eq(dealAttributeValues.attributeId, attributeId))
      .orderBy(asc(deals.id))
      .limit(PER_DEAL_EVENTS_MAX + 1);
    const [first, ...rest] = rows.map((r) => dealPage(r.slug));
    if (!first) return "none";
    return rows.length > PER_DEAL_EVENTS_MAX ? [allPages] : [first, ...rest];
  }

  /** Sets (or clears, with null) a tool's monthly price: 404 unless it is an "Alternative to". */
  async function patch(actor: Actor, id: number, body: z.infer<typeof AlternativePatchSchema>) {
    return auditedWrite(
      actor,
      { action: "alternative.update", entity: "attribute", id },
      async (tx) => {
        const [before] = await tx
          .select()
          .from(attributes)
          .where(and(eq(attributes.id, id), eq(attributes.type, "alternative_to")))
          .for("update");
        if (!before) throw notFound();
        const [row] = await tx
          .update(attributes)
          .set({
            monthlyPriceCents: body.monthly_price == null ? null : cents(body.monthly_price),
          })
          .where(eq(attributes.id, id))
          .returning();
        if (!row) throw notFound();
        const after = alternativeJson(row);
        return {
          result: after,
          before: alternativeJson(before),
          after,
          pages: await pagesOf(tx, id),
        };
      },
    );
  }

  return { list, patch };
}

export type StaffAlternativeService = ReturnType<typeof createStaffAlternativeService>;
