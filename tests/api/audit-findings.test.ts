import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, comments, deals } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";

// Issue 31, "Staff writes that never reach the audit log": each of the four writes the issue
// found outside the log now leaves its row, with the actor's role, before and after.
const app = await createTestApp();
const db = app.database.db;

const dealIdOf = async (slug: string) => {
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.slug, slug));
  if (!row) throw new Error(`no deal ${slug}`);
  return row.id;
};

const entries = (action: string, entityId?: number) =>
  db
    .select()
    .from(auditLog)
    .where(
      entityId === undefined
        ? eq(auditLog.action, action)
        : and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)),
    )
    .orderBy(desc(auditLog.id));

/** Approved top-level reviews of the deal from the demo data, a different one per call. */
let taken = 0;
async function publicReview(slug: string) {
  const dealId = await dealIdOf(slug);
  const rows = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.dealId, dealId),
        eq(comments.kind, "review"),
        isNull(comments.parentId),
        eq(comments.status, "approved"),
      ),
    )
    .orderBy(asc(comments.id));
  const row = rows[taken++];
  if (!row) throw new Error(`not enough reviews of ${slug}`);
  return { dealId, id: row.id };
}

describe("staff writes the issue found outside the audit log", () => {
  it("a staff delete of a shopper's review is audited with the review as it was", async () => {
    const staff = await app.login("staff@payonce.test");
    const { dealId, id } = await publicReview("taskflow");
    const res = await app.send(
      "DELETE",
      `/api/v2/deals/${dealId}/reviews/${id}/`,
      undefined,
      staff,
    );
    expect(res.statusCode).toBe(204);
    const [entry] = await entries("review.delete", id);
    expect(entry).toMatchObject({ actorEmail: "staff@payonce.test", actorRole: "staff" });
    expect(entry?.before).toMatchObject({ id, kind: "review", deal_id: dealId });
    expect(entry?.after).toBeNull();
  });

  it("a currency rate change is audited with the old and the new rate", async () => {
    const staff = await app.login("staff@payonce.test");
    const first = await app.send("PUT", "/api/currency-rates/CHF/", { rate: 0.9 }, staff);
    expect(first.statusCode).toBe(200);
    const second = await app.send("PUT", "/api/currency-rates/CHF/", { rate: 0.95 }, staff);
    expect(second.statusCode).toBe(200);
    const [latest] = await entries("currency_rate.update");
    expect(latest).toMatchObject({ actorEmail: "staff@payonce.test", actorRole: "staff" });
    expect(latest?.before).toMatchObject({ currency: "CHF", rate: 0.9 });
    expect(latest?.after).toMatchObject({ currency: "CHF", rate: 0.95 });
  });

  it("a restock is audited with the deal's state before and after", async () => {
    const staff = await app.login("staff@payonce.test");
    const res = await app.send(
      "POST",
      "/api/staff/deals/mailbeam/restock/",
      { quantity: 50 },
      staff,
    );
    expect(res.statusCode).toBe(200);
    const dealId = await dealIdOf("mailbeam");
    const [entry] = await entries("deal.restock", dealId);
    expect(entry).toMatchObject({ actorEmail: "staff@payonce.test", actorRole: "staff" });
    expect(entry?.before).toMatchObject({ deal_status: "Ended" });
    expect(entry?.after).toMatchObject({ deal_status: "Public", quantity: 50 });
  });

  it("a partner or a user moderator editing their own reply is audited", async () => {
    const { dealId, id } = await publicReview("taskflow");
    for (const [email, role] of [
      ["partner@payonce.test", "partner"],
      ["moderator@payonce.test", "moderator"],
    ] as const) {
      const who = await app.login(email);
      const reply = await app.send(
        "POST",
        `/api/v2/deals/${dealId}/reviews/${id}/reply/`,
        { comment: `First word from the ${role}.` },
        who,
      );
      expect(reply.statusCode).toBe(201);
      const replyId = (reply.json() as { id: number }).id;
      const edit = await app.send(
        "PUT",
        `/api/v2/deals/${dealId}/reviews/${replyId}/edit/`,
        { comment: `Second word from the ${role}.` },
        who,
      );
      expect(edit.statusCode).toBe(200);
      const [entry] = await entries("review.edit", replyId);
      expect(entry).toMatchObject({ actorEmail: email, actorRole: role });
      expect(entry?.before).toMatchObject({ comment: `First word from the ${role}.` });
      expect(entry?.after).toMatchObject({ comment: `Second word from the ${role}.` });
      const [row] = await db.select().from(comments).where(eq(comments.id, replyId));
      expect(row?.comment).toBe(`Second word from the ${role}.`);
    }
  });
});
