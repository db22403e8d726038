/**
 * The partner portal (issue 16): a partner's deals with their sales and discussion figures, the
 * questions waiting for a reply, and proposed edits of the deal's copy and plans that staff
 * approve (applied then, audited) or decline. A partner sees only the deals they are partner of;
 * any other deal is 404 to them, as if it did not exist.
 */
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { conflict, fieldError, forbidden, invalid, notFound } from "../../../domain/errors";
import type { NeedsReplyQuery, ProposalSchema } from "../../../domain/schemas/staff";
import {
  median,
  PARTNER_SALES_DAYS,
  planPriceError,
  STAFF_MESSAGES,
  tablePage,
} from "../../../domain/staff";
import type { Db } from "../../db/client";
import { comments, dealChangeProposals, dealRoles, deals, plans, users } from "../../db/schema";
import type { PageEvents } from "../cache/page-events";
import { type Actor, allPages, createAuditedWrite, dealPage, type Tx } from "./audit";
import type { StaffDealService } from "./deals";
import { type ListQuery, matchingAny, paged } from "./paging";
import { cents, iso, major } from "./shared";

export type { PARTNER_SALES_DAYS };

type Proposal = z.infer<typeof ProposalSchema>;
type ProposalRow = typeof dealChangeProposals.$inferSelect;

function proposalJson(
  p: ProposalRow,
  extra: { deal_slug?: string; deal_name?: string; proposed_by?: string | null } = {},
) {
  return {
    id: p.id,
    deal_id: p.dealId,
    ...extra,
    changes: p.changes,
    note: p.note,
    status: p.status,
    created: iso(p.createdAt),
    decided_at: iso(p.decidedAt),
  };
}

export function createPartnerService(deps: {
  db: Db;
  pageEvents: PageEvents;
  dealsAdmin: StaffDealService;
}) {
  const { db, dealsAdmin } = deps;
  const auditedWrite = createAuditedWrite(deps);

  async function partnerDealIds(tx: Tx | Db, userId: number): Promise<number[]> {
    const rows = await tx
      .select({ dealId: dealRoles.dealId })
      .from(dealRoles)
      .where(and(eq(dealRoles.userId, userId), eq(dealRoles.role, "partner")));
    return rows.map((r) => r.dealId);
  }

  /** The deal when the user is its partner; 404 otherwise (another deal's partner included). */
  async function requirePartnerOf(tx: Tx | Db, userId: number, dealId: number) {
    const [row] = await tx
      .select({ id: deals.id, slug: deals.slug, name: deals.publicName })
      .from(deals)
      .innerJoin(
        dealRoles,
        and(
          eq(dealRoles.dealId, deals.id),
          eq(dealRoles.userId, userId),
          eq(dealRoles.role, "partner"),
        ),
      )
      .where(eq(deals.id, dealId));
    if (!row) throw notFound();
    return row;
  }

  /**
   * The partner's deals: units sold, revenue and refunds (paid orders; a refunded line counts as
   * a refund, not a sale), rating, review and question counts, unanswered questions and the
   * median time to a founder's first reply (seconds), and daily sales for the chart.
   */
  async function listDeals(userId: number) {
    const ids = await partnerDealIds(db, userId);
    if (ids.length === 0) throw forbidden();
    const rows = await db
      .select({
        id: deals.id,
        slug: deals.slug,
        name: deals.publicName,
        isDraft: deals.isDraft,
        rating: deals.averageRating,
        reviewCount: deals.reviewCount,
        questionCount: deals.commentCount,
      })
      .from(deals)
      .where(inArray(deals.id, ids))
      .orderBy(asc(deals.id));
    const sales = await db.execute<{
      deal_id: number;
      units: number;
      revenue: number;
      refunds: number;
      refunded: number;
    }>(sql`select ii.deal_id,
        coalesce(sum(ii.quantity) filter (where ii.refunded_at is null), 0)::int as units,
        coalesce(sum(greatest(ii.price_cents - ii.discount_cents, 0)) filter (where ii.refunded_at is null), 0)::int as revenue,
        count(*) filter (where ii.refunded_at is not null)::int as refunds,
        coalesce(sum(greatest(ii.price_cents - ii.discount_cents, 0)) filter (where ii.refunded_at is not null), 0)::int as refunded
      from invoice_items ii join orders o on o.id = ii.order_id
      where ii.deal_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and o.status in ('paid', 'refunded')
      group by ii.deal_id`);
    const daily = await db.execute<{
      deal_id: number;
      day: string;
      units: number;
      revenue: number;
    }>(
      sql`select ii.deal_id, to_char(date_trunc('day', coalesce(o.paid_at, o.created_at) at time zone 'UTC'), 'YYYY-MM-DD') as day,
        coalesce(sum(ii.quantity), 0)::int as units,
        coalesce(sum(greatest(ii.price_cents - ii.discount_cents, 0)), 0)::int as revenue
      from invoice_items ii join orders o on o.id = ii.order_id
      where ii.deal_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) and o.status in ('paid', 'refunded')
        and ii.refunded_at is null
        and coalesce(o.paid_at, o.created_at) >= now() - make_interval(days => ${PARTNER_SALES_DAYS})
      group by 1, 2 order by 2`,
    );
    const questions = await db
      .select({
        dealId: comments.dealId,
        createdAt: comments.createdAt,
        firstReply: comments.firstFounderReplyAt,
        hasReply: comments.hasFounderReply,
        status: comments.status,
      })
      .from(comments)
      .where(
        and(
          inArray(comments.dealId, ids),
          eq(comments.kind, "question"),
          isNull(comments.parentId),
          ne(comments.status, "declined"),
        ),
      );
    const salesRows =
      (sales as unknown as { rows?: unknown[] }).rows ?? (sales as unknown as unknown[]);
    const dailyRows =
      (daily as unknown as { rows?: unknown[] }).rows ?? (daily as unknown as unknown[]);
    const byDeal = new Map(
      (
        salesRows as {
          deal_id: number;
          units: number;
          revenue: number;
          refunds: number;
          refunded: number;
        }[]
      ).map((r) => [Number(r.deal_id), r]),
    );
    return {
      items: rows.map((d) => {
        const s = byDeal.get(d.id);
        const qs = questions.filter((q) => q.dealId === d.id);
        const answered = qs.flatMap((q) =>
          q.firstReply ? [new Date(q.firstReply).getTime() - new Date(q.createdAt).getTime()] : [],
        );
        const medianMs = median(answered);
        return {
          id: d.id,
          slug: d.slug,
          name: d.name,
          is_draft: d.isDraft,
          units_sold: Number(s?.units ?? 0),
          revenue: major(Number(s?.revenue ?? 0)),
          refunds: Number(s?.refunds ?? 0),
          refunded: major(Number(s?.refunded ?? 0)),
          rating: Number(d.rating),
          review_count: d.reviewCount,
          question_count: d.questionCount,
          unanswered_questions: qs.filter((q) => !q.hasReply).length,
          median_time_to_answer: medianMs == null ? null : Math.round(medianMs / 1000),
          sales: (dailyRows as { deal_id: number; day: string; units: number; revenue: number }[])
            .filter((r) => Number(r.deal_id) === d.id)
            .map((r) => ({
              day: r.day,
              units: Number(r.units),
              revenue: major(Number(r.revenue)),
            })),
        };
      }),
      total: rows.length,
      page: 1,
      page_size: rows.length,
      pages: 1,
    };
  }

  /**
   * The deal's questions or reviews (top-level), newest first; with needs_reply, those without a
   * founder's reply (declined ones left out), oldest first. Answered through `reply_url`, the
   * discussion's own reply call.
   */
  async function threads(
    userId: number,
    dealId: number,
    kind: "question" | "review",
    q: z.infer<typeof NeedsReplyQuery>,
  ) {
    await requirePartnerOf(db, userId, dealId);
    const conds: SQL[] = [
      eq(comments.dealId, dealId),
      eq(comments.kind, kind),
      isNull(comments.parentId),
    ];
    if (q.needs_reply === "1")
      conds.push(eq(comments.hasFounderReply, false), ne(comments.status, "declined"));
    const cond = and(...conds);
    const order =
      q.needs_reply === "1"
        ? [asc(comments.createdAt), asc(comments.id)]
        : [desc(comments.createdAt), desc(comments.id)];
    const { rows, table } = await paged(
      q.page,
      (limit, offset) =>
        db
          .select({ c: comments, username: users.username })
          .from(comments)
          .leftJoin(users, eq(users.id, comments.userId))
          .where(cond)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      () => db.select({ n: count() }).from(comments).where(cond),
    );
    return table(
      rows.map(({ c, username }) => ({
        id: c.id,
        title: c.title,
        comment: c.comment,
        ...(kind === "review" ? { rating: c.rating } : {}),
        status: c.status,
        user: c.userId ? { id: c.userId, username } : null,
        reply_count: c.replyCount,
        has_founder_reply: c.hasFounderReply,
        first_founder_reply_at: iso(c.firstFounderReplyAt),
        created: iso(c.createdAt),
        reply_url: `/api/v2/deals/${dealId}/${kind}s/${c.id}/reply/`,
      })),
    );
  }

  const questions = (userId: number, dealId: number, q: z.infer<typeof NeedsReplyQuery>) =>
    threads(userId, dealId, "question", q);
  const reviews = (userId: number, dealId: number, q: z.infer<typeof NeedsReplyQuery>) =>
    threads(userId, dealId, "review", q);

  /** Checks a proposal against the deal: its plans, and the prices it would leave. */
  async function checkProposal(tx: Tx | Db, dealId: number, body: Proposal) {
    if (!body.deal && !body.plans?.length)
      throw fieldError("non_field_errors", STAFF_MESSAGES.emptyProposal);
    if (body.deal && Object.keys(body.deal).length === 0 && !body.plans?.length) {
      throw fieldError("non_field_errors", STAFF_MESSAGES.emptyProposal);
    }
    const problems: Record<string, string[]> = {};
    for (const [i, p] of (body.plans ?? []).entries()) {
      const [plan] = await tx
        .select()
        .from(plans)
        .where(and(eq(plans.id, p.id), eq(plans.dealId, dealId)));
      if (!plan) {
        problems[`plans.${i}.id`] = [STAFF_MESSAGES.planNotOfDeal];
        continue;
      }
      const price = p.price !== undefined ? cents(p.price) : plan.priceCents;
      const original =
        p.original_price !== undefined ? cents(p.original_price) : plan.originalPriceCents;
      const problem = planPriceError(price, original);
      if (problem) problems[`plans.${i}.price`] = [problem];
    }
    if (Object.keys(problems).length) throw invalid(problems);
  }

  async function propose(actor: Actor, dealId: number, body: Proposal) {
    return auditedWrite(actor, { action: "proposal.create", entity: "proposal" }, async (tx) => {
      const deal = await requirePartnerOf(tx, actor.id, dealId);
      await checkProposal(tx, dealId, body);
      const changes = {
        ...(body.deal ? { deal: body.deal } : {}),
        ...(body.plans?.length ? { plans: body.plans } : {}),
      };
      const [row] = await tx
        .insert(dealChangeProposals)
        .values({ dealId, proposedByUserId: actor.id, changes, note: body.note || null })
        .returning();
      if (!row) throw notFound();
      const after = proposalJson(row, { deal_slug: deal.slug });
      // Nothing public changes until staff approve it.
      return { result: after, id: row.id, after, pages: "none" };
    });
  }

  async function partnerProposals(userId: number, dealId: number) {
    await requirePartnerOf(db, userId, dealId);
    const rows = await db
      .select()
      .from(dealChangeProposals)
      .where(eq(dealChangeProposals.dealId, dealId))
      .orderBy(desc(dealChangeProposals.createdAt), desc(dealChangeProposals.id));
    return tablePage(
      rows.map((r) => proposalJson(r)),
      rows.length,
      1,
      Math.max(1, rows.length),
    );
  }

  // --- Staff side ----------------------------------------------------------------------------

  async function staffProposals(q: ListQuery & { status?: string }) {
    const conds: SQL[] = [];
    if (q.status) conds.push(eq(dealChangeProposals.status, q.status as ProposalRow["status"]));
    const text = matchingAny(q.query, deals.slug, deals.publicName);
    if (text) conds.push(text);
    const cond = conds.length ? and(...conds) : undefined;
    const { rows, table } = await paged(
      q.page,
      (limit, offset) =>
        db
          .select({
            p: dealChangeProposals,
            slug: deals.slug,
            name: deals.publicName,
            email: users.email,
          })
          .from(dealChangeProposals)
          .innerJoin(deals, eq(deals.id, dealChangeProposals.dealId))
          .leftJoin(users, eq(users.id, dealChangeProposals.proposedByUserId))
          .where(cond)
          .orderBy(asc(dealChangeProposals.createdAt), asc(dealChangeProposals.id))
          .limit(limit)
          .offset(offset),
      () =>
        db
          .select({ n: count() })
          .from(dealChangeProposals)
          .innerJoin(deals, eq(deals.id, dealChangeProposals.dealId))
          .where(cond),
    );
    return table(
      rows.map((r) =>
        proposalJson(r.p, { deal_slug: r.slug, deal_name: r.name, proposed_by: r.email }),
      ),
    );
  }

  /** Staff approve (the changes are applied as staff edits) or decline a pending proposal. */
  async function decide(actor: Actor, id: number, decision: "approve" | "decline") {
    const what = { action: `proposal.${decision}`, entity: "proposal", id };
    return auditedWrite(actor, what, async (tx) => {
      const [row] = await tx
        .select()
        .from(dealChangeProposals)
        .where(eq(dealChangeProposals.id, id))
        .for("update");
      if (!row) throw notFound();
      if (row.status !== "pending") throw conflict(STAFF_MESSAGES.proposalDecided);
      const before = { deal: null as unknown, plans: null as unknown };
      let after: { deal: unknown; plans: unknown } = { deal: null, plans: null };
      if (decision === "approve") {
        const body = row.changes as Proposal;
        await checkProposal(tx, row.dealId, body);
        const deal = await dealsAdmin.loadDeal(tx, row.dealId, true);
        before.deal = {
          public_name: deal.publicName,
          card_description: deal.cardDescription,
          product_url: deal.productUrl,
          terms: deal.terms,
        };
        before.plans = await dealsAdmin.plansOf(tx, row.dealId);
        if (body.deal) {
          const d = body.deal;
          await tx
            .update(deals)
            .set({
              ...(d.public_name !== undefined ? { publicName: d.public_name } : {}),
              ...(d.card_description !== undefined ? { cardDescription: d.card_description } : {}),
              ...(d.product_url !== undefined ? { productUrl: d.product_url } : {}),
              ...(d.terms !== undefined ? { terms: d.terms } : {}),
              updatedAt: new Date(),
            })
            .where(eq(deals.id, row.dealId));
        }
        for (const p of body.plans ?? []) {
          const set = {
            ...(p.name !== undefined ? { publicName: p.name } : {}),
            ...(p.price !== undefined
              ? { priceCents: cents(p.price), isFree: cents(p.price) === 0 }
              : {}),
            ...(p.original_price !== undefined
              ? { originalPriceCents: cents(p.original_price) }
              : {}),
          };
          if (Object.keys(set).length) await tx.update(plans).set(set).where(eq(plans.id, p.id));
          if (p.features) await dealsAdmin.setFeatures(tx, row.dealId, p.id, p.features);
        }
        const updated = await dealsAdmin.loadDeal(tx, row.dealId);
        after = {
          deal: {
            public_name: updated.publicName,
            card_description: updated.cardDescription,
            product_url: updated.productUrl,
            terms: updated.terms,
          },
          plans: await dealsAdmin.plansOf(tx, row.dealId),
        };
      }
      const [decided] = await tx
        .update(dealChangeProposals)
        .set({
          status: decision === "approve" ? "approved" : "declined",
          decidedByUserId: actor.id,
          decidedAt: new Date(),
        })
        .where(eq(dealChangeProposals.id, id))
        .returning();
      if (!decided) throw notFound();
      return {
        result: proposalJson(decided),
        before: decision === "approve" ? before : { status: row.status },
        after:
          decision === "approve"
            ? { ...after, status: decided.status }
            : { status: decided.status },
        pages: decision === "approve" ? [dealPage(row.dealId), allPages] : "none",
      };
    });
  }

  return { listDeals, questions, reviews, propose, partnerProposals, staffProposals, decide };
}
