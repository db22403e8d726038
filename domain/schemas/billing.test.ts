import { describe, expect, it } from "vitest";
import { BillingDeleteSchema, BillingSchema, TaxSchema } from "./billing";
import { fieldErrors } from "./common";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("BillingSchema", () => {
  it("accepts a minimal address and defaults save_billing_info on", () => {
    expect(BillingSchema.parse({ country: "us", postal_code: 12345 })).toEqual({
      country: "US",
      postal_code: "12345",
      billing_name: "",
      billing_address1: "",
      billing_address2: "",
      billing_city: "",
      billing_state: "",
      tax_id: "",
      tax_business_name: "",
      save_billing_info: true,
    });
  });
  it("needs a country", () => {
    expect(errorsOf(BillingSchema.safeParse({}))).toEqual({
      country: ["Please select a country."],
    });
  });
  it("refuses a country outside the country list (issue 33)", () => {
    expect(errorsOf(BillingSchema.safeParse({ country: "ZZ" }))).toEqual({
      country: ["Please select a country."],
    });
    expect(BillingSchema.parse({ country: "jp" }).country).toBe("JP");
  });
  it("checks and normalises postal codes for listed countries, and drops them elsewhere", () => {
    expect(errorsOf(BillingSchema.safeParse({ country: "US", postal_code: "1234" }))).toEqual({
      postal_code: ["Invalid postal code. Use the format 12345 or 12345-1234."],
    });
    expect(BillingSchema.parse({ country: "GB", postal_code: "sw1a 1aa" }).postal_code).toBe(
      "SW1A 1AA",
    );
    expect(BillingSchema.parse({ country: "BR", postal_code: "01310-100" }).postal_code).toBe("");
  });
  it("limits each text field to 255 with its own message", () => {
    const long = "x".repeat(256);
    expect(
      errorsOf(
        BillingSchema.safeParse({
          country: "BR",
          billing_name: long,
          billing_address1: long,
          billing_address2: long,
          billing_city: long,
          billing_state: long,
        }),
      ),
    ).toEqual({
      billing_name: ["Business name can't be longer than 255 characters."],
      billing_address1: ["Address line 1 can't be longer than 255 characters."],
      billing_address2: ["Address line 2 can't be longer than 255 characters."],
      billing_city: ["City can't be longer than 255 characters."],
      billing_state: ["State can't be longer than 255 characters."],
    });
  });
  it("needs a business name with a tax ID, and an ABN in Australia", () => {
    expect(
      errorsOf(BillingSchema.safeParse({ country: "DE", postal_code: "10115", tax_id: "DE123" })),
    ).toEqual({
      tax_business_name: ["A business name must be associated with a tax ID."],
    });
    expect(
      errorsOf(
        BillingSchema.safeParse({
          country: "AU",
          postal_code: "2000",
          tax_id: "12345678910",
          tax_business_name: "Acme",
        }),
      ),
    ).toEqual({
      tax_id: ["Invalid ABN format, it should be in the form of 12 345 678 910 or 12345678910"],
    });
    expect(
      BillingSchema.safeParse({
        country: "AU",
        postal_code: "2000",
        tax_id: "51 824 753 556",
        tax_business_name: "Acme",
      }).success,
    ).toBe(true);
  });
});

describe("TaxSchema", () => {
  it("uses the standalone form's messages", () => {
    expect(errorsOf(TaxSchema.safeParse({}))).toEqual({
      country: ["Please select the country where your business is located"],
      tax_id: ["Please add your tax ID"],
      tax_business_name: ["Please add your business name"],
    });
  });
  it("does not need a tax ID in Australia, but checks one given", () => {
    expect(TaxSchema.safeParse({ country: "AU", tax_business_name: "Acme" }).success).toBe(true);
    expect(
      errorsOf(TaxSchema.safeParse({ country: "AU", tax_id: "123", tax_business_name: "Acme" })),
    ).toEqual({
      tax_id: ["Invalid ABN format, it should be in the form of 12 345 678 910 or 12345678910"],
    });
    expect(
      TaxSchema.safeParse({ country: "DE", tax_id: "DE123456789", tax_business_name: "Acme" })
        .success,
    ).toBe(true);
  });
});

describe("BillingDeleteSchema", () => {
  it("needs an entry id or clear_legacy_fields", () => {
    expect(BillingDeleteSchema.parse({ entry_id: "7" })).toEqual({ entry_id: 7 });
    expect(BillingDeleteSchema.parse({ clear_legacy_fields: "true" })).toEqual({
      clear_legacy_fields: true,
    });
    expect(errorsOf(BillingDeleteSchema.safeParse({}))).toEqual({
      non_field_errors: ["Cannot delete data at this time, missing ID."],
    });
  });
});
