import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartAction } from "../../app/cart/cart.server";
import type { appContext } from "../../app/context";
import { PLUS_DEAL_SLUG } from "../../domain/constants";
import { isDomainError } from "../../domain/errors";
import { DEAL_SOLD_OUT, PLUS_REQUIRED } from "../../domain/messages";
import { testConfig } from "../../server/config";
import { deals } from "../../server/db/schema";
import { cartActorOf } from "../../server/web/actor";
import { pageCookies } from "../../server/web/cookies";
import { createTestApp } from "../helpers/app";
import { dealPlans, freshCart } from "../helpers/commerce";

// Issue 31, "one use case, two doors": adding a Plus-only plan for a non-member is refused with a
// typed code ("plus_required"), not a message to match, and the Plus-first step (Plus into the
// cart first, then the plan) is the cart service's, in one transaction, for the API (withPlus)
// and the product page's form alike.

const app = await createTestApp();
const { services } = app;
const vault = await dealPlans(app, "plusvault");
const plus = await dealPlans(app, PLUS_DEAL_SLUG);

type CartJson = { cart_items: { deal: { id: number } }[]; has_plus_deal: boolean };

const dealIdsIn = async (creds: Awaited<ReturnType<typeof freshCart>>) =>
  ((await app.send("GET", "/api/cart/", undefined, creds)).json() as CartJson).cart_items
    .map((i) => i.deal.id)
    .sort();

async function pageContext(token: string) {
  const value = {
    services,
    session: await services.sessions.load(token),
    publicConfig: { reportListingUrl: "", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  };
  return { get: (_key: typeof appContext) => value };
}

describe("the Plus-first step", () => {
  it("is a typed refusal in the service", async () => {
    const shopper = await freshCart(app, "shopper@payonce.test");
    const session = await services.sessions.load(shopper.cookies.sessionid);
    const err = await services.cart
      .addItem(cartActorOf(session), { dealId: vault.deal.id })
      .catch((e: unknown) => e);
    expect(isDomainError(err) && err.code).toBe("plus_required");
  });

  it("answers the API's refusal with its code, and adds nothing", async () => {
    const shopper = await freshCart(app, "shopper@payonce.test");
    const res = await app.send("POST", "/api/cart/items/", { dealId: vault.deal.id }, shopper);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ planId: [PLUS_REQUIRED], code: "plus_required" });
    expect(await dealIdsIn(shopper)).toEqual([]);
  });

  it("adds Plus first, then the plan, in one API call with withPlus", async () => {
    const shopper = await freshCart(app, "shopper@payonce.test");
    const res = await app.send(
      "POST",
      "/api/cart/items/",
      { dealId: vault.deal.id, withPlus: true },
      shopper,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ has_plus_deal: true, item: { id: expect.any(Number) } });
    expect(await dealIdsIn(shopper)).toEqual([plus.deal.id, vault.deal.id].sort());
  });

  it("never leaves Plus alone in the cart when the plan is refused for another reason", async () => {
    const shopper = await freshCart(app, "shopper@payonce.test");
    const ended = new Date(Date.now() - 60_000);
    const [before] = await app.database.db.select().from(deals).where(eq(deals.id, vault.deal.id));
    await app.database.db.update(deals).set({ endDate: ended }).where(eq(deals.id, vault.deal.id));
    try {
      const res = await app.send(
        "POST",
        "/api/cart/items/",
        { dealId: vault.deal.id, withPlus: true },
        shopper,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ planId: [DEAL_SOLD_OUT] });
      expect(await dealIdsIn(shopper)).toEqual([]);
    } finally {
      await app.database.db
        .update(deals)
        .set({ endDate: before?.endDate ?? null })
        .where(eq(deals.id, vault.deal.id));
    }
  });

  it("is the same step on the product page's form without JavaScript", async () => {
    const shopper = await freshCart(app, "shopper@payonce.test");
    const form = new URLSearchParams({ intent: "add", deal: String(vault.deal.id) });
    const thrown = await cartAction(
      await pageContext(shopper.cookies.sessionid ?? ""),
      new Request("http://localhost/cart", { method: "POST", body: form }),
    ).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/cart");
    expect(await dealIdsIn(shopper)).toEqual([plus.deal.id, vault.deal.id].sort());
  });

  it("adds a Plus member's plan without Plus, withPlus or not", async () => {
    const member = await freshCart(app, "plus@payonce.test");
    const res = await app.send(
      "POST",
      "/api/cart/items/",
      { dealId: vault.deal.id, withPlus: true },
      member,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await dealIdsIn(member)).toEqual([vault.deal.id]);
  });
});
