import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CARD_ADDED,
  CARD_ALREADY_SAVED,
  CARD_DEFAULT_SET,
  CARD_EXPIRED,
  CARD_PAYS_PLUS,
  CARD_REMOVED,
} from "../../domain/account";
import {
  COUNTRY_REQUIRED,
  INVALID_PAYMENT_METHOD_ID,
  invalidPostalCode,
  MISSING_CARD_ID,
  MISSING_PAYMENT_METHOD,
} from "../../domain/messages";
import { paymentMethods, users } from "../../server/db/schema";
import { type Credentials, createTestApp } from "../helpers/app";

// Saved cards (spec 001 sections 4, 5, 7, 8; contract.md: /account/cards/create|remove|default/).
const app = await createTestApp();
const db = app.database.db;

const post = (url: string, payload: Record<string, unknown>, creds?: Credentials) =>
  app.send("POST", url, payload, creds);
const cardsOf = async (email: string) => {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, u?.id as number));
};
type Card = {
  id: number;
  fingerprint_id: string;
  is_default: boolean;
  is_expired: boolean;
  is_plus: boolean;
  last4: string;
};

describe("card calls need a login", () => {
  it.each([
    ["/account/cards/create/", { payment_method_id: "pm_card_visa" }],
    ["/account/cards/remove/", { fingerprint_id: "fp_x" }],
    ["/account/cards/default/", { card: 1 }],
  ])("%s answers 401 to a visitor", async (url, body) => {
    expect((await post(url, body)).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/users/cards/" })).statusCode).toBe(401);
  });
});

describe("POST /account/cards/create/", () => {
  it("answers the spec's messages for a missing or unknown payment method", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const missing = await post("/account/cards/create/", {}, shopper);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ payment_method_id: [MISSING_PAYMENT_METHOD] });
    const unknown = await post(
      "/account/cards/create/",
      { payment_method_id: "pm_card_nope" },
      shopper,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ payment_method_id: [INVALID_PAYMENT_METHOD_ID] });
    expect(await cardsOf("shopper@payonce.test")).toHaveLength(0);
  });

  it("needs a country, and a valid postal code where the country has one", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const noCountry = await post(
      "/account/cards/create/",
      { payment_method_id: "pm_card_visa" },
      shopper,
    );
    expect(noCountry.statusCode).toBe(400);
    expect(noCountry.json()).toEqual({ country: [COUNTRY_REQUIRED] });
    const badPostal = await post(
      "/account/cards/create/",
      { payment_method_id: "pm_card_visa", country: "US", postal_code: "9" },
      shopper,
    );
    expect(badPostal.json()).toEqual({ postal_code: [invalidPostalCode("12345 or 12345-1234")] });
  });

  it("takes the country from the CDN header when the body has none", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const res = await app.inject({
      method: "POST",
      url: "/account/cards/create/",
      payload: { payment_method_id: "pm_card_jcb" },
      cookies: shopper.cookies,
      headers: { ...shopper.headers, "cf-ipcountry": "JP" },
    });
    expect(res.statusCode).toBe(201);
    expect((await cardsOf("shopper@payonce.test"))[0]).toMatchObject({
      country: "JP",
      last4: "0505",
      isDefault: true,
    });
  });

  it("saves a card from a test token (brand, last4, expiry), first card default, and the same card once", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const res = await post(
      "/account/cards/create/",
      { payment_method_id: "pm_card_mastercard", country: "GB", postal_code: "sw1a 1aa" },
      shopper,
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.detail).toBe(CARD_ADDED);
    const mc = body.cards.find((c: Card) => c.last4 === "4444");
    expect(mc).toMatchObject({
      brand: "mastercard",
      exp_month: 12,
      is_default: false,
      is_expired: false,
      country: "GB",
    });
    expect(body.cards[0].is_default).toBe(true);
    const again = await post(
      "/account/cards/create/",
      { payment_method_id: "pm_card_mastercard", country: "GB", postal_code: "SW1A 1AA" },
      shopper,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().detail).toBe(CARD_ALREADY_SAVED);
    expect(await cardsOf("shopper@payonce.test")).toHaveLength(2);
  });
});

describe("POST /account/cards/default/ and /account/cards/remove/", () => {
  it("moves the default to the front; only the owner's cards; expired cards cannot be default", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const mc = (await cardsOf("shopper@payonce.test")).find((c) => c.last4 === "4444");
    const res = await post("/account/cards/default/", { card: mc?.id }, shopper);
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(CARD_DEFAULT_SET);
    expect(res.json().cards[0]).toMatchObject({ id: mc?.id, is_default: true });
    expect(res.json().cards.filter((c: Card) => c.is_default)).toHaveLength(1);

    const missing = await post("/account/cards/default/", {}, shopper);
    expect(missing.json()).toEqual({ card: [MISSING_CARD_ID] });
    const plusCards = await cardsOf("plus@payonce.test");
    const foreign = await post("/account/cards/default/", { card: plusCards[0]?.id }, shopper);
    expect(foreign.statusCode).toBe(404);

    const plus = await app.login("plus@payonce.test");
    const expired = plusCards.find((c) => c.last4 === "4444");
    const exp = await post("/account/cards/default/", { card: expired?.id }, plus);
    expect(exp.statusCode).toBe(400);
    expect(exp.json()).toEqual({ card: [CARD_EXPIRED] });
  });

  it("lists expired cards flagged, and the card paying Plus flagged", async () => {
    const plus = await app.login("plus@payonce.test");
    const res = await app.inject({
      method: "GET",
      url: "/api/users/cards/",
      cookies: plus.cookies,
    });
    expect(res.json().cards).toMatchObject([
      { last4: "4242", is_default: true, is_plus: true, is_expired: false },
      { last4: "4444", is_default: false, is_plus: false, is_expired: true },
    ]);
  });

  it("removes by fingerprint; the default passes to the newest card; a stranger cannot remove", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const buyer = await app.login("buyer@payonce.test");
    const before = await cardsOf("shopper@payonce.test");
    const dflt = before.find((c) => c.isDefault);
    const stranger = await post(
      "/account/cards/remove/",
      { fingerprint_id: dflt?.fingerprint },
      buyer,
    );
    expect(stranger.statusCode).toBe(404);
    expect(await cardsOf("shopper@payonce.test")).toHaveLength(before.length);

    const missing = await post("/account/cards/remove/", {}, shopper);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ fingerprint_id: [MISSING_CARD_ID] });

    const res = await post(
      "/account/cards/remove/",
      { fingerprint_id: dflt?.fingerprint },
      shopper,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().detail).toBe(CARD_REMOVED);
    expect(res.json().cards).toHaveLength(before.length - 1);
    expect(res.json().cards[0].is_default).toBe(true);
  });

  it("keeps the card that pays an active Plus membership", async () => {
    const plus = await app.login("plus@payonce.test");
    const visa = (await cardsOf("plus@payonce.test")).find((c) => c.last4 === "4242");
    const res = await post("/account/cards/remove/", { fingerprint_id: visa?.fingerprint }, plus);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: CARD_PAYS_PLUS });
  });

  it("a form post without JavaScript lands back on the cards page", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const res = await app.inject({
      method: "POST",
      url: "/account/cards/create/",
      payload: `payment_method_id=pm_card_amex&country=US&postal_code=10001&csrfmiddlewaretoken=${shopper.cookies.csrftoken}`,
      cookies: shopper.cookies,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe("/account/cards/?notice=added");
    expect((await cardsOf("shopper@payonce.test")).some((c) => c.brand === "amex")).toBe(true);
  });
});
