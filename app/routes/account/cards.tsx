import { type FormEvent, useRef, useState } from "react";
import { redirect, useNavigate } from "react-router";
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
import { countryFromRequest } from "../../account/data.server";
import * as Entries from "../../account/entry-list";
import { headerRecord, noticeFrom } from "../../account/notices";
import { Badge, buttonStyles, Panel } from "../../account/shell";
import { CardEntry, type CardEntryHandle } from "../../payments/card-entry";
import { type PaymentsConfig, paymentsConfigOf } from "../../payments/payments-config";
import { fieldMessages, firstMessage, postJson } from "../../payments/post-json";
import { useStripe } from "../../payments/use-stripe";
import { privateMeta } from "../../seo/meta";
import { cx } from "../../ui/format";
import { useHydrated } from "../../ui/use-hydrated";
import { accountContext, requireUser } from "../accounts/accounts.server";
import { Alert, type FieldErrors, formLevelErrors } from "../accounts/form-ui";
import type { Route } from "./+types/cards";

const NOTICES = { added: CARD_ADDED, removed: CARD_REMOVED, default: CARD_DEFAULT_SET };
const VERB = { create: "add", remove: "remove", default: "update" } as const;

export const meta: Route.MetaFunction = () => privateMeta("Payment methods");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services, session, publicConfig } = accountContext(context);
  const [cards, billing] = await Promise.all([
    services.cards.list(user.id),
    services.billing.list(user.id),
  ]);
  const address = billing.billing_details[0];
  return {
    cards,
    payments: paymentsConfigOf(publicConfig),
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

const FIELDS_IN_PLACE = new Set([
  "non_field_errors",
  "detail",
  "payment_method_id",
  "country",
  "postal_code",
]);

/** The card's fields, country, postal code and default, in the body POST /account/cards/create/ takes. */
function cardBody(form: HTMLFormElement, paymentMethodId: string) {
  const fields = new FormData(form);
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" && value.trim() ? value.trim() : undefined;
  };
  return {
    payment_method_id: paymentMethodId,
    country: text("country"),
    postal_code: text("postal_code"),
    set_default: fields.get("set_default") === "true" || undefined,
  };
}

/**
 * Adding a card (issue 29): the card becomes a payment method id in the browser (the test
 * gateway's form, or Stripe's Card Element), then a JSON call saves it; the server's field
 * messages land beside their fields. The card's details never reach our server.
 */
function AddCardForm({
  payments,
  country,
  postalCode,
}: {
  payments: PaymentsConfig;
  country: string;
  postalCode: string;
}) {
  const stripe = useStripe(payments);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const entry = useRef<CardEntryHandle>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors | undefined>(undefined);
  // A saved card clears the card's fields (a new CardEntry); country and postal code stay.
  const [saved, setSaved] = useState(0);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setBusy(true);
    setErrors(undefined);
    try {
      const created = await entry.current?.createPaymentMethod();
      // The card form says what is wrong with the card.
      if (!created || "error" in created) return;
      const answer = await postJson("/account/cards/create/", cardBody(form, created.id));
      if (answer.status === 200 || answer.status === 201) {
        setSaved((n) => n + 1);
        await navigate("/account/cards/?notice=added", { preventScrollReset: true });
        return;
      }
      const fields = answer.status === 400 ? fieldMessages(answer.body) : {};
      setErrors(
        Object.keys(fields).length
          ? fields
          : { detail: [firstMessage(answer, cannotChangePaymentMethod("add"))] },
      );
    } finally {
      setBusy(false);
    }
  }

  // Messages of fields shown in place stay there; any other lands above the form.
  const formErrors = [
    ...formLevelErrors(errors),
    ...Object.entries(errors ?? {})
      .filter(([field]) => !FIELDS_IN_PLACE.has(field))
      .flatMap(([, messages]) => messages ?? []),
  ];
  return (
    <Panel title="Add a card">
      <form onSubmit={add} className="space-y-4" noValidate data-testid="add-card-form">
        {formErrors.length ? <Alert>{formErrors.join(" ")}</Alert> : null}
        <CardEntry
          key={saved}
          payments={payments}
          stripe={stripe}
          ref={entry}
          errors={errors?.payment_method_id}
        />
        <CountryPostalFields
          defaultCountry={country}
          defaultPostalCode={postalCode}
          errors={errors}
          countryLabel="Card country"
        />
        <Entries.DefaultCheckbox name="set_default">
          Make this my default card
        </Entries.DefaultCheckbox>
        <button type="submit" className={buttonStyles.primary} disabled={!hydrated || busy}>
          {busy ? "Adding…" : "Add card"}
        </button>
        <noscript>
          <p className="text-sm text-red-800">Adding a card needs JavaScript.</p>
        </noscript>
      </form>
    </Panel>
  );
}

export default function CardsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cards, payments, country, postalCode, notice } = loaderData;
  const { rowErrors } = Entries.useForms(actionData, "create");
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
      <AddCardForm payments={payments} country={country} postalCode={postalCode} />
    </Entries.Page>
  );
}
