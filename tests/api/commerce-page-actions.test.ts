import { describe, expect, it } from "vitest";
import { formId } from "../../app/account/actions.server";
import { cartAction, loadOrderPage } from "../../app/cart/cart.server";
import type { appContext } from "../../app/context";
import { CART_ITEM_NOT_FOUND } from "../../domain/messages";
import { testConfig } from "../../server/config";
import { pageCookies } from "../../server/web/cookies";
import { isDomainError } from "../../server/web/errors";
import { createTestApp } from "../helpers/app";

// The cart and order pages' server code, called as React Router calls it: ids that are not ids
// (text, above 2147483647) are refused with a message and a 4xx, never a database error.
const app = await createTestApp();
const { services } = app;

async function contextFor(token: string | undefined) {
  const session = token ? await services.sessions.load(token) : null;
  const value = {
    services,
    session,
    publicConfig: { reportListingUrl: "", publicUrl: "http://localhost" },
    cookies: pageCookies(testConfig()),
    cspNonce: "test-nonce",
  };
  return { get: (_key: typeof appContext) => value };
}

const form = (fields: Record<string, string>) =>
  new Request("http://localhost/cart", { method: "POST", body: new URLSearchParams(fields) });

type Answer = { data: { ok: boolean; message: string | null }; init: { status?: number } | null };

describe("cart page actions", () => {
  it("answers a line id that is not one with the not-found message and a 404", async () => {
    const { token } = await services.sessions.start(null, null);
    const context = await contextFor(token);
    for (const item of ["abc", "99999999999", "0", ""]) {
      for (const intent of ["remove", "quantity"]) {
        const res = (await cartAction(context, form({ intent, item, quantity: "2" }))) as Answer;
        expect(res.init?.status).toBe(404);
        expect(res.data).toMatchObject({ ok: false, message: CART_ITEM_NOT_FOUND });
      }
    }
  });

  it("answers a quantity that is not a number with a 400", async () => {
    const { token } = await services.sessions.start(null, null);
    const context = await contextFor(token);
    const res = (await cartAction(
      context,
      form({ intent: "quantity", item: "1", quantity: "abc" }),
    )) as Answer;
    expect(res.init?.status).toBe(400);
    expect(res.data.ok).toBe(false);
  });
});

describe("order page", () => {
  it("is a 404 for an order id that is not one", async () => {
    const creds = await app.login("shopper@payonce.test");
    const context = await contextFor(creds.cookies.sessionid);
    for (const id of ["99999999999", "abc", "0"]) {
      const thrown = await loadOrderPage(
        context,
        new Request(`http://localhost/orders/${id}/`),
        id,
      ).catch((err: unknown) => err);
      expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
    }
  });
});

describe("formId", () => {
  it("reads ids and refuses anything else as not found", () => {
    expect(formId("42")).toBe(42);
    for (const bad of ["abc", "2147483648", "-1", "1.5", null]) {
      let err: unknown;
      try {
        formId(bad);
      } catch (e) {
        err = e;
      }
      expect(isDomainError(err) && err.kind).toBe("not_found");
    }
  });
});

describe("commerce API ids", () => {
  const BIG = "99999999999";
  it("answers ids that are not ids with 404 (path) or 400 (body), never a 500", async () => {
    const creds = await app.login("shopper@payonce.test");
    const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
      app.inject({ method, url, payload, cookies: creds.cookies, headers: creds.headers });
    for (const id of [BIG, "abc"]) {
      expect((await call("GET", `/api/orders/${id}/`)).statusCode).toBe(404);
      expect((await call("PATCH", `/api/cart/items/${id}/`, { quantity: 1 })).statusCode).toBe(404);
      expect((await call("DELETE", `/api/cart/items/${id}/`)).statusCode).toBe(404);
      expect((await call("POST", `/api/users/products/${id}/refund/`, {})).statusCode).toBe(404);
      expect((await call("POST", `/api/rewards/${id}/redeem/`, {})).statusCode).toBe(400);
    }
    const bodies: [string, string, object][] = [
      ["POST", "/account/cards/default/", { card: BIG }],
      ["PATCH", "/api/users/billing/", { entry_id: BIG }],
      ["PATCH", "/api/users/tax/", { entry_id: BIG }],
      ["POST", "/api/plus/cancel-reasons/", { subscription: BIG, reason: "too_expensive" }],
      [
        "POST",
        "/api/users/products/transfer/",
        { invoice_item: BIG, email: "a@b.co", action: "transfer" },
      ],
      ["POST", "/api/cart/items/", { dealId: BIG }],
      ["POST", "/api/cart/addons/", [{ plan_id: BIG }]],
    ];
    for (const [method, url, payload] of bodies) {
      const res = await call(method as "POST" | "PATCH", url, payload);
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
    expect((await call("GET", `/api/plus/cancel-reasons/?subscription_id=${BIG}`)).statusCode).toBe(
      400,
    );
  });
});
