import { Form, redirect, useNavigation } from "react-router";
import { BILLING_SAVED, DETAILS_DELETED } from "../../../domain/account";
import { cannotUpdateDetails } from "../../../domain/messages";
import { BillingSchema } from "../../../domain/schemas/billing";
import { fieldErrors } from "../../../domain/schemas/common";
import { failure, formId, invalid } from "../../account/actions.server";
import { CountryPostalFields, TextInput } from "../../account/address-fields";
import { countryName } from "../../account/countries";
import { countryFromRequest } from "../../account/data.server";
import { headerRecord, noticeFrom } from "../../account/notices";
import { AccountShell, Badge, buttonStyles, Panel } from "../../account/shell";
import { accountContext, formFields, requireUser } from "../accounts/accounts.server";
import { Alert, formLevelErrors } from "../accounts/form-ui";
import type { Route } from "./+types/billing";

const NOTICES = {
  saved: BILLING_SAVED,
  deleted: DETAILS_DELETED,
  default: "Default billing address updated.",
};

export const meta: Route.MetaFunction = () => [{ title: "Billing details | Payonce" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services, session } = accountContext(context);
  const { billing_details } = await services.billing.list(user.id);
  return {
    entries: billing_details,
    // The form's country: the default address's, else the visitor's country by IP (geoip).
    country:
      billing_details[0]?.country ?? countryFromRequest(session, headerRecord(request)) ?? "",
    notice: noticeFrom(request, NOTICES),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { services } = accountContext(context);
  const fields = await formFields(request);
  const intent = fields.intent ?? "save";
  const fail = (err: unknown) =>
    failure(err, intent, (status) => cannotUpdateDetails("billing", status), fields.entry_id);
  try {
    if (intent === "delete") {
      await services.billing.deleteBilling(user.id, formId(fields.entry_id));
      return redirect("/account/billing/?notice=deleted");
    }
    if (intent === "default") {
      const { billing_details } = await services.billing.list(user.id);
      const entry = billing_details.find((b) => String(b.id) === fields.entry_id);
      if (!entry)
        return invalid(intent, { non_field_errors: [cannotUpdateDetails("billing", 404)] });
      await services.billing.updateBilling(user.id, entry.id, {
        ...BillingSchema.parse({ ...entry }),
        set_billing_default: true,
      });
      return redirect("/account/billing/?notice=default");
    }
    const parsed = BillingSchema.safeParse(fields);
    if (!parsed.success) return invalid(intent, fieldErrors(parsed.error), fields);
    await services.billing.saveBilling(user.id, parsed.data);
    return redirect("/account/billing/?notice=saved");
  } catch (err) {
    return fail(err);
  }
}

export default function BillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, country, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const formErrors = actionData?.intent === "save" ? actionData.errors : undefined;
  const typed = actionData?.intent === "save" ? actionData.values : undefined;
  const rowError =
    actionData && actionData.intent !== "save" ? formLevelErrors(actionData.errors) : [];
  return (
    <AccountShell
      title="Billing details"
      subtitle="The address on your invoices. Business name, address, city and state are optional."
    >
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {rowError.length ? <Alert>{rowError.join(" ")}</Alert> : null}
      <Panel title="Saved addresses">
        {entries.length === 0 ? (
          <p className="text-sm text-ink-soft">No billing address yet. Add one below.</p>
        ) : (
          <ul className="divide-y divide-black/5" data-testid="billing-entries">
            {entries.map((b) => (
              <li
                key={b.id}
                className="flex flex-wrap items-start justify-between gap-3 py-4 first:pt-0 last:pb-0"
              >
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {b.billing_name || countryName(b.country)}
                    {b.is_default ? <Badge tone="brand">Default</Badge> : null}
                  </p>
                  <p className="mt-1 text-ink-soft">
                    {[b.billing_address1, b.billing_address2, b.billing_city, b.billing_state]
                      .filter(Boolean)
                      .join(", ")}
                  </p>
                  <p className="text-ink-soft">
                    {countryName(b.country)}
                    {b.postal_code ? ` · ${b.postal_code}` : ""}
                  </p>
                </div>
                <div className="flex gap-2">
                  {b.is_default ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="default" />
                      <input type="hidden" name="entry_id" value={b.id} />
                      <button type="submit" className={buttonStyles.secondary} disabled={busy}>
                        Make default
                      </button>
                    </Form>
                  )}
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="entry_id" value={b.id} />
                    <button type="submit" className={buttonStyles.danger} disabled={busy}>
                      Delete
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Add a billing address">
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="save_billing_info" value="true" />
          {formLevelErrors(formErrors).length ? (
            <Alert>{formLevelErrors(formErrors).join(" ")}</Alert>
          ) : null}
          <TextInput
            label="Business name"
            name="billing_name"
            defaultValue={typed?.billing_name}
            autoComplete="organization"
            optional
            errors={formErrors?.billing_name}
          />
          <TextInput
            label="Address line 1"
            name="billing_address1"
            defaultValue={typed?.billing_address1}
            autoComplete="address-line1"
            optional
            errors={formErrors?.billing_address1}
          />
          <TextInput
            label="Address line 2"
            name="billing_address2"
            defaultValue={typed?.billing_address2}
            autoComplete="address-line2"
            optional
            errors={formErrors?.billing_address2}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="City"
              name="billing_city"
              defaultValue={typed?.billing_city}
              autoComplete="address-level2"
              optional
              errors={formErrors?.billing_city}
            />
            <TextInput
              label="State"
              name="billing_state"
              defaultValue={typed?.billing_state}
              autoComplete="address-level1"
              optional
              errors={formErrors?.billing_state}
            />
          </div>
          <CountryPostalFields
            defaultCountry={typed?.country ?? country}
            defaultPostalCode={typed?.postal_code}
            errors={formErrors}
          />
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="set_billing_default"
              value="true"
              className="size-4 accent-ink"
            />
            Make this my default billing address
          </label>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            Save billing details
          </button>
        </Form>
      </Panel>
    </AccountShell>
  );
}
