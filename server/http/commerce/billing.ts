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

  /** The two forms that save billing details: the account page's and checkout's. */
  const postBilling = (url: string, summary: string, save: typeof billing.saveBilling) =>
    app.post(
      url,
      {
        preValidation: requireUser,
        schema: {
          tags: ["billing"],
          summary,
          body: bodyOf(BillingSchema),
          response: { 200: saved, ...errorResponses },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        const saved = await save(user.id, request.body);
        return reply.send({
          detail: BILLING_SAVED,
          billing: saved.billing,
          tax: saved.tax,
          ...(await billing.list(user.id)),
        });
      },
    );

  postBilling(
    "/api/users/billing/",
    "Save billing details (identical resubmissions are skipped)",
    billing.saveBilling,
  );

  /**
   * The PATCH of billing and of tax: entry_id with fields edits that entry of `kind`; otherwise
   * the body deletes, through `remove` (which knows what a body without an entry id means).
   */
  const patchEntries = (
    url: string,
    kind: "billing" | "tax",
    summary: string,
    remove: (userId: number, entryId: number | undefined) => Promise<z.infer<typeof saved>>,
  ) =>
    app.patch(
      url,
      {
        preValidation: requireUser,
        schema: {
          tags: ["billing"],
          summary,
          body: patchBody,
          response: { 200: saved, ...errorResponses },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        const body = request.body;
        const entryId = body.entry_id ?? null;
        if (entryId === null || body.country === undefined) {
          const del = parseBody(BillingDeleteSchema, body);
          return { detail: DETAILS_DELETED, ...(await remove(user.id, del.entry_id)) };
        }
        const edited =
          kind === "billing"
            ? {
                detail: BILLING_SAVED,
                billing: (
                  await billing.updateBilling(user.id, entryId, parseBody(BillingSchema, body))
                ).billing,
              }
            : {
                detail: TAX_SAVED,
                tax: (await billing.updateTax(user.id, entryId, parseBody(TaxSchema, body))).tax,
              };
        return { ...edited, ...(await billing.list(user.id)) };
      },
    );

  patchEntries(
    "/api/users/billing/",
    "billing",
    "Edit (entry_id + fields) or delete (entry_id, or clear_legacy_fields) billing",
    (userId, entryId) =>
      entryId !== undefined
        ? billing.deleteBilling(userId, entryId)
        : billing.clearLegacyFields(userId),
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

  patchEntries(
    "/api/users/tax/",
    "tax",
    "Edit (entry_id + fields) or delete (entry_id) tax information",
    async (userId, entryId) => {
      // Tax information has no legacy fields: only an entry id deletes.
      if (entryId === undefined) throw invalid({ non_field_errors: [CANNOT_DELETE_MISSING_ID] });
      return billing.deleteTax(userId, entryId);
    },
  );

  postBilling(
    "/api/users/update_billing_info/",
    "Checkout's billing form: country, postal_code, tax_id, tax_business_name, set_billing_default, set_tax_default",
    billing.updateBillingInfo,
  );
};
