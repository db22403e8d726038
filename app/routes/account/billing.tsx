import { redirect } from "react-router";
import { BILLING_SAVED, DETAILS_DELETED } from "../../../domain/account";
import { cannotUpdateDetails } from "../../../domain/messages";
import { BillingSchema } from "../../../domain/schemas/billing";
import { fieldErrors } from "../../../domain/schemas/common";
import { accountPost, failure, formId, invalid } from "../../account/actions.server";
import { CountryPostalFields, TextInput } from "../../account/address-fields";
import { countryName } from "../../account/countries";
import { countryFromRequest } from "../../account/data.server";
import * as Entries from "../../account/entry-list";
import { headerRecord, noticeFrom } from "../../account/notices";
import { buttonStyles, Panel } from "../../account/shell";
import { privateMeta } from "../../seo/meta";
import { accountContext, requireUser } from "../accounts/accounts.server";
import type { Route } from "./+types/billing";

const NOTICES = {
  saved: BILLING_SAVED,
  deleted: DETAILS_DELETED,
  default: "Default billing address updated.",
};

export const meta: Route.MetaFunction = () => privateMeta("Billing details");

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

export async function action(args: Route.ActionArgs) {
  const { services, user, fields, intent } = await accountPost(args, "save");
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
  const { busy, errors: formErrors, typed, rowErrors } = Entries.useForms(actionData, "save");
  // Every part of the address is optional (spec), so the inputs differ only in name and label.
  const addressInput = (label: string, name: string, autoComplete: string) => (
    <TextInput
      label={label}
      name={name}
      defaultValue={typed?.[name]}
      autoComplete={autoComplete}
      optional
      errors={formErrors?.[name]}
    />
  );
  return (
    <Entries.Page
      title="Billing details"
      subtitle="The address on your invoices. Business name, address, city and state are optional."
      notice={notice}
      rowErrors={rowErrors}
    >
      <Panel title="Saved addresses">
        <Entries.List
          count={entries.length}
          empty="No billing address yet. Add one below."
          testId="billing-entries"
        >
          {entries.map((b) => (
            <Entries.Row key={b.id} align="start">
              <div className="min-w-0 text-sm">
                <Entries.EntryName isDefault={b.is_default}>
                  {b.billing_name || countryName(b.country)}
                </Entries.EntryName>
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
                {b.is_default ? null : <Entries.MakeDefault name="entry_id" value={b.id} />}
                <Entries.Remove intent="delete" name="entry_id" value={b.id}>
                  Delete
                </Entries.Remove>
              </div>
            </Entries.Row>
          ))}
        </Entries.List>
      </Panel>
      <Entries.AddForm
        title="Add a billing address"
        intent="save"
        errors={formErrors}
        hidden={{ save_billing_info: "true" }}
      >
        {addressInput("Business name", "billing_name", "organization")}
        {addressInput("Address line 1", "billing_address1", "address-line1")}
        {addressInput("Address line 2", "billing_address2", "address-line2")}
        <div className="grid gap-4 sm:grid-cols-2">
          {addressInput("City", "billing_city", "address-level2")}
          {addressInput("State", "billing_state", "address-level1")}
        </div>
        <CountryPostalFields
          defaultCountry={typed?.country ?? country}
          defaultPostalCode={typed?.postal_code}
          errors={formErrors}
        />
        <Entries.DefaultCheckbox name="set_billing_default">
          Make this my default billing address
        </Entries.DefaultCheckbox>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Save billing details
        </button>
      </Entries.AddForm>
    </Entries.Page>
  );
}
