/**
 * Staff: deals and their plans, publishing, per-deal roles and the product page's blocks
 * (issue 16). Every write goes through auditedWrite (its audit row in its transaction, the page
 * cache told after commit): a published deal is at /products/{slug}/, in search and in its
 * collections at once; a draft is 404 to the public (storefront's publicDeal).
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { blockListProblems } from "../../../domain/blocks";
import { BLOCK_TYPES } from "../../../domain/constants";
import { fieldError, invalid, notFound } from "../../../domain/errors";
import type {
  BlocksSchema,
  DealCreateSchema,
  DealPatchSchema,
  PlanCreateSchema,
  PlanPatchSchema,
  RolesSchema,
  StaffDealsQuery,
} from "../../../domain/schemas/staff";
import { planPriceError, STAFF_MESSAGES, windowValid } from "../../../domain/staff";
import type { Db } from "../../db/client";
import {
  categories,
  dealFeatureEntries,
  dealFeatures,
  dealRoles,
  deals,
  modularPageItems,
  modularPages,
  type PlanType,
  plans,
  staticComponents,
  subcategories,
  taxonomyGroups,
  users,
} from "../../db/schema";
import type { PageEvents } from "../cache/page-events";
import { PRODUCT_PAGE_SLUG } from "../storefront/product-page";
import { alternativesOfDeal } from "./alternatives";
import { type Actor, allPages, createAuditedWrite, dealPage, type Tx } from "./audit";
import { type ListQuery, matchingAny, pagedRows, sortOrder } from "./paging";
import { cents, defined, iso, major, uniqueOr } from "./shared";

type DealRow = typeof deals.$inferSelect;

/** The deals table's sort keys. */
const DEAL_SORT = {
  name: deals.publicName,
  slug: deals.slug,
  created: deals.createdAt,
  updated: deals.updatedAt,
  start_date: deals.startDate,
};
type PlanRow = typeof plans.$inferSelect;

export function dealJson(d: DealRow) {
  return {
    id: d.id,
    slug: d.slug,
    name: d.name,
    public_name: d.publicName,
    card_description: d.cardDescription,
    listing_type: d.listingType,
    start_date: iso(d.startDate),
    end_date: iso(d.endDate),
    group_id: d.groupId,
    category_id: d.categoryId,
    subcategory_id: d.subcategoryId,
    is_draft: d.isDraft,
    deal_status: d.dealStatus,
    product_url: d.productUrl,
    media_url: d.mediaUrl,
    product_logo: d.productLogo,
    refundable_days: d.refundableDays,
    quantity_total: d.quantityTotal,
    quantity_sold: d.quantitySold,
    terms: d.terms,
    url: `/products/${d.slug}/`,
    created: iso(d.createdAt),
    updated: iso(d.updatedAt),
  };
}

export function planJson(p: PlanRow, features: string[]) {
  return {
    id: p.id,
    deal_id: p.dealId,
    name: p.publicName,
    price: major(p.priceCents),
    original_price: major(p.originalPriceCents),
    plan_type: p.planType,
    codes: p.codes,
    features,
    is_active: p.isActive,
    position: p.position,
  };
}

export type DealJson = ReturnType<typeof dealJson>;
export type PlanJson = ReturnType<typeof planJson>;

export function createStaffDealService(deps: { db: Db; pageEvents: PageEvents }) {
  const { db } = deps;
  const auditedWrite = createAuditedWrite(deps);

  async function list(query: ListQuery & Pick<z.infer<typeof StaffDealsQuery>, "status">) {
    const where: SQL[] = [];
    const text = matchingAny(query.query, deals.name, deals.publicName, deals.slug);
    if (text) where.push(text);
    if (query.status === "draft") where.push(eq(deals.isDraft, true));
    else if (query.status === "published") where.push(eq(deals.isDraft, false));
    else if (query.status) where.push(eq(deals.dealStatus, query.status));
    const cond = where.length ? and(...where) : undefined;
    const order = sortOrder(
      query.sort,
      DEAL_SORT,
      [desc(deals.createdAt), desc(deals.id)],
      deals.id,
    );
    const { rows, table } = await pagedRows(db, deals, cond, order, query.page);
    const planCounts = rows.length
      ? await db
          .select({ dealId: plans.dealId, n: count() })
          .from(plans)
          .where(
            inArray(
              plans.dealId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(plans.dealId)
      : [];
    const byDeal = new Map(planCounts.map((p) => [p.dealId, Number(p.n)]));
    return table(rows.map((r) => ({ ...dealJson(r), plan_count: byDeal.get(r.id) ?? 0 })));
  }

  async function featuresOf(tx: Tx | Db, planIds: number[]) {
    if (planIds.length === 0) return new Map<number, string[]>();
    const rows = await tx
      .select({ planId: dealFeatureEntries.planId, feature: dealFeatures.feature })
      .from(dealFeatureEntries)
      .innerJoin(dealFeatures, eq(dealFeatures.id, dealFeatureEntries.featureId))
      .where(and(inArray(dealFeatureEntries.planId, planIds), eq(dealFeatureEntries.entry, true)))
      .orderBy(asc(dealFeatures.position), asc(dealFeatures.id));
    const map = new Map<number, string[]>();
    for (const r of rows) map.set(r.planId, [...(map.get(r.planId) ?? []), r.feature]);
    return map;
  }

  async function rolesOf(tx: Tx | Db, dealId: number) {
    const rows = await tx
      .select({ id: users.id, email: users.email, role: dealRoles.role })
      .from(dealRoles)
      .innerJoin(users, eq(users.id, dealRoles.userId))
      .where(eq(dealRoles.dealId, dealId))
      .orderBy(asc(users.id));
    return {
      partners: rows.filter((r) => r.role === "partner").map(({ id, email }) => ({ id, email })),
      user_moderators: rows
        .filter((r) => r.role === "user_moderator")
        .map(({ id, email }) => ({ id, email })),
    };
  }

  async function loadDeal(tx: Tx | Db, id: number, lock = false) {
    const q = tx.select().from(deals).where(eq(deals.id, id));
    const [row] = lock ? await q.for("update") : await q;
    if (!row) throw notFound();
    return row;
  }

  async function plansOf(tx: Tx | Db, dealId: number) {
    const rows = await tx
      .select()
      .from(plans)
      .where(eq(plans.dealId, dealId))
      .orderBy(asc(plans.position), asc(plans.id));
    const features = await featuresOf(
      tx,
      rows.map((p) => p.id),
    );
    return rows.map((p) => planJson(p, features.get(p.id) ?? []));
  }

  async function get(id: number, tx: Tx | Db = db) {
    const deal = await loadDeal(tx, id);
    return {
      ...dealJson(deal),
      plans: await plansOf(tx, id),
      roles: await rolesOf(tx, id),
      alternatives: await alternativesOfDeal(tx, id),
    };
  }

  /** Taxonomy ids must name rows (a foreign key refusal would otherwise be a 500). */
  async function checkTaxonomy(
    tx: Tx,
    ids: { group_id?: number | null; category_id?: number | null; subcategory_id?: number | null },
  ) {
    const problems: Record<string, string[]> = {};
    const checks: [
      keyof typeof ids,
      typeof taxonomyGroups | typeof categories | typeof subcategories,
    ][] = [
      ["group_id", taxonomyGroups],
      ["category_id", categories],
      ["subcategory_id", subcategories],
    ];
    for (const [field, table] of checks) {
      const id = ids[field];
      if (id == null) continue;
      const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
      if (!row) problems[field] = ["Select a valid choice."];
    }
    if (Object.keys(problems).length) throw invalid(problems);
  }

  async function create(actor: Actor, body: z.infer<typeof DealCreateSchema>) {
    if (!windowValid(body.start_date, body.end_date))
      throw fieldError("end_date", STAFF_MESSAGES.endBeforeStart);
    return auditedWrite(actor, { action: "deal.create", entity: "deal" }, async (tx) => {
      await checkTaxonomy(tx, body);
      const [row] = await uniqueOr("slug", STAFF_MESSAGES.slugTaken, () =>
        tx
          .insert(deals)
          .values({
            name: body.name,
            slug: body.slug,
            publicName: body.public_name,
            cardDescription: body.card_description,
            listingType: body.listing_type,
            startDate: body.start_date,
            endDate: body.end_date,
            groupId: body.group_id ?? null,
            categoryId: body.category_id ?? null,
            subcategoryId: body.subcategory_id ?? null,
            isDraft: body.is_draft,
          })
          .returning(),
      );
      if (!row) throw notFound();
      const result = await get(row.id, tx);
      // A draft is on no public page yet.
      return {
        result,
        id: row.id,
        after: dealJson(row),
        pages: result.is_draft ? "none" : [allPages],
      };
    });
  }

  async function patch(actor: Actor, id: number, body: z.infer<typeof DealPatchSchema>) {
    return auditedWrite(actor, { action: "deal.update", entity: "deal", id }, async (tx) => {
      const before = await loadDeal(tx, id, true);
      const start = body.start_date !== undefined ? body.start_date : before.startDate;
      const end = body.end_date !== undefined ? body.end_date : before.endDate;
      if (!windowValid(start, end)) throw fieldError("end_date", STAFF_MESSAGES.endBeforeStart);
      await checkTaxonomy(tx, body);
      const changes = defined({
        name: body.name,
        slug: body.slug,
        publicName: body.public_name,
        cardDescription: body.card_description,
        listingType: body.listing_type,
        startDate: body.start_date,
        endDate: body.end_date,
        groupId: body.group_id,
        categoryId: body.category_id,
        subcategoryId: body.subcategory_id,
        dealStatus: body.deal_status,
        productUrl: body.product_url,
        mediaUrl: body.media_url,
        productLogo: body.product_logo,
        refundableDays: body.refundable_days,
        quantityTotal: body.quantity_total,
        terms: body.terms,
      });
      const [row] = await uniqueOr("slug", STAFF_MESSAGES.slugTaken, () =>
        tx
          .update(deals)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(deals.id, id))
          .returning(),
      );
      if (!row) throw notFound();
      return {
        result: await get(id, tx),
        before: dealJson(before),
        after: dealJson(row),
        // The page at its old address, and every listing that shows its card.
        pages: [dealPage(before.slug), allPages],
      };
    });
  }

  async function setDraft(actor: Actor, id: number, isDraft: boolean) {
    const action = isDraft ? "deal.unpublish" : "deal.publish";
    return auditedWrite(actor, { action, entity: "deal", id }, async (tx) => {
      const before = await loadDeal(tx, id, true);
      const [row] = await tx
        .update(deals)
        .set({ isDraft, updatedAt: new Date() })
        .where(eq(deals.id, id))
        .returning();
      if (!row) throw notFound();
      return {
        result: await get(id, tx),
        before: { is_draft: before.isDraft },
        after: { is_draft: row.isDraft },
        // Its product page, search answers and every collection page that lists it.
        pages: [dealPage(row.slug), allPages],
      };
    });
  }

  /** Replaces a plan's ticked features: finds or adds the deal's feature rows by their text. */
  async function setFeatures(tx: Tx, dealId: number, planId: number, list: string[]) {
    await tx.delete(dealFeatureEntries).where(eq(dealFeatureEntries.planId, planId));
    for (const [position, feature] of [...new Set(list)].entries()) {
      let [row] = await tx
        .select({ id: dealFeatures.id })
        .from(dealFeatures)
        .where(
          and(
            eq(dealFeatures.dealId, dealId),
            eq(dealFeatures.section, "plan"),
            eq(dealFeatures.feature, feature),
          ),
        );
      if (!row) {
        [row] = await tx
          .insert(dealFeatures)
          .values({ dealId, section: "plan", feature, position })
          .returning({ id: dealFeatures.id });
      }
      if (row)
        await tx.insert(dealFeatureEntries).values({ featureId: row.id, planId, entry: true });
    }
  }

  async function createPlan(actor: Actor, dealId: number, body: z.infer<typeof PlanCreateSchema>) {
    const priceCents = cents(body.price);
    const originalCents = cents(body.original_price);
    const problem = planPriceError(priceCents, originalCents);
    if (problem) throw fieldError("price", problem);
    return auditedWrite(actor, { action: "plan.create", entity: "plan" }, async (tx) => {
      const deal = await loadDeal(tx, dealId, true);
      const [last] = await tx
        .select({ n: sql<number>`coalesce(max(${plans.position}), -1)::int` })
        .from(plans)
        .where(eq(plans.dealId, dealId));
      const [row] = await tx
        .insert(plans)
        .values({
          dealId,
          publicName: body.name,
          priceCents,
          originalPriceCents: originalCents,
          planType: body.plan_type as PlanType,
          codes: body.codes,
          isActive: body.is_active,
          isFree: priceCents === 0,
          tier: Number(last?.n ?? -1) + 2,
          position: Number(last?.n ?? -1) + 1,
        })
        .returning();
      if (!row) throw notFound();
      await setFeatures(tx, dealId, row.id, body.features);
      const plan = planJson(row, [...new Set(body.features)]);
      return { result: plan, id: row.id, after: plan, pages: [dealPage(deal.slug)] };
    });
  }

  async function patchPlan(actor: Actor, planId: number, body: z.infer<typeof PlanPatchSchema>) {
    return auditedWrite(
      actor,
      { action: "plan.update", entity: "plan", id: planId },
      async (tx) => {
        const [before] = await tx.select().from(plans).where(eq(plans.id, planId)).for("update");
        if (!before) throw notFound();
        const priceCents = body.price !== undefined ? cents(body.price) : before.priceCents;
        const originalCents =
          body.original_price !== undefined
            ? cents(body.original_price)
            : before.originalPriceCents;
        const problem = planPriceError(priceCents, originalCents);
        if (problem) throw fieldError("price", problem);
        const beforeJson = planJson(before, (await featuresOf(tx, [planId])).get(planId) ?? []);
        const [row] = await tx
          .update(plans)
          .set(
            defined({
              publicName: body.name,
              priceCents,
              originalPriceCents: originalCents,
              isFree: priceCents === 0,
              planType: body.plan_type as PlanType | undefined,
              codes: body.codes,
              isActive: body.is_active,
            }),
          )
          .where(eq(plans.id, planId))
          .returning();
        if (!row) throw notFound();
        if (body.features) await setFeatures(tx, row.dealId, planId, body.features);
        const after = planJson(row, (await featuresOf(tx, [planId])).get(planId) ?? []);
        return { result: after, before: beforeJson, after, pages: [dealPage(row.dealId)] };
      },
    );
  }

  /** Replaces the deal's partners and user moderators with the given users. */
  async function setRoles(actor: Actor, dealId: number, body: z.infer<typeof RolesSchema>) {
    return auditedWrite(actor, { action: "deal.roles", entity: "deal", id: dealId }, async (tx) => {
      await loadDeal(tx, dealId, true);
      const wanted = [...new Set([...body.partners, ...body.user_moderators])];
      if (wanted.length) {
        const found = await tx
          .select({ id: users.id })
          .from(users)
          .where(inArray(users.id, wanted));
        const known = new Set(found.map((u) => u.id));
        const problems: Record<string, string[]> = {};
        if (body.partners.some((id) => !known.has(id)))
          problems.partners = [STAFF_MESSAGES.unknownUser];
        if (body.user_moderators.some((id) => !known.has(id)))
          problems.user_moderators = [STAFF_MESSAGES.unknownUser];
        if (Object.keys(problems).length) throw invalid(problems);
      }
      const before = await rolesOf(tx, dealId);
      await tx.delete(dealRoles).where(eq(dealRoles.dealId, dealId));
      const rows = [
        ...[...new Set(body.partners)].map((userId) => ({
          dealId,
          userId,
          role: "partner" as const,
        })),
        ...[...new Set(body.user_moderators)].map((userId) => ({
          dealId,
          userId,
          role: "user_moderator" as const,
        })),
      ];
      if (rows.length) await tx.insert(dealRoles).values(rows);
      const after = await rolesOf(tx, dealId);
      // The page marks founder replies by the deal's partners.
      return { result: after, before, after, pages: [dealPage(dealId)] };
    });
  }

  // --- Blocks --------------------------------------------------------------------------------

  async function ownPage(tx: Tx | Db, dealId: number) {
    const [page] = await tx.select().from(modularPages).where(eq(modularPages.dealId, dealId));
    return page ?? null;
  }

  async function blockRows(tx: Tx | Db, pageId: number) {
    return tx
      .select({
        id: staticComponents.id,
        type: staticComponents.modularComponentType,
        data: staticComponents.jsonData,
      })
      .from(modularPageItems)
      .innerJoin(staticComponents, eq(staticComponents.id, modularPageItems.staticComponentId))
      .where(eq(modularPageItems.pageId, pageId))
      .orderBy(asc(modularPageItems.position), asc(modularPageItems.id));
  }

  /**
   * The deal's blocks: its own (built in the editor) when it has them, else the shared product
   * template's blocks that apply to it (source tells which).
   */
  async function getBlocks(dealId: number) {
    const deal = await loadDeal(db, dealId);
    const page = await ownPage(db, dealId);
    if (page) return { source: "deal" as const, blocks: await blockRows(db, page.id) };
    const [template] = await db
      .select()
      .from(modularPages)
      .where(eq(modularPages.slug, PRODUCT_PAGE_SLUG));
    const rows = template ? await blockRows(db, template.id) : [];
    const applies = rows.filter((b) => {
      const only = b.data?.deal_slugs;
      return !Array.isArray(only) || only.length === 0 || only.includes(deal.slug);
    });
    return { source: "template" as const, blocks: applies };
  }

  async function putBlocks(actor: Actor, dealId: number, body: z.infer<typeof BlocksSchema>) {
    const problems = blockListProblems(body.blocks, BLOCK_TYPES);
    if (Object.keys(problems).length) throw invalid(problems);
    return auditedWrite(
      actor,
      { action: "deal.blocks", entity: "deal", id: dealId },
      async (tx) => {
        const deal = await loadDeal(tx, dealId, true);
        let page = await ownPage(tx, dealId);
        const before = page ? await blockRows(tx, page.id) : null;
        if (!page) {
          const [created] = await tx
            .insert(modularPages)
            .values({
              slug: `deal-${dealId}-blocks`,
              title: deal.publicName,
              layout: "two-column",
              dealId,
            })
            .returning();
          page = created ?? null;
        }
        if (!page) throw notFound();
        const oldComponents = (before ?? []).map((b) => b.id);
        await tx.delete(modularPageItems).where(eq(modularPageItems.pageId, page.id));
        if (oldComponents.length)
          await tx.delete(staticComponents).where(inArray(staticComponents.id, oldComponents));
        for (const [position, block] of body.blocks.entries()) {
          const [component] = await tx
            .insert(staticComponents)
            .values({
              name: `${deal.slug}: ${block.type}`,
              modularComponentType: block.type,
              jsonData: block.data,
            })
            .returning({ id: staticComponents.id });
          if (component) {
            await tx
              .insert(modularPageItems)
              .values({ pageId: page.id, position, staticComponentId: component.id });
          }
        }
        const after = await blockRows(tx, page.id);
        return {
          result: { source: "deal" as const, blocks: after },
          before: before ? { blocks: before } : null,
          after: { blocks: after },
          pages: [dealPage(deal.slug)],
        };
      },
    );
  }

  return {
    list,
    get,
    create,
    patch,
    setDraft,
    createPlan,
    patchPlan,
    setRoles,
    getBlocks,
    putBlocks,
    plansOf,
    loadDeal,
    setFeatures,
    featuresOf,
  };
}

export type StaffDealService = ReturnType<typeof createStaffDealService>;
