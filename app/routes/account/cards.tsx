import { redirect } from "react-router";
import { CARD_ADDED, CARD_DEFAULT_SET, CARD_REMOVED } from "../../../domain/account";
import { cannotChangePaymentMethod } from "../../../domain/messages";
import {
  CardCreateSchema,
  CardDefaultSchema,
  CardRemoveSchema,
} from "../../../domain/schemas/account";
import { fieldErrors } from "../../../domain/schemas/common";
import { accountPost, failure, invalid } from "../../account/actions.server";
import { CountryPostalFields } from "../../account/address-fields";
import { brandName } from "../../account/brand";
import { countryFromRequest, TEST_CARDS } from "../../account/data.server";
import * as Entries from "../../account/entry-list";
import { headerRecord, noticeFrom } from "../../account/notices";
import { Badge, buttonStyles, inputStyles, Panel } from "../../account/shell";
import { privateMeta } from "../../seo/meta";
import { cx } from "../../ui/format";
import { accountContext, requireUser } from "../accounts/accounts.server";
import type { Route } from "./+types/cards";

const NOTICES = { added: CARD_ADDED, removed: CARD_REMOVED, default: CARD_DEFAULT_SET };
const VERB = { create: "add", remove: "remove", default: "update" } as const;

export const meta: Route.MetaFunction = () => privateMeta("Payment methods");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services, session } = accountContext(context);
  const [cards, billing] = await Promise.all([
    services.cards.list(user.id),
    services.billing.list(user.id),
  ]);
  const address = billing.billing_details[0];
  return {
    cards,
    testCards: TEST_CARDS.map((c) => ({ token: c.token, label: `${c.label} ·· ${c.last4}` })),
    country: address?.country ?? countryFromRequest(session, headerRecord(request)) ?? "",
    postalCode: address?.postal_code ?? "",
    notice: noticeFrom(request, NOTICES),
  };
}

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { user, services, session, fields, ...post } = await accountPost(args, "create");
  const intent = post.intent as keyof typeof VERB;
  try {
    if (intent === "remove") {
      const parsed = CardRemoveSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, fieldErrors(parsed.error));
      await services.cards.remove(user.id, parsed.data.fingerprint_id);
      return redirect("/account/cards/?notice=removed");
    }
    if (intent === "default") {
      const parsed = CardDefaultSchema.safeParse(fields);
      if (!parsed.success) return invalid(intent, fieldErrors(parsed.error));
      await services.cards.setDefault(user.id, parsed.data.card);
      return redirect("/account/cards/?notice=default");
    }
    const parsed = CardCreateSchema.safeParse(fields);
    if (!parsed.success) return invalid("create", fieldErrors(parsed.error), fields);
    await services.cards.create(
      user.id,
      parsed.data,
      countryFromRequest(session, headerRecord(request)),
    );
    return redirect("/account/cards/?notice=added");
  } catch (err) {
    return failure(
      err,
      intent,
      (_status, detail) => detail ?? cannotChangePaymentMethod(VERB[intent] ?? "update"),
    );
  }
}

const BRAND_STYLES: Record<string, string> = {
  visa: "bg-[#1a1f71] text-white",
  mastercard: "bg-[#eb001b] text-white",
  amex: "bg-[#2e77bc] text-white",
  discover: "bg-[#ff6000] text-white",
  jcb: "bg-[#0b7a3e] text-white",
};

function BrandChip({ brand }: { brand: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "grid h-8 w-12 shrink-0 place-items-center rounded-md text-[10px] font-black uppercase tracking-wide",
        BRAND_STYLES[brand] ?? "bg-stone-200 text-ink",
      )}
    >
      {brand === "mastercard" ? "MC" : brand}
    </span>
  );
}

export default function CardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, testCards, country, postalCode, notice } = loaderData;
  const { busy, errors: addErrors, typed, rowErrors } = Entries.useForms(actionData, "create");
  const rowFieldError =
    actionData && actionData.intent !== "create"
      ? [...(actionData.errors.card ?? []), ...(actionData.errors.fingerprint_id ?? [])]
      : [];
  return (
    <Entries.Page
      title="Payment methods"
      subtitle="Cards saved for checkout and your Plus membership."
      notice={notice}
      rowErrors={[...rowErrors, ...rowFieldError]}
    >
      <Panel title="Saved cards">
        <Entries.List count={cards.length} empty="No saved cards yet." testId="card-list">
          {cards.map((c) => (
            <Entries.Row key={c.id} data-testid="card" data-expired={c.is_expired || undefined}>
              <div className={cx("flex min-w-0 items-center gap-3", c.is_expired && "opacity-50")}>
                <BrandChip brand={c.brand} />
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-ink">
                    {brandName(c.brand)} ending in {c.last4}
                  </p>
                  <p className="text-ink-soft">
                    {c.is_expired ? "Expired" : "Expires"} {String(c.exp_month).padStart(2, "0")}/
                    {c.exp_year}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {c.is_default ? <Badge tone="brand">Default</Badge> : null}
                  {c.is_plus ? <Badge tone="success">Plus membership</Badge> : null}
                  {c.is_expired ? <Badge tone="muted">Expired</Badge> : null}
                </div>
              </div>
              <div className="flex gap-2">
                {c.is_default || c.is_expired ? null : (
                  <Entries.MakeDefault name="card" value={c.id} />
                )}
                <Entries.Remove
                  intent="remove"
                  name="fingerprint_id"
                  value={c.fingerprint_id}
                  label={`Remove ${brandName(c.brand)} ending in ${c.last4}`}
                >
                  Remove
                </Entries.Remove>
              </div>
            </Entries.Row>
          ))}
        </Entries.List>
      </Panel>
      <Entries.AddForm title="Add a card" intent="create" errors={addErrors}>
        <div className="space-y-1.5">
          <label htmlFor="field-payment_method_id" className="text-sm font-semibold text-ink">
            Card
          </label>
          <select
            id="field-payment_method_id"
            name="payment_method_id"
            defaultValue={typed?.payment_method_id ?? ""}
            className={inputStyles(Boolean(addErrors?.payment_method_id))}
          >
            <option value="">Choose a test card</option>
            {testCards.map((t) => (
              <option key={t.token} value={t.token}>
                {t.label}
              </option>
            ))}
          </select>
          <p className="text-xs text-ink-soft">
            Payments run on the built-in test gateway: pick one of its test cards.
          </p>
          {addErrors?.payment_method_id ? (
            <p className="text-sm text-red-700">{addErrors.payment_method_id.join(" ")}</p>
          ) : null}
        </div>
        <CountryPostalFields
          defaultCountry={typed?.country ?? country}
          defaultPostalCode={typed?.postal_code ?? postalCode}
          errors={addErrors}
          countryLabel="Card country"
        />
        <Entries.DefaultCheckbox name="set_default">
          Make this my default card
        </Entries.DefaultCheckbox>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Add card
        </button>
      </Entries.AddForm>
    </Entries.Page>
  );
}
