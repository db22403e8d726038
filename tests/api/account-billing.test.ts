import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BILLING_SAVED, DETAILS_DELETED, TAX_SAVED } from "../../domain/account";
import {
  ADDRESS_LINE_1_TOO_LONG,
  ADDRESS_LINE_2_TOO_LONG,
  BUSINESS_NAME_REQUIRED,
  BUSINESS_NAME_TOO_LONG,
  CANNOT_DELETE_MISSING_ID,
  CITY_TOO_LONG,
  COUNTRY_REQUIRED,
  INVALID_ABN,
  invalidPostalCode,
  STATE_TOO_LONG,
  TAX_BUSINESS_NAME_REQUIRED,
  TAX_COUNTRY_REQUIRED,
  TAX_ID_REQUIRED,
} from "../../domain/messages";
import { billingDetails, taxDetails } from "../../server/db/schema";
import { createTestApp } from "../helpers/app";

// Billing and tax details, the checkout's update_billing_info and the geoip country
// (spec 001 sections 5, 7, 8; spec 000 billing form; contract.md paths).
const app = await createTestApp();
const db = app.database.db;

const { send: call, userId } = app;
const billingRows = async (email: string) =>
  db
    .select()
    .from(billingDetails)
    .where(eq(billingDetails.userId, await userId(email)));
const taxRows = async (email: string) =>
  db
    .select()
    .from(taxDetails)
    .where(eq(taxDetails.userId, await userId(email)));

// A valid ABN (the Australian Taxation Office's own example).
const ABN = "51 824 753 556";

describe("every billing call needs a login", () => {
  it.each([
    ["GET", "/api/users/billing/"],
    ["POST", "/api/users/billing/"],
    ["PATCH", "/api/users/billing/"],
    ["POST", "/api/users/tax/"],
    ["PATCH", "/api/users/tax/"],
    ["POST", "/api/users/update_billing_info/"],
  ] as const)("%s %s answers 401 to a visitor", async (method, url) => {
    const res = await call(method, url, method === "GET" ? undefined : { country: "US" });
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/users/billing/", () => {
  it("rejects a bad US postal code with the message and the format hint, writing nothing", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const res = await call(
      "POST",
      "/api/users/billing/",
      { country: "US", postal_code: "1234" },
      shopper,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ postal_code: [invalidPostalCode("12345 or 12345-1234")] });
    expect(await billingRows("shopper@payonce.test")).toHaveLength(0);
  });

  it("checks the CA and GB formats too", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const ca = await call(
      "POST",
      "/api/users/billing/",
      { country: "CA", postal_code: "123 456" },
      shopper,
    );
    expect(ca.json()).toEqual({ postal_code: [invalidPostalCode("A1A 1A1")] });
    const gb = await call(
      "POST",
      "/api/users/billing/",
      { country: "GB", postal_code: "12345" },
      shopper,
    );
    expect(gb.json()).toEqual({ postal_code: [invalidPostalCode("AA11 1AA")] });
  });

  it("saves a good address as the first (default) entry; an identical resubmission is skipped", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const body = {
      country: "US",
      postal_code: "94107-1234",
      billing_name: "Shop Co",
      billing_address1: "1 Market St",
      billing_city: "San Francisco",
      billing_state: "CA",
    };
    const first = await call("POST", "/api/users/billing/", body, shopper);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      detail: BILLING_SAVED,
      billing: { ...body, billing_address2: "", is_default: true },
      tax: null,
    });
    const again = await call("POST", "/api/users/billing/", body, shopper);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await billingRows("shopper@payonce.test")).toHaveLength(1);
  });

  it("keeps a postal code only for countries on the list", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const res = await call(
      "POST",
      "/api/users/billing/",
      { country: "BR", postal_code: "01310-100" },
      shopper,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().billing).toMatchObject({ country: "BR", postal_code: "", is_default: false });
  });

  it("needs a country", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const res = await call("POST", "/api/users/billing/", { postal_code: "12345" }, shopper);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ country: [COUNTRY_REQUIRED] });
  });

  it("limits name, address lines, city and state to 255 characters, each with its message", async () => {
    const shopper = await app.login("shopper@payonce.test");
    const long = "x".repeat(256);
    const res = await call(
      "POST",
      "/api/users/billing/",
      {
        country: "FR",
        postal_code: "75001",
        billing_name: long,
        billing_address1: long,
        billing_address2: long,
        billing_city: long,
        billing_state: long,
      },
      shopper,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      billing_name: [BUSINESS_NAME_TOO_LONG],
      billing_address1: [ADDRESS_LINE_1_TOO_LONG],
      billing_address2: [ADDRESS_LINE_2_TOO_LONG],
      billing_city: [CITY_TOO_LONG],
      billing_state: [STATE_TOO_LONG],
    });
    const ok = await call(
      "POST",
      "/api/users/billing/",
      { country: "FR", postal_code: "75001", billing_name: "x".repeat(255) },
      shopper,
    );
    expect(ok.statusCode).toBe(200);
  });

  it("takes an AU tax id with its business name, checks the ABN, and needs the name with a tax id", async () => {
    const reviewer = await app.login("reviewer@payonce.test");
    const bad = await call(
      "POST",
      "/api/users/billing/",
      {
        country: "AU",
        postal_code: "2000",
        tax_id: "12 345 678 910",
        tax_business_name: "Roo Pty",
      },
      reviewer,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ tax_id: [INVALID_ABN] });
    const noName = await call(
      "POST",
      "/api/users/billing/",
      { country: "AU", postal_code: "2000", tax_id: ABN },
      reviewer,
    );
    expect(noName.json()).toEqual({ tax_business_name: [TAX_BUSINESS_NAME_REQUIRED] });
    expect(await taxRows("reviewer@payonce.test")).toHaveLength(0);
    const ok = await call(
      "POST",
      "/api/users/billing/",
      { country: "AU", postal_code: "2000", tax_id: ABN, tax_business_name: "Roo Pty" },
      reviewer,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().tax).toMatchObject({
      country: "AU",
      tax_id: "51824753556",
      business_name: "Roo Pty",
      type: "au_abn",
      is_default: true,
    });
  });
});

describe("PATCH /api/users/billing/", () => {
  it("edits an entry with entry_id and fields, and deletes with entry_id alone", async () => {
    const staff = await app.login("staff@payonce.test");
    const saved = (
      await call("POST", "/api/users/billing/", { country: "GB", postal_code: "SW1A 1AA" }, staff)
    ).json();
    const id = saved.billing.id as number;
    const edited = await call(
      "PATCH",
      "/api/users/billing/",
      { entry_id: id, country: "GB", postal_code: "ec1a 1bb", billing_city: "London" },
      staff,
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json().billing).toMatchObject({
      id,
      postal_code: "EC1A 1BB",
      billing_city: "London",
    });
    const badEdit = await call(
      "PATCH",
      "/api/users/billing/",
      { entry_id: id, country: "GB", postal_code: "nope" },
      staff,
    );
    expect(badEdit.json()).toEqual({ postal_code: [invalidPostalCode("AA11 1AA")] });
    const deleted = await call("PATCH", "/api/users/billing/", { entry_id: id }, staff);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ detail: DETAILS_DELETED, billing_details: [] });
  });

  it("answers the spec's message when the id is missing", async () => {
    const staff = await app.login("staff@payonce.test");
    const res = await call("PATCH", "/api/users/billing/", {}, staff);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: [CANNOT_DELETE_MISSING_ID] });
  });

  it("cannot touch another user's entry (404, nothing changes)", async () => {
    const [plusEntry] = await billingRows("plus@payonce.test");
    const buyer = await app.login("buyer@payonce.test");
    const del = await call("PATCH", "/api/users/billing/", { entry_id: plusEntry?.id }, buyer);
    expect(del.statusCode).toBe(404);
    const edit = await call(
      "PATCH",
      "/api/users/billing/",
      { entry_id: plusEntry?.id, country: "US", postal_code: "10001" },
      buyer,
    );
    expect(edit.statusCode).toBe(404);
    expect(await billingRows("plus@payonce.test")).toEqual([plusEntry]);
  });

  it("clear_legacy_fields blanks the address lines and keeps country and postal code", async () => {
    const plus = await app.login("plus@payonce.test");
    const res = await call("PATCH", "/api/users/billing/", { clear_legacy_fields: true }, plus);
    expect(res.statusCode).toBe(200);
    expect(res.json().billing_details[0]).toMatchObject({
      country: "US",
      postal_code: "94105",
      billing_name: "",
      billing_address1: "",
      billing_address2: "",
      billing_city: "",
      billing_state: "",
    });
  });

  it("deleting the default entry makes the newest remaining one the default", async () => {
    const partner = await app.login("partner@payonce.test");
    const a = (
      await call("POST", "/api/users/billing/", { country: "DE", postal_code: "10115" }, partner)
    ).json();
    await call("POST", "/api/users/billing/", { country: "NL", postal_code: "1011 AB" }, partner);
    expect(a.billing.is_default).toBe(true);
    const res = await call("PATCH", "/api/users/billing/", { entry_id: a.billing.id }, partner);
    expect(res.json().billing_details).toMatchObject([{ country: "NL", is_default: true }]);
  });
});

describe("POST and PATCH /api/users/tax/ (the standalone tax form)", () => {
  it("shows the form's messages: country, tax ID unless AU, business name", async () => {
    const moderator = await app.login("moderator@payonce.test");
    const empty = await call("POST", "/api/users/tax/", {}, moderator);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({
      country: [TAX_COUNTRY_REQUIRED],
      tax_id: [TAX_ID_REQUIRED],
      tax_business_name: [BUSINESS_NAME_REQUIRED],
    });
    const au = await call(
      "POST",
      "/api/users/tax/",
      { country: "AU", tax_business_name: "Roo Pty" },
      moderator,
    );
    expect(au.statusCode).toBe(200);
    expect(au.json()).toMatchObject({
      detail: TAX_SAVED,
      tax: { country: "AU", tax_id: "", business_name: "Roo Pty" },
    });
    const badAbn = await call(
      "POST",
      "/api/users/tax/",
      { country: "AU", tax_id: "01234567890", tax_business_name: "Roo" },
      moderator,
    );
    expect(badAbn.json()).toEqual({ tax_id: [INVALID_ABN] });
  });

  it("skips an identical resubmission, edits and deletes by entry_id, and only the owner's", async () => {
    const moderator = await app.login("moderator@payonce.test");
    const body = { country: "DE", tax_id: "DE123456789", tax_business_name: "Mod GmbH" };
    const first = await call("POST", "/api/users/tax/", body, moderator);
    const again = await call("POST", "/api/users/tax/", body, moderator);
    expect(again.json()).toEqual(first.json());
    expect(first.json().tax).toMatchObject({ type: "eu_vat", is_default: false });
    const id = first.json().tax.id as number;
    expect(
      (await taxRows("moderator@payonce.test")).filter((t) => t.taxId === "DE123456789"),
    ).toHaveLength(1);

    const buyer = await app.login("buyer@payonce.test");
    expect((await call("PATCH", "/api/users/tax/", { entry_id: id }, buyer)).statusCode).toBe(404);
    const edit = await call(
      "PATCH",
      "/api/users/tax/",
      { entry_id: id, ...body, tax_business_name: "Mod AG" },
      moderator,
    );
    expect(edit.json().tax).toMatchObject({ id, business_name: "Mod AG" });
    const missing = await call(
      "PATCH",
      "/api/users/tax/",
      { clear_legacy_fields: true },
      moderator,
    );
    expect(missing.json()).toEqual({ non_field_errors: [CANNOT_DELETE_MISSING_ID] });
    const del = await call("PATCH", "/api/users/tax/", { entry_id: id }, moderator);
    expect(del.statusCode).toBe(200);
    expect(del.json().tax_details.map((t: { id: number }) => t.id)).not.toContain(id);
  });
});

describe("POST /api/users/update_billing_info/ (checkout's billing form)", () => {
  it("saves country and postal code, and the tax id with defaults as asked", async () => {
    const buyer = await app.login("buyer@payonce.test");
    const res = await call(
      "POST",
      "/api/users/update_billing_info/",
      {
        country: "AU",
        postal_code: "3000",
        tax_id: ABN,
        tax_business_name: "Buyer Pty",
        set_billing_default: "true",
        set_tax_default: "true",
      },
      buyer,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().billing).toMatchObject({
      country: "AU",
      postal_code: "3000",
      is_default: true,
    });
    expect(res.json().tax).toMatchObject({ tax_id: "51824753556", is_default: true });
    const rows = await billingRows("buyer@payonce.test");
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    expect(rows.find((r) => r.country === "GB")?.isDefault).toBe(false);
  });

  it("applies the same rules (postal code, business name with a tax id)", async () => {
    const buyer = await app.login("buyer@payonce.test");
    const res = await call(
      "POST",
      "/api/users/update_billing_info/",
      { country: "US", postal_code: "abc", tax_id: "123" },
      buyer,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      postal_code: [invalidPostalCode("12345 or 12345-1234")],
      tax_business_name: [TAX_BUSINESS_NAME_REQUIRED],
    });
  });
});

describe("GET /api/users/billing/", () => {
  it("lists only the caller's entries, default first", async () => {
    const plus = await app.login("plus@payonce.test");
    const res = await call("GET", "/api/users/billing/", undefined, plus);
    expect(res.statusCode).toBe(200);
    const ids = (await billingRows("plus@payonce.test")).map((r) => r.id);
    expect(
      res
        .json()
        .billing_details.map((b: { id: number }) => b.id)
        .sort(),
    ).toEqual(ids.sort());
    expect(res.json().billing_details[0].is_default).toBe(true);
  });
});

describe("GET /api/geoip_country/", () => {
  it("answers the CDN's country header, upper-cased, or null", async () => {
    const cf = await app.inject({
      method: "GET",
      url: "/api/geoip_country/",
      headers: { "cf-ipcountry": "au" },
    });
    expect(cf.json()).toEqual({ country: "AU" });
    const other = await app.inject({
      method: "GET",
      url: "/api/geoip_country",
      headers: { "x-country": "CA" },
    });
    expect(other.json()).toEqual({ country: "CA" });
    const unknown = await app.inject({
      method: "GET",
      url: "/api/geoip_country/",
      headers: { "cf-ipcountry": "XX" },
    });
    expect(unknown.json()).toEqual({ country: null });
    const none = await app.inject({ method: "GET", url: "/api/geoip_country/" });
    expect(none.json()).toEqual({ country: null });
  });
});
