import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadEditPage, loadNewPage } from "../../app/discussions/form-page.server";
import { loadItemPage } from "../../app/discussions/item-page.server";
import { loadListPage } from "../../app/discussions/list-page.server";
import type { Ctx } from "../../app/discussions/page-context.server";
import { threadAction } from "../../app/discussions/thread-actions.server";
import { MODERATION_REASON_MAX } from "../../domain/constants";
import { comments, userEmails } from "../../server/db/schema";
import { type Credentials, createTestApp, type TestApp } from "../helpers/app";
import { addPlan, checkout, dealPlans, newBuyer } from "../helpers/commerce";
import type { Item, Reply } from "../helpers/discussions";

// Issue 33, "moderation the author can see" (decision 067): the author of a declined or pending
// review, question or reply sees it (API and pages) with its status and the moderator's reason,
// edits it back to pending (resolved cleared) or deletes it; nobody else sees it; user_status and
// the write prompts lead to their one review rather than to a second one (409).

let app: TestApp;
let dealId: number;
const SLUG = "taskflow";
const creds: Record<string, Credentials> = {};

type Json = Item & { moderation_reason: string | null; resolved: boolean };
type ReplyJson = Reply & { moderation_reason: string | null };

const base = (kind: "reviews" | "questions") => `/api/v2/deals/${dealId}/${kind}`;
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who?: string,
  body?: unknown,
) => app.send(method, url, body, who ? creds[who] : undefined);

/** A member of the test's own: signed up, e-mail verified, owner of the deal. */
async function verifiedBuyer(tag: string): Promise<Credentials> {
  const buyer = await newBuyer(app, tag);
  await app.database.db
    .update(userEmails)
    .set({ verified: true })
    .where(eq(userEmails.userId, buyer.id));
  // A new session reads the verified address.
  const signedIn = await app.login(buyer.email, "correct horse 1");
  const deal = await dealPlans(app, SLUG);
  expect((await addPlan(app, signedIn, deal, 1)).statusCode).toBeLessThan(300);
  const paid = await checkout(app, signedIn, { payment_method: "pm_card_visa" });
  expect(paid.statusCode, paid.body).toBeLessThan(300);
  return signedIn;
}

/** The pages' context for a signed-in member (or a visitor). */
async function pageCtx(who?: string) {
  const session = who ? await app.services.sessions.load(creds[who]?.cookies.sessionid) : null;
  return {
    services: app.services,
    session,
    publicConfig: { publicUrl: "http://localhost", reportListingUrl: "https://example.com/r" },
  } as unknown as Ctx & { publicConfig: { publicUrl: string } };
}

const request = (path: string, init?: RequestInit) => new Request(`http://localhost${path}`, init);

/** The status of what a loader throws: a redirect (a Response) or the 404 page's data(). */
async function thrownStatus(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof Response) return err.status;
    const init = (err as { init?: { status?: number } } | null)?.init;
    if (init?.status) return init.status;
    throw err;
  }
  throw new Error("expected the loader to throw");
}

async function newReview(who: string, title = "Too many clicks") {
  const res = await call("POST", `${base("reviews")}/`, who, {
    title,
    rating: 2,
    comment: "The setup took me an hour.",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json;
}

beforeAll(async () => {
  app = await createTestApp();
  dealId = (await dealPlans(app, SLUG)).deal.id;
  for (const who of ["staff", "partner", "moderator", "buyer"]) {
    creds[who] = await app.login(`${who}@payonce.test`);
  }
  creds.author = await verifiedBuyer("author");
  creds.other = await verifiedBuyer("other");
});

describe("a declined review, as its author sees it", () => {
  let review: Json;
  const REASON = "Please describe the tool, not the support ticket.";

  beforeAll(async () => {
    review = await newReview("author");
    // "declined" is taken as the contract's "denied"; the reason is kept for the author.
    const res = await call("POST", `${base("reviews")}/${review.id}/approve/`, "staff", {
      approved: "declined",
      moderation_reason: `  ${REASON}  `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "declined", moderation_reason: REASON });
  });

  it("the author reads it with its status and reason; nobody else sees it", async () => {
    const mine = await call("GET", `${base("reviews")}/${review.id}/`, "author");
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ status: "declined", moderation_reason: REASON });
    expect((await call("GET", `${base("reviews")}/${review.id}/`, "other")).statusCode).toBe(404);
    expect((await call("GET", `${base("reviews")}/${review.id}/`)).statusCode).toBe(404);
    // The deal's moderators see it too, with the reason.
    const partner = await call("GET", `${base("reviews")}/${review.id}/`, "partner");
    expect(partner.json()).toMatchObject({ moderation_reason: REASON });
  });

  it("is in the author's list (and its total), in no one else's", async () => {
    const list = async (who?: string) =>
      (await call("GET", `${base("reviews")}/?items_per_page=100&rating=2`, who)).json() as {
        comments: Json[];
        meta: { total: number };
      };
    const mine = await list("author");
    const theirs = await list("other");
    const visitor = await list();
    const found = mine.comments.find((c) => c.id === review.id);
    expect(found).toMatchObject({ status: "declined", moderation_reason: REASON });
    expect(mine.meta.total).toBe(theirs.meta.total + 1);
    expect(theirs.comments.map((c) => c.id)).not.toContain(review.id);
    expect(visitor.comments.map((c) => c.id)).not.toContain(review.id);
    // No one else's answer carries a reason.
    for (const c of [...theirs.comments, ...visitor.comments])
      expect(c.moderation_reason).toBeNull();
  });

  it("user_status names it, and a second review is still refused (409)", async () => {
    const status = (await call("GET", `/api/v2/deals/${dealId}/user_status/`, "author")).json();
    expect(status).toMatchObject({
      user_has_reviewed: true,
      user_review: {
        id: review.id,
        status: "declined",
        edit_path: `/products/${SLUG}/reviews/${review.id}/edit/`,
      },
    });
    expect((await call("GET", `/api/v2/deals/${dealId}/user_status/`)).json()).toMatchObject({
      user_review: null,
    });
    const again = await call("POST", `${base("reviews")}/`, "author", {
      title: "Second try",
      rating: 3,
      comment: "x",
    });
    expect(again.statusCode).toBe(409);
  });

  it("its page, its edit page and the write prompts lead the author to it", async () => {
    const ctx = await pageCtx("author");
    const page = await loadItemPage(
      ctx,
      "review",
      SLUG,
      String(review.id),
      request(review.display_path),
    ).catch((err: unknown) => {
      // The page's one address: a 301 to it when the segment differs.
      if (err instanceof Response) return err;
      throw err;
    });
    const data =
      page instanceof Response
        ? await loadItemPage(
            ctx,
            "review",
            SLUG,
            (page.headers.get("location") ?? "").split("/").at(-2) ?? "",
            request(page.headers.get("location") ?? ""),
          )
        : page;
    expect(data.item).toMatchObject({ status: "declined", moderationReason: REASON });
    const edit = `/products/${SLUG}/reviews/${review.id}/edit/`;
    expect(data.prompt).toEqual({ type: "edit", href: edit, status: "declined" });

    const editPage = await loadEditPage(ctx, "review", SLUG, String(review.id), request(edit));
    expect(editPage.item).toMatchObject({ status: "declined", moderationReason: REASON });

    const newPage = await loadNewPage(
      ctx,
      "review",
      SLUG,
      request(`/products/${SLUG}/reviews/new/`),
    );
    expect(newPage.alreadyReviewed).toBe(true);
    expect(newPage.prompt).toEqual({ type: "edit", href: edit, status: "declined" });

    const listPage = await loadListPage(ctx, "review", SLUG, request(`/products/${SLUG}/reviews/`));
    expect(listPage.prompt).toEqual({ type: "edit", href: edit, status: "declined" });

    // Another member: the item page is a 404, and their prompt is their own.
    const other = await pageCtx("other");
    expect(
      await thrownStatus(
        loadItemPage(other, "review", SLUG, String(review.id), request(review.display_path)),
      ),
    ).toBe(404);
  });

  it("an edit sends it back to pending and clears resolved; approval clears the reason", async () => {
    const resolve = await call("POST", `${base("reviews")}/${review.id}/resolve/`, "staff", {
      resolved: true,
    });
    expect(resolve.json()).toMatchObject({ resolved: true });
    const edited = await call("PUT", `${base("reviews")}/${review.id}/edit/`, "author", {
      title: "Setup is slow, the tool is good",
      rating: 3,
      comment: "Once set up, it runs well.",
    });
    expect(edited.statusCode, edited.body).toBe(200);
    // Pending again and waiting for a moderator: not resolved; the reason stays for the author.
    expect(edited.json()).toMatchObject({
      status: "pending",
      resolved: false,
      moderation_reason: REASON,
    });
    const [row] = await app.database.db.select().from(comments).where(eq(comments.id, review.id));
    expect(row).toMatchObject({ status: "pending", resolved: false });
    expect(
      (await call("GET", `/api/v2/deals/${dealId}/user_status/`, "author")).json().user_review,
    ).toMatchObject({ status: "pending" });

    const approved = await call("POST", `${base("reviews")}/${review.id}/approve/`, "partner", {
      approved: "approved",
    });
    expect(approved.json()).toMatchObject({ status: "approved", moderation_reason: null });
    const [after] = await app.database.db
      .select({ reason: comments.moderationReason })
      .from(comments)
      .where(eq(comments.id, review.id));
    expect(after?.reason).toBeNull();
  });
});

describe("declining with a reason", () => {
  it("partners and user moderators may give one; bad reasons are a 400", async () => {
    const review = await newReview("other", "Pricey for what it does");
    const path = `${base("reviews")}/${review.id}/approve/`;
    const tooLong = await call("POST", path, "moderator", {
      approved: "denied",
      moderation_reason: "x".repeat(MODERATION_REASON_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json())).toEqual(["moderation_reason"]);
    expect(
      (await call("POST", path, "moderator", { approved: "denied", moderation_reason: 5 }))
        .statusCode,
    ).toBe(400);
    const res = await call("POST", path, "moderator", {
      approved: "denied",
      moderation_reason: "Off topic.",
    });
    expect(res.json()).toMatchObject({ status: "declined", moderation_reason: "Off topic." });
    // Staff may change the reason of a declined item; an empty one is none.
    const cleared = await call("POST", path, "staff", {
      approved: "denied",
      moderation_reason: "",
    });
    expect(cleared.json()).toMatchObject({ status: "declined", moderation_reason: null });
    // A shopper may not moderate at all (nor see the declined item: 404).
    expect(
      (await call("POST", path, "buyer", { approved: "denied", moderation_reason: "no" }))
        .statusCode,
    ).toBe(404);
    // The author deletes it.
    expect((await call("DELETE", `${base("reviews")}/${review.id}/`, "other")).statusCode).toBe(
      204,
    );
    expect((await call("GET", `${base("reviews")}/${review.id}/`, "other")).statusCode).toBe(404);
    expect(
      (await call("GET", `/api/v2/deals/${dealId}/user_status/`, "other")).json(),
    ).toMatchObject({ user_has_reviewed: false, user_review: null });
  });

  it("the page door (the cards' Decline) takes the reason too, and it is audited", async () => {
    const q = await call("POST", `${base("questions")}/`, "author", {
      title: "Does it sync with Outlook?",
    });
    const id = (q.json() as Json).id;
    const form = new URLSearchParams({
      intent: "approve",
      id: String(id),
      approved: "denied",
      moderation_reason: "Asked and answered in the FAQ.",
    });
    const answer = await threadAction(
      await pageCtx("staff"),
      "question",
      SLUG,
      request(`/products/${SLUG}/questions/`, { method: "POST", body: form }),
    );
    expect(answer).toMatchObject({ ok: true, intent: "approve", id });
    const mine = await call("GET", `${base("questions")}/${id}/`, "author");
    expect(mine.json()).toMatchObject({
      status: "declined",
      moderation_reason: "Asked and answered in the FAQ.",
    });
    const audit = await call("GET", "/api/staff/audit/", "staff");
    expect(audit.body).toContain("Asked and answered in the FAQ.");
  });
});

describe("a declined reply, as its author sees it", () => {
  it("shows in the thread to its author with the reason, to no one else", async () => {
    const q = await call("POST", `${base("questions")}/`, "other", { title: "Is there an API?" });
    const qid = (q.json() as Json).id;
    await call("POST", `${base("questions")}/${qid}/approve/`, "staff", { approved: "approved" });
    const r = await call("POST", `${base("questions")}/${qid}/reply/`, "author", {
      comment: "Buy my plugin instead!",
    });
    expect(r.statusCode, r.body).toBe(201);
    const rid = (r.json() as ReplyJson).id;
    await call("POST", `${base("questions")}/${rid}/approve/`, "staff", {
      approved: "denied",
      moderation_reason: "No advertising.",
    });
    const thread = async (who?: string) =>
      ((await call("GET", `${base("questions")}/${qid}/`, who)).json() as Json)
        .children as ReplyJson[];
    expect((await thread("author")).find((c) => c.id === rid)).toMatchObject({
      status: "declined",
      moderation_reason: "No advertising.",
    });
    expect((await thread("other")).map((c) => c.id)).not.toContain(rid);
    expect((await thread()).map((c) => c.id)).not.toContain(rid);
    // Edited, it waits for a moderator again.
    const edited = await call("PUT", `${base("questions")}/${rid}/edit/`, "author", {
      comment: "The API docs are linked in the footer.",
    });
    expect(edited.json()).toMatchObject({ status: "pending" });
  });
});
