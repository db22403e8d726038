import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BILLING_SAVED, DETAILS_DELETED, TAX_SAVED } from "../../../domain/account";
import { invalid } from "../../../domain/errors";
import { CANNOT_DELETE_MISSING_ID } from "../../../domain/messages";
import { BillingDeleteSchema, BillingSchema, TaxSchema } from "../../../domain/schemas/billing";
import { optionalIdField } from "../../../domain/schemas/common";
import type { Services } from "../../services";
import { countryFromRequest } from "../../services/marketing/geoip";
import { requireUser, signedInUser } from "../guards";
import { errorResponses } from "../schemas";
import { billingResponse, bodyOf, parseBody } from "./schemas";

/** PATCH bodies: an entry id (edit with fields, or delete), or clear_legacy_fields. */
const patchBody = bodyOf(
  z.looseObject({ entry_id: optionalIdField(CANNOT_DELETE_MISSING_ID) }),
).describe("entry_id and the fields of an edit; entry_id alone deletes");

const saved = billingResponse.extend({
  billing: z.looseObject({ id: z.number() }).nullable().optional(),
  tax: z.looseObject({ id: z.number() }).nullable().optional(),
});

/**
 * Saves answer 200 whether a row was written or an identical one was found: a resubmission gets
 * the very same answer (spec 001 section 5, "an identical resubmission is skipped").
 *
 * Billing and tax details (spec 001 sections 5 and 7; contract.md): POST saves an entry (an
 * identical resubmission answers the existing one), PATCH with entry_id and fields edits it,
 * PATCH with only entry_id deletes it, PATCH with clear_legacy_fields clears the legacy address.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (
  app,
  { services },
) => {
  const { billing } = services;

  app.get(
    "/api/geoip_country/",
    {
      schema: {
        tags: ["billing"],
        summary: "The visitor's country (prefills the billing country)",
        response: {
          200: z.looseObject({ country: z.string().nullable() }).describe("ISO country code"),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return { country: countryFromRequest(request.session, request.headers) };
    },
  );

  app.get(
    "/api/users/billing/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["billing"],
        summary: "The caller's billing and tax entries, defaults first",
        response: { 200: billingResponse, ...errorResponses },
      },
    },
    async (request) => billing.list(signedInUser(request).id),
  );

  app.post(
    "/api/users/billing/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["billing"],
        summary: "Save billing details (identical resubmissions are skipped)",
        body: bodyOf(BillingSchema),
        response: { 200: saved, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const saved = await billing.saveBilling(user.id, request.body);
      return reply.send({
        detail: BILLING_SAVED,
        billing: saved.billing,
        tax: saved.tax,
        ...(await billing.list(user.id)),
      });
    },
  );

  app.patch(
    "/api/users/billing/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["billing"],
        summary: "Edit (entry_id + fields) or delete (entry_id, or clear_legacy_fields) billing",
        body: patchBody,
        response: { 200: saved, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const body = request.body;
      const entryId = body.entry_id ?? null;
      if (entryId !== null && body.country !== undefined) {
        const saved = await billing.updateBilling(user.id, entryId, parseBody(BillingSchema, body));
        return { detail: BILLING_SAVED, billing: saved.billing, ...(await billing.list(user.id)) };
      }
      const del = parseBody(BillingDeleteSchema, body);
      if (del.entry_id !== undefined) {
        return { detail: DETAILS_DELETED, ...(await billing.deleteBilling(user.id, del.entry_id)) };
      }
      return { detail: DETAILS_DELETED, ...(await billing.clearLegacyFields(user.id)) };
    },
  );

  app.post(
    "/api/users/tax/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["billing"],
        summary: "Save tax information (the standalone tax form)",
        body: bodyOf(TaxSchema),
        response: { 200: saved, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const saved = await billing.saveTax(user.id, request.body);
      return reply.send({ detail: TAX_SAVED, tax: saved.tax, ...(await billing.list(user.id)) });
    },
  );

  app.patch(
    "/api/users/tax/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["billing"],
        summary: "Edit (entry_id + fields) or delete (entry_id) tax information",
        body: patchBody,
        response: { 200: saved, ...errorResponses },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const body = request.body;
      const entryId = body.entry_id ?? null;
      if (entryId !== null && body.country !== undefined) {
        const saved = await billing.updateTax(user.id, entryId, parseBody(TaxSchema, body));
        return { detail: TAX_SAVED, tax: saved.tax, ...(await billing.list(user.id)) };
      }
      const del = parseBody(BillingDeleteSchema, body);
      // Tax information has no legacy fields: only an entry id deletes.
      if (del.entry_id === undefined)
        throw invalid({ non_field_errors: [CANNOT_DELETE_MISSING_ID] });
      return { detail: DETAILS_DELETED, ...(await billing.deleteTax(user.id, del.entry_id)) };
    },
  );

  app.post(
    "/api/users/update_billing_info/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["billing"],
        summary:
          "Checkout's billing form: country, postal_code, tax_id, tax_business_name, set_billing_default, set_tax_default",
        body: bodyOf(BillingSchema),
        response: { 200: saved, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const saved = await billing.updateBillingInfo(user.id, request.body);
      return reply.send({
        detail: BILLING_SAVED,
        billing: saved.billing,
        tax: saved.tax,
        ...(await billing.list(user.id)),
      });
    },
  );
};
