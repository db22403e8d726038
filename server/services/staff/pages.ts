/**
 * Staff: modular pages (ordered collections, layout, SEO) and smart collections (type, deals,
 * title, colours, schedule). A collection's schedule is the window its page items show in
 * (modular_page_items start/end): kept on the collection too, so a page it is added to later
 * gets the same window.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import { fieldError, notFound } from "../../../domain/errors";
import type {
  CollectionCreateSchema,
  CollectionPatchSchema,
  PagePatchSchema,
} from "../../../domain/schemas/staff";
import { STAFF_MESSAGES, windowValid } from "../../../domain/staff";
import type { Db } from "../../db/client";
import {
  deals,
  modularPageItems,
  modularPages,
  type SmartCollectionDisplay,
  smartCollectionDeals,
  smartCollections,
  staticComponents,
} from "../../db/schema";
import type { PageEvents } from "../cache/page-events";
import { type Actor, allPages, createAuditedWrite, type Tx } from "./audit";
import { type ListQuery, matchingAny, pagedRows, sortOrder } from "./paging";
import { defined, iso, uniqueOr } from "./shared";

/** The pages and collections tables' sort keys. */
const PAGE_SORT = {
  slug: modularPages.slug,
  title: modularPages.title,
  layout: modularPages.layout,
  updated: modularPages.updatedAt,
};
const COLLECTION_SORT = {
  slug: smartCollections.slug,
  title: smartCollections.title,
  type: smartCollections.modularComponentType,
  updated: smartCollections.updatedAt,
};

type Schedule = { start_date?: string | null; end_date?: string | null };
type CollectionRow = typeof smartCollections.$inferSelect;
type Display = SmartCollectionDisplay & { text_color?: string | null };

function collectionJson(c: CollectionRow, dealIds: number[]) {
  const display = (c.display ?? {}) as Display;
  const schedule = (c.modularData?.schedule ?? {}) as Schedule;
  return {
    id: c.id,
    slug: c.slug,
    title: c.title,
    subheader: c.subheader,
    modular_component_type: c.modularComponentType,
    component_type: c.componentType,
    zone: c.zone,
    deals: dealIds,
    deal_count: dealIds.length,
    background_color: display.background_color ?? null,
    text_color: display.text_color ?? null,
    start_date: schedule.start_date ?? null,
    end_date: schedule.end_date ?? null,
    updated: iso(c.updatedAt),
  };
}

export function createStaffPageService(deps: { db: Db; pageEvents: PageEvents }) {
  const { db } = deps;
  const auditedWrite = createAuditedWrite(deps);

  async function loadPage(tx: Tx | Db, slug: string) {
    const [page] = await tx.select().from(modularPages).where(eq(modularPages.slug, slug));
    if (!page) throw notFound();
    return page;
  }

  async function pageJson(tx: Tx | Db, page: typeof modularPages.$inferSelect) {
    const items = await tx
      .select({
        id: modularPageItems.id,
        position: modularPageItems.position,
        collectionId: modularPageItems.smartCollectionId,
        collectionTitle: smartCollections.title,
        componentId: modularPageItems.staticComponentId,
        componentType: staticComponents.modularComponentType,
        componentName: staticComponents.name,
        startDate: modularPageItems.startDate,
        endDate: modularPageItems.endDate,
      })
      .from(modularPageItems)
      .leftJoin(smartCollections, eq(smartCollections.id, modularPageItems.smartCollectionId))
      .leftJoin(staticComponents, eq(staticComponents.id, modularPageItems.staticComponentId))
      .where(eq(modularPageItems.pageId, page.id))
      .orderBy(asc(modularPageItems.position), asc(modularPageItems.id));
    return {
      id: page.id,
      slug: page.slug,
      title: page.title,
      layout: page.layout,
      seo_meta: page.seoMeta,
      deal_id: page.dealId,
      collections: items.filter((i) => i.collectionId != null).map((i) => i.collectionId as number),
      items: items.map((i) => ({
        id: i.id,
        position: i.position,
        kind: i.collectionId != null ? ("collection" as const) : ("block" as const),
        collection_id: i.collectionId,
        static_component_id: i.componentId,
        title: i.collectionTitle ?? i.componentName ?? i.componentType,
        start_date: iso(i.startDate),
        end_date: iso(i.endDate),
      })),
      updated: iso(page.updatedAt),
    };
  }

  async function listPages(query: ListQuery) {
    const cond = matchingAny(query.query, modularPages.slug, modularPages.title);
    const order = sortOrder(query.sort, PAGE_SORT, [asc(modularPages.slug)], modularPages.id);
    const { rows, table } = await pagedRows(db, modularPages, cond, order, query.page);
    return table(
      rows.map((p) => ({
        id: p.id,
        slug: p.slug,
        title: p.title,
        layout: p.layout,
        deal_id: p.dealId,
        updated: iso(p.updatedAt),
      })),
    );
  }

  async function getPage(slug: string) {
    return pageJson(db, await loadPage(db, slug));
  }

  /**
   * Layout, title, SEO and the order of the page's collections. The collections fill the
   * collection slots in their new order (blocks keep their places); extra ones go at the end.
   */
  async function patchPage(actor: Actor, slug: string, body: z.infer<typeof PagePatchSchema>) {
    return auditedWrite(actor, { action: "page.update", entity: "page" }, async (tx) => {
      const page = await loadPage(tx, slug);
      const before = await pageJson(tx, page);
      await tx
        .update(modularPages)
        .set({
          ...defined({ title: body.title, layout: body.layout, seoMeta: body.seo_meta }),
          updatedAt: new Date(),
        })
        .where(eq(modularPages.id, page.id));
      if (body.collections) {
        const wanted = [...new Set(body.collections)];
        const found = wanted.length
          ? await tx.select().from(smartCollections).where(inArray(smartCollections.id, wanted))
          : [];
        if (found.length !== wanted.length)
          throw fieldError("collections", STAFF_MESSAGES.unknownCollection);
        const byId = new Map(found.map((c) => [c.id, c]));
        const slots = before.items;
        const collectionSlots = slots.filter((i) => i.kind === "collection");
        await tx
          .delete(modularPageItems)
          .where(
            and(
              eq(modularPageItems.pageId, page.id),
              isNotNull(modularPageItems.smartCollectionId),
            ),
          );
        const keep = new Map(collectionSlots.map((s) => [s.collection_id, s]));
        const positions = collectionSlots.map((s) => s.position);
        let next = Math.max(-1, ...slots.map((s) => s.position)) + 1;
        for (const [i, id] of wanted.entries()) {
          const old = keep.get(id);
          const schedule = (byId.get(id)?.modularData?.schedule ?? {}) as Schedule;
          const position = positions[i] ?? next++;
          await tx.insert(modularPageItems).values({
            pageId: page.id,
            position,
            smartCollectionId: id,
            startDate: old?.start_date
              ? new Date(old.start_date)
              : schedule.start_date
                ? new Date(schedule.start_date)
                : null,
            endDate: old?.end_date
              ? new Date(old.end_date)
              : schedule.end_date
                ? new Date(schedule.end_date)
                : null,
          });
        }
      }
      const after = await pageJson(tx, await loadPage(tx, slug));
      return { result: after, id: page.id, before, after, pages: [allPages] };
    });
  }

  // --- Collections ---------------------------------------------------------------------------

  async function dealIdsOf(tx: Tx | Db, ids: number[]) {
    const map = new Map<number, number[]>();
    if (!ids.length) return map;
    const rows = await tx
      .select({ c: smartCollectionDeals.smartCollectionId, d: smartCollectionDeals.dealId })
      .from(smartCollectionDeals)
      .where(inArray(smartCollectionDeals.smartCollectionId, ids))
      .orderBy(asc(smartCollectionDeals.position), asc(smartCollectionDeals.dealId));
    for (const r of rows) map.set(r.c, [...(map.get(r.c) ?? []), r.d]);
    return map;
  }

  async function listCollections(query: ListQuery) {
    const cond = matchingAny(query.query, smartCollections.slug, smartCollections.title);
    const order = sortOrder(
      query.sort,
      COLLECTION_SORT,
      [asc(smartCollections.slug)],
      smartCollections.id,
    );
    const { rows, table } = await pagedRows(db, smartCollections, cond, order, query.page);
    const dealIds = await dealIdsOf(
      db,
      rows.map((r) => r.id),
    );
    return table(rows.map((r) => collectionJson(r, dealIds.get(r.id) ?? [])));
  }

  async function loadCollection(tx: Tx | Db, id: number) {
    const [row] = await tx.select().from(smartCollections).where(eq(smartCollections.id, id));
    if (!row) throw notFound();
    return collectionJson(row, (await dealIdsOf(tx, [id])).get(id) ?? []);
  }

  async function setDeals(tx: Tx, collectionId: number, ids: number[]) {
    const wanted = [...new Set(ids)];
    if (wanted.length) {
      const found = await tx.select({ id: deals.id }).from(deals).where(inArray(deals.id, wanted));
      if (found.length !== wanted.length) throw fieldError("deals", STAFF_MESSAGES.unknownDeal);
    }
    await tx
      .delete(smartCollectionDeals)
      .where(eq(smartCollectionDeals.smartCollectionId, collectionId));
    if (wanted.length) {
      await tx
        .insert(smartCollectionDeals)
        .values(
          wanted.map((dealId, position) => ({ smartCollectionId: collectionId, dealId, position })),
        );
    }
  }

  function checkWindow(start: Date | null | undefined, end: Date | null | undefined) {
    if (!windowValid(start, end)) throw fieldError("end_date", STAFF_MESSAGES.endBeforeStart);
  }

  async function createCollection(actor: Actor, body: z.infer<typeof CollectionCreateSchema>) {
    checkWindow(body.start_date, body.end_date);
    return auditedWrite(
      actor,
      { action: "collection.create", entity: "collection" },
      async (tx) => {
        const [row] = await uniqueOr("slug", STAFF_MESSAGES.collectionSlugTaken, () =>
          tx
            .insert(smartCollections)
            .values({
              slug: body.slug,
              title: body.title,
              subheader: body.subheader ?? null,
              modularComponentType: body.modular_component_type,
              componentType: body.component_type,
              zone: body.zone,
              display: {
                background_color: body.background_color ?? undefined,
                text_color: body.text_color ?? undefined,
              } as Display,
              modularData: {
                schedule: { start_date: iso(body.start_date), end_date: iso(body.end_date) },
              },
            })
            .returning(),
        );
        if (!row) throw notFound();
        await setDeals(tx, row.id, body.deals);
        const after = await loadCollection(tx, row.id);
        return { result: after, id: row.id, after, pages: [allPages] };
      },
    );
  }

  async function patchCollection(
    actor: Actor,
    id: number,
    body: z.infer<typeof CollectionPatchSchema>,
  ) {
    const what = { action: "collection.update", entity: "collection", id };
    return auditedWrite(actor, what, async (tx) => {
      const [row] = await tx
        .select()
        .from(smartCollections)
        .where(eq(smartCollections.id, id))
        .for("update");
      if (!row) throw notFound();
      const before = await loadCollection(tx, id);
      const start =
        body.start_date !== undefined
          ? body.start_date
          : before.start_date
            ? new Date(before.start_date)
            : null;
      const end =
        body.end_date !== undefined
          ? body.end_date
          : before.end_date
            ? new Date(before.end_date)
            : null;
      checkWindow(start, end);
      const display: Display = { ...((row.display ?? {}) as Display) };
      if (body.background_color !== undefined)
        display.background_color = body.background_color ?? undefined;
      if (body.text_color !== undefined) display.text_color = body.text_color;
      const scheduleChanged = body.start_date !== undefined || body.end_date !== undefined;
      await uniqueOr("slug", STAFF_MESSAGES.collectionSlugTaken, () =>
        tx
          .update(smartCollections)
          .set({
            ...defined({
              slug: body.slug,
              title: body.title,
              subheader: body.subheader,
              modularComponentType: body.modular_component_type,
              componentType: body.component_type,
              zone: body.zone,
            }),
            display,
            modularData: {
              ...(row.modularData ?? {}),
              schedule: { start_date: iso(start), end_date: iso(end) },
            },
            updatedAt: new Date(),
          })
          .where(eq(smartCollections.id, id)),
      );
      if (scheduleChanged) {
        await tx
          .update(modularPageItems)
          .set({ startDate: start, endDate: end })
          .where(eq(modularPageItems.smartCollectionId, id));
      }
      if (body.deals) await setDeals(tx, id, body.deals);
      const after = await loadCollection(tx, id);
      return { result: after, before, after, pages: [allPages] };
    });
  }

  /** Every collection as a choice for a form (id, slug, title), by title. */
  async function collectionChoices() {
    return db
      .select({
        id: smartCollections.id,
        slug: smartCollections.slug,
        title: smartCollections.title,
      })
      .from(smartCollections)
      .orderBy(asc(smartCollections.title), asc(smartCollections.id))
      .limit(1000);
  }

  /** The named deals' slugs and public names (for a collection's ordered list). */
  async function dealNames(ids: number[]) {
    if (!ids.length) return [];
    return db
      .select({ id: deals.id, slug: deals.slug, name: deals.publicName, is_draft: deals.isDraft })
      .from(deals)
      .where(inArray(deals.id, ids));
  }

  return {
    collectionChoices,
    dealNames,
    listPages,
    getPage,
    patchPage,
    listCollections,
    createCollection,
    patchCollection,
    getCollection: (id: number) => loadCollection(db, id),
  };
}

export type StaffPageService = ReturnType<typeof createStaffPageService>;
