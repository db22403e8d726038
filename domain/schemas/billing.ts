import { z } from "zod";
import { abnError, isPostalCodeRequired, normalizePostalCode, postalCodeError } from "../billing";
import { ABN_COUNTRY, BILLING_FIELD_MAX } from "../constants";
import { isKnownCountry } from "../countries";
import {
  ADDRESS_LINE_1_TOO_LONG,
  ADDRESS_LINE_2_TOO_LONG,
  BUSINESS_NAME_REQUIRED,
  BUSINESS_NAME_TOO_LONG,
  CANNOT_DELETE_MISSING_ID,
  CITY_TOO_LONG,
  COUNTRY_REQUIRED,
  STATE_TOO_LONG,
  TAX_BUSINESS_NAME_REQUIRED,
  TAX_COUNTRY_REQUIRED,
  TAX_ID_REQUIRED,
} from "../messages";
import { always, formBoolean, optionalIdField, optionalText, requiredText } from "./common";

/** A country of the billing list (domain/countries.ts): a code outside it (ZZ) is refused. */
const country = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: message })
    // Only a well-formed code is looked up: one message per field.
    .refine((code) => !/^[A-Z]{2}$/.test(code) || isKnownCountry(code), { error: message });

const isAustralia = (value: { country?: unknown }): boolean => value.country === ABN_COUNTRY;

/**
 * Billing details, and the checkout's update_billing_info (country, postal code, tax ID and
 * business name). The postal code is kept only for countries that require one; tax ID and
 * business name go together; an Australian tax ID must be an ABN.
 */
export const BillingSchema = z
  .object({
    country: country(COUNTRY_REQUIRED),
    // JSON clients send US ZIP codes as numbers.
    postal_code: z.preprocess(
      (code) => (typeof code === "number" ? String(code) : code),
      optionalText(BILLING_FIELD_MAX),
    ),
    billing_name: optionalText(BILLING_FIELD_MAX, BUSINESS_NAME_TOO_LONG),
    billing_address1: optionalText(BILLING_FIELD_MAX, ADDRESS_LINE_1_TOO_LONG),
    billing_address2: optionalText(BILLING_FIELD_MAX, ADDRESS_LINE_2_TOO_LONG),
    billing_city: optionalText(BILLING_FIELD_MAX, CITY_TOO_LONG),
    billing_state: optionalText(BILLING_FIELD_MAX, STATE_TOO_LONG),
    tax_id: optionalText(BILLING_FIELD_MAX),
    tax_business_name: optionalText(BILLING_FIELD_MAX, BUSINESS_NAME_TOO_LONG),
    // Hidden and checked by default on the form.
    save_billing_info: formBoolean().default(true),
    set_billing_default: formBoolean().optional(),
    set_tax_default: formBoolean().optional(),
  })
  .superRefine((value, ctx) => {
    const postalError = postalCodeError(value.country, value.postal_code);
    if (postalError) ctx.addIssue({ code: "custom", path: ["postal_code"], message: postalError });
    if (value.tax_id && !value.tax_business_name) {
      ctx.addIssue({
        code: "custom",
        path: ["tax_business_name"],
        message: TAX_BUSINESS_NAME_REQUIRED,
      });
    }
    const abn = value.tax_id && isAustralia(value) ? abnError(value.tax_id) : null;
    if (abn) ctx.addIssue({ code: "custom", path: ["tax_id"], message: abn });
  }, always)
  .transform((value) => ({
    ...value,
    postal_code: isPostalCodeRequired(value.country) ? normalizePostalCode(value.postal_code) : "",
  }));

/** The standalone tax form: country, tax ID (optional in Australia) and business name. */
export const TaxSchema = z
  .object({
    country: country(TAX_COUNTRY_REQUIRED),
    tax_id: optionalText(BILLING_FIELD_MAX),
    tax_business_name: requiredText(
      BILLING_FIELD_MAX,
      BUSINESS_NAME_REQUIRED,
      BUSINESS_NAME_TOO_LONG,
    ),
    set_tax_default: formBoolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.tax_id && !isAustralia(value)) {
      ctx.addIssue({ code: "custom", path: ["tax_id"], message: TAX_ID_REQUIRED });
    }
    const abn = value.tax_id && isAustralia(value) ? abnError(value.tax_id) : null;
    if (abn) ctx.addIssue({ code: "custom", path: ["tax_id"], message: abn });
  }, always);

/** Deleting billing or tax data: PATCH with entry_id, or clear_legacy_fields for legacy billing. */
export const BillingDeleteSchema = z
  .object({
    entry_id: optionalIdField(CANNOT_DELETE_MISSING_ID),
    clear_legacy_fields: formBoolean().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.entry_id === undefined && value.clear_legacy_fields !== true) {
      ctx.addIssue({ code: "custom", path: [], message: CANNOT_DELETE_MISSING_ID });
    }
  }, always);
