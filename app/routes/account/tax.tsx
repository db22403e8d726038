import { Form, redirect, useNavigation } from "react-router";
import { DETAILS_DELETED, TAX_SAVED } from "../../../domain/account";
import { cannotUpdateDetails } from "../../../domain/messages";
import { TaxSchema } from "../../../domain/schemas/billing";
import { fieldErrors } from "../../../domain/schemas/common";
import { failure, formId, invalid } from "../../account/actions.server";
import { CountryPostalFields, TextInput } from "../../account/address-fields";
import { countryName } from "../../account/countries";
import { countryFromRequest } from "../../account/data.server";
import { headerRecord, noticeFrom } from "../../account/notices";
import { AccountShell, Badge, buttonStyles, Panel } from "../../account/shell";
import { accountContext, formFields, requireUser } from "../accounts/accounts.server";
import { Alert, formLevelErrors } from "../accounts/form-ui";
import type { Route } from "./+types/tax";

const NOTICES = { saved: TAX_SAVED, deleted: DETAILS_DELETED };

export const meta: Route.MetaFunction = () => [{ title: "Tax information | Payonce" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services, session } = accountContext(context);
  const { tax_details, billing_details } = await services.billing.list(user.id);
  return {
    entries: tax_details,
    country:
      tax_details[0]?.country ||
      billing_details[0]?.country ||
      countryFromRequest(session, headerRecord(request)) ||
      "",
    notice: noticeFrom(request, NOTICES),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { services } = accountContext(context);
  const fields = await formFields(request);
  const intent = fields.intent ?? "save";
  try {
    if (intent === "delete") {
      await services.billing.deleteTax(user.id, formId(fields.entry_id));
      return redirect("/account/tax/?notice=deleted");
    }
    const parsed = TaxSchema.safeParse(fields);
    if (!parsed.success) return invalid(intent, fieldErrors(parsed.error), fields);
    await services.billing.saveTax(user.id, parsed.data);
    return redirect("/account/tax/?notice=saved");
  } catch (err) {
    return failure(err, intent, (status) => cannotUpdateDetails("tax", status));
  }
}

export default function TaxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entries, country, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.intent === "save" ? actionData.errors : undefined;
  const typed = actionData?.intent === "save" ? actionData.values : undefined;
  const rowError =
    actionData && actionData.intent !== "save" ? formLevelErrors(actionData.errors) : [];
  return (
    <AccountShell
      title="Tax information"
      subtitle="Your business's tax ID, shown on invoices. In Australia, the ABN is optional."
    >
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {rowError.length ? <Alert>{rowError.join(" ")}</Alert> : null}
      <Panel title="Saved tax IDs">
        {entries.length === 0 ? (
          <p className="text-sm text-ink-soft">No tax information yet.</p>
        ) : (
          <ul className="divide-y divide-black/5" data-testid="tax-entries">
            {entries.map((t) => (
              <li
                key={t.id}
                className="flex flex-wrap items-center justify-between gap-3 py-4 first:pt-0 last:pb-0"
              >
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                    {t.business_name}
                    {t.is_default ? <Badge tone="brand">Default</Badge> : null}
                  </p>
                  <p className="mt-1 text-ink-soft">
                    {countryName(t.country)}
                    {t.tax_id ? ` · ${t.tax_id}` : ""}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="entry_id" value={t.id} />
                  <button type="submit" className={buttonStyles.danger} disabled={busy}>
                    Delete
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Add tax information">
        <Form method="post" className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="save" />
          {formLevelErrors(errors).length ? (
            <Alert>{formLevelErrors(errors).join(" ")}</Alert>
          ) : null}
          <CountryPostalFields
            defaultCountry={typed?.country ?? country}
            errors={errors}
            countryLabel="Business country"
            withPostalCode={false}
          />
          <TextInput
            label="Tax ID"
            name="tax_id"
            defaultValue={typed?.tax_id}
            errors={errors?.tax_id}
          />
          <TextInput
            label="Business name"
            name="tax_business_name"
            defaultValue={typed?.tax_business_name}
            autoComplete="organization"
            errors={errors?.tax_business_name}
          />
          <label className="flex items-center gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="set_tax_default"
              value="true"
              className="size-4 accent-ink"
            />
            Use this tax ID by default
          </label>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            Save tax information
          </button>
        </Form>
      </Panel>
    </AccountShell>
  );
}
