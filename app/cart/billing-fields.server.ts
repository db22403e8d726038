/**
 * The cart's billing details (issue 30, "Billing at checkout"): what the form starts from, and
 * its no-JavaScript door, which saves through the same service as the JSON call
 * (POST /api/users/update_billing_info/). With JavaScript the form posts that JSON call itself.
 */
import { data } from "react-router";
import { BILLING_SAVED } from "../../domain/account";
import { CHECKOUT_LOGIN_REQUIRED, cannotUpdateDetails } from "../../domain/messages";
import { BillingSchema } from "../../domain/schemas/billing";
import { fieldErrors } from "../../domain/schemas/common";
import { isDomainError, statusOf } from "../../server/web/errors";
import { readForm } from "../../server/web/forms";
import { countryFromRequest } from "../account/data.server";
import { headerRecord } from "../account/notices";
import { type AppLoadContext, appContext } from "../context";
import {
  BILLING_INTENT,
  type BillingActionResult,
  type BillingFieldsData,
  billingBody,
} from "./billing-fields";

type ContextGetter = { get(key: typeof appContext): AppLoadContext };

/**
 * The details checkout would use now (the latest saved), else the visitor's country by IP (the
 * spec's GET /api/geoip_country/ prefill). Null for a visitor who is not signed in.
 */
export async function loadBillingFields(
  context: ContextGetter,
  request: Request,
): Promise<BillingFieldsData | null> {
  const { services, session } = context.get(appContext);
  const user = session?.user;
  if (!user) return null;
  const prefill = await services.billing.checkoutPrefill(
    user.id,
    countryFromRequest(session, headerRecord(request)),
  );
  const v = prefill.values;
  return {
    saved: prefill.saved,
    business: Boolean(v.tax_id || v.tax_business_name),
    values: {
      country: v.country ?? "",
      postal_code: v.postal_code ?? "",
      billing_name: v.billing_name ?? "",
      billing_address1: v.billing_address1 ?? "",
      billing_address2: v.billing_address2 ?? "",
      billing_city: v.billing_city ?? "",
      billing_state: v.billing_state ?? "",
      tax_id: v.tax_id ?? "",
      tax_business_name: v.tax_business_name ?? "",
    },
  };
}

/**
 * The cart page's action for the billing form posted without JavaScript; null when the post is
 * another of the cart's forms (the cart's own action answers it). Reads a copy of the body, so
 * the cart's action can still read the original.
 */
export async function billingAction(context: ContextGetter, request: Request) {
  if (request.method !== "POST") return null;
  const form = await readForm(request.clone());
  if (form.get("intent") !== BILLING_INTENT) return null;
  const { services, session } = context.get(appContext);
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const answer = (result: Omit<BillingActionResult, "field">, status: number) =>
    data<BillingActionResult>({ ...result, field: "billing" }, { status });
  const user = session?.user;
  if (!user) {
    return answer({ ok: false, message: CHECKOUT_LOGIN_REQUIRED }, 401);
  }
  const parsed = BillingSchema.safeParse(billingBody(fields));
  if (!parsed.success) {
    return answer(
      { ok: false, message: null, errors: fieldErrors(parsed.error), values: fields },
      400,
    );
  }
  try {
    await services.billing.updateBillingInfo(user.id, parsed.data);
    return answer({ ok: true, message: BILLING_SAVED }, 200);
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return answer(
      {
        ok: false,
        message: null,
        errors: { non_field_errors: [cannotUpdateDetails("billing", statusOf(err))] },
      },
      statusOf(err),
    );
  }
}
