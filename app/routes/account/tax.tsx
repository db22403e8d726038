import { redirect } from "react-router";
import { DETAILS_DELETED, TAX_SAVED } from "../../../domain/account";
import { cannotUpdateDetails } from "../../../domain/messages";
import { TaxSchema } from "../../../domain/schemas/billing";
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
import type { Route } from "./+types/tax";

const NOTICES = { saved: TAX_SAVED, deleted: DETAILS_DELETED };

export const meta: Route.MetaFunction = () => privateMeta("Tax information");

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

export async function action(args: Route.ActionArgs) {
  const { services, user, fields, intent } = await accountPost(args, "save");
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
  const { busy, errors, typed, rowErrors } = Entries.useForms(actionData, "save");
  return (
    <Entries.Page
      title="Tax information"
      subtitle="Your business's tax ID, shown on invoices. In Australia, the ABN is optional."
      notice={notice}
      rowErrors={rowErrors}
    >
      <Panel title="Saved tax IDs">
        <Entries.List count={entries.length} empty="No tax information yet." testId="tax-entries">
          {entries.map((t) => (
            <Entries.Row key={t.id}>
              <div className="min-w-0 text-sm">
                <Entries.EntryName isDefault={t.is_default}>{t.business_name}</Entries.EntryName>
                <p className="mt-1 text-ink-soft">
                  {countryName(t.country)}
                  {t.tax_id ? ` · ${t.tax_id}` : ""}
                </p>
              </div>
              <Entries.Remove intent="delete" name="entry_id" value={t.id}>
                Delete
              </Entries.Remove>
            </Entries.Row>
          ))}
        </Entries.List>
      </Panel>
      <Entries.AddForm title="Add tax information" intent="save" errors={errors}>
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
        <Entries.DefaultCheckbox name="set_tax_default">
          Use this tax ID by default
        </Entries.DefaultCheckbox>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Save tax information
        </button>
      </Entries.AddForm>
    </Entries.Page>
  );
}
