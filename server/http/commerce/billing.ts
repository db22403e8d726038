import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { BILLING_SAVED, DETAILS_DELETED, TAX_SAVED } from "../../../domain/account";
import { BillingDeleteSchema, BillingSchema, TaxSchema } from "../../../domain/schemas/billing";
import { fieldErrors } from "../../../domain/schemas/common";
import { CANNOT_DELETE_MISSING_ID } from "../../../domain/messages";
import type { Services } from "../../services";
import { countryFromRequest } from "../../services/marketing/geoip";
import { invalid } from "../../../domain/errors";
import { accountUser } from "../guards";

const anyBody = z.record(z.string(), z.unknown()).optional();

/** Parses with a domain schema; a failure is the API's 400 field map. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}

const entryIdOf = (body: Record<string, unknown>): number | null => {
  const raw = body.entry_id;
  const id = typeof raw === "string" && raw.trim() !== "" ? Number(raw) : raw;
  return typeof id === "number" && Number.isInteger(id) && id > 0 ? id : null;
};

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
      schema: {
        tags: ["billing"],
        summary: "The caller's billing and tax entries, defaults first",
      },
    },
    async (request, reply) => billing.list(accountUser(request, reply).id),
  );

  app.post(
    "/api/users/billing/",
    {
      schema: {
        tags: ["billing"],
        summary: "Save billing details (identical resubmissions are skipped)",
        body: anyBody,
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const input = parse(BillingSchema, request.body);
      const saved = await billing.saveBilling(user.id, input);
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
      schema: {
        tags: ["billing"],
        summary: "Edit (entry_id + fields) or delete (entry_id, or clear_legacy_fields) billing",
        body: anyBody,
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const body = request.body ?? {};
      const entryId = entryIdOf(body);
      if (entryId !== null && body.country !== undefined) {
        const saved = await billing.updateBilling(user.id, entryId, parse(BillingSchema, body));
        return { detail: BILLING_SAVED, billing: saved.billing, ...(await billing.list(user.id)) };
      }
      const del = parse(BillingDeleteSchema, body);
      if (del.entry_id !== undefined) {
        return { detail: DETAILS_DELETED, ...(await billing.deleteBilling(user.id, del.entry_id)) };
      }
      return { detail: DETAILS_DELETED, ...(await billing.clearLegacyFields(user.id)) };
    },
  );

  app.post(
    "/api/users/tax/",
    {
      schema: {
        tags: ["billing"],
        summary: "Save tax information (the standalone tax form)",
        body: anyBody,
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const saved = await billing.saveTax(user.id, parse(TaxSchema, request.body));
      return reply.send({ detail: TAX_SAVED, tax: saved.tax, ...(await billing.list(user.id)) });
    },
  );

  app.patch(
    "/api/users/tax/",
    {
      schema: {
        tags: ["billing"],
        summary: "Edit (entry_id + fields) or delete (entry_id) tax information",
        body: anyBody,
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const body = request.body ?? {};
      const entryId = entryIdOf(body);
      if (entryId !== null && body.country !== undefined) {
        const saved = await billing.updateTax(user.id, entryId, parse(TaxSchema, body));
        return { detail: TAX_SAVED, tax: saved.tax, ...(await billing.list(user.id)) };
      }
      const del = parse(BillingDeleteSchema, body);
      // Tax information has no legacy fields: only an entry id deletes.
      if (del.entry_id === undefined)
        throw invalid({ non_field_errors: [CANNOT_DELETE_MISSING_ID] });
      return { detail: DETAILS_DELETED, ...(await billing.deleteTax(user.id, del.entry_id)) };
    },
  );

  app.post(
    "/api/users/update_billing_info/",
    {
      schema: {
        tags: ["billing"],
        summary:
          "Checkout's billing form: country, postal_code, tax_id, tax_business_name, set_billing_default, set_tax_default",
        body: anyBody,
      },
    },
    async (request, reply) => {
      const user = accountUser(request, reply);
      const saved = await billing.updateBillingInfo(user.id, parse(BillingSchema, request.body));
      return reply.send({
        detail: BILLING_SAVED,
        billing: saved.billing,
        tax: saved.tax,
        ...(await billing.list(user.id)),
      });
    },
  );
};
