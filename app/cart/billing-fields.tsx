import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { BILLING_SAVED } from "../../domain/account";
import { cannotUpdateDetails } from "../../domain/messages";
import { CountryPostalFields, TextInput } from "../account/address-fields";
import { FieldError } from "../account/shell";
import { fieldMessages, firstMessage, postJson } from "../payments/post-json";
import { useBeforePay } from "./before-pay";

export const BILLING_INTENT = "billing";

/** The form's fields, as the loader gives them and the form posts them. */
export type BillingFieldValues = {
  country: string;
  postal_code: string;
  billing_name: string;
  billing_address1: string;
  billing_address2: string;
  billing_city: string;
  billing_state: string;
  tax_id: string;
  tax_business_name: string;
};

export type BillingFieldsData = {
  values: BillingFieldValues;
  /** The values are the buyer's saved details (not only a guess from the IP address). */
  saved: boolean;
  business: boolean;
};

export type BillingActionResult = {
  ok: boolean;
  message: string | null;
  field: "billing";
  errors?: Record<string, string[] | undefined>;
  values?: Partial<Record<string, string>>;
};

const checked = (value: string | undefined) => value === "on" || value === "true";

/**
 * The body of POST /api/users/update_billing_info/ (spec 001 section 7) from the form's fields:
 * the tax id and business name only for a business buyer, with the set-as-default choices.
 */
export function billingBody(fields: Record<string, string>) {
  const business = checked(fields.business);
  return {
    country: fields.country ?? "",
    postal_code: fields.postal_code ?? "",
    billing_name: fields.billing_name ?? "",
    billing_address1: fields.billing_address1 ?? "",
    billing_address2: fields.billing_address2 ?? "",
    billing_city: fields.billing_city ?? "",
    billing_state: fields.billing_state ?? "",
    tax_id: business ? (fields.tax_id ?? "") : "",
    tax_business_name: business ? (fields.tax_business_name ?? "") : "",
    set_billing_default: checked(fields.set_billing_default),
    set_tax_default: business && checked(fields.set_tax_default),
  };
}

const formFields = (form: HTMLFormElement): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === "string") out[key] = value;
  return out;
};

/**
 * Billing details at checkout (issue 30): country and postal code (prefilled from the details
 * saved last, else the country by IP), an optional name and address for the receipt, and for a
 * business buyer the tax id and business name (an ABN in Australia). Saved through
 * update_billing_info: with JavaScript by the JSON call, and before the card is charged when
 * they changed; without it, the cart page's action calls the same service.
 */
export function BillingFields({
  billing,
  actionData,
}: {
  billing: BillingFieldsData;
  actionData: BillingActionResult | null;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [country, setCountry] = useState(billing.values.country);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(
    actionData ? { ok: actionData.ok, text: actionData.message ?? "" } : null,
  );
  const [errors, setErrors] = useState(actionData?.errors);
  const [busy, setBusy] = useState(false);
  // Saved details need no saving before paying until they change; an IP guess always does.
  const dirty = useRef(!billing.saved);
  const typed = actionData?.values;
  const value = (name: keyof BillingFieldValues) => typed?.[name] ?? billing.values[name];

  // The spec's prefill call: nothing saved and no country from the page, ask GET /api/geoip_country/.
  useEffect(() => {
    if (country) return;
    let live = true;
    fetch("/api/geoip_country/", { credentials: "same-origin" })
      .then((res) => (res.ok ? res.json() : null))
      .then((json: { country?: string | null } | null) => {
        if (live && json?.country) setCountry(json.country);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [country]);

  const save = useCallback(async (): Promise<boolean> => {
    const form = formRef.current;
    if (!form) return false;
    setBusy(true);
    const answer = await postJson("/api/users/update_billing_info/", billingBody(formFields(form)));
    setBusy(false);
    if (answer.status === 200) {
      dirty.current = false;
      setErrors(undefined);
      setStatus({ ok: true, text: BILLING_SAVED });
      return true;
    }
    setErrors(fieldMessages(answer.body));
    setStatus({
      ok: false,
      text: firstMessage(answer, cannotUpdateDetails("billing", answer.status)),
    });
    return false;
  }, []);

  // Paying first saves details that changed, and a refusal stops the payment (the pay form awaits
  // this through the cart's BeforePayContext).
  const beforePay = useBeforePay();
  useEffect(() => {
    if (!beforePay) return;
    beforePay.current = async () => {
      // Nothing to save without a country: the card's own country decides (decision 014).
      const form = formRef.current;
      if (!dirty.current || !form || !formFields(form).country) return true;
      const ok = await save();
      if (!ok) formRef.current?.scrollIntoView({ block: "center", behavior: "smooth" });
      return ok;
    };
    return () => {
      beforePay.current = null;
    };
  }, [beforePay, save]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await save();
  }

  return (
    <section
      aria-labelledby="billing-heading"
      className="mt-6 rounded-2xl border border-black/10 px-4 py-5 sm:px-5"
      data-testid="billing-fields"
    >
      <h2 id="billing-heading" className="text-lg font-bold">
        Billing details
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        For your card and your receipt. The card you pay with needs a country, and a postal code in
        some countries.
      </p>
      <form
        method="post"
        ref={formRef}
        onSubmit={onSubmit}
        onInput={() => {
          dirty.current = true;
        }}
        onChange={() => {
          dirty.current = true;
        }}
        noValidate
        className="mt-4 space-y-4"
      >
        <input type="hidden" name="intent" value={BILLING_INTENT} />
        <CountryPostalFields
          key={country}
          defaultCountry={value("country") || country}
          defaultPostalCode={value("postal_code")}
          errors={errors}
        />
        <details
          className="group/address"
          open={Boolean(value("billing_name") || value("billing_address1"))}
        >
          <summary className="cursor-pointer text-sm font-semibold">
            Name and address on the receipt
            <span className="ml-1 font-normal text-ink-soft">(optional)</span>
          </summary>
          <div className="mt-3 grid gap-4 sm:grid-cols-2">
            <TextInput
              label="Name"
              name="billing_name"
              defaultValue={value("billing_name")}
              autoComplete="name"
              errors={errors?.billing_name}
            />
            <TextInput
              label="Address line 1"
              name="billing_address1"
              defaultValue={value("billing_address1")}
              autoComplete="address-line1"
              errors={errors?.billing_address1}
            />
            <TextInput
              label="Address line 2"
              name="billing_address2"
              defaultValue={value("billing_address2")}
              autoComplete="address-line2"
              errors={errors?.billing_address2}
            />
            <TextInput
              label="City"
              name="billing_city"
              defaultValue={value("billing_city")}
              autoComplete="address-level2"
              errors={errors?.billing_city}
            />
            <TextInput
              label="State or region"
              name="billing_state"
              defaultValue={value("billing_state")}
              autoComplete="address-level1"
              errors={errors?.billing_state}
            />
          </div>
        </details>
        {/* The business fields follow the toggle by CSS alone (peer), so they work without JavaScript. */}
        <div className="flex flex-wrap items-center gap-x-2 gap-y-3">
          <input
            id="billing-business"
            type="checkbox"
            name="business"
            defaultChecked={typed ? checked(typed.business) : billing.business}
            className="peer accent-ink"
          />
          <label htmlFor="billing-business" className="cursor-pointer text-sm font-semibold">
            I'm buying for a business
          </label>
          <div className="hidden basis-full gap-4 peer-checked:grid sm:grid-cols-2">
            <TextInput
              label="Business name"
              name="tax_business_name"
              defaultValue={value("tax_business_name")}
              autoComplete="organization"
              errors={errors?.tax_business_name}
            />
            <TextInput
              label="Tax ID (the ABN in Australia)"
              name="tax_id"
              defaultValue={value("tax_id")}
              errors={errors?.tax_id}
            />
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" name="set_tax_default" defaultChecked className="accent-ink" />
              Save as my default tax details
            </label>
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="set_billing_default" defaultChecked className="accent-ink" />
          Save as my default billing details
        </label>
        <FieldError id="billing-non-field-error" errors={errors?.non_field_errors} />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="submit"
            disabled={busy}
            className="rounded-full border border-ink px-5 py-2 text-sm font-bold hover:bg-stone-50 disabled:opacity-60"
          >
            {busy ? "Saving…" : "Save billing details"}
          </button>
          {status?.text ? (
            <p
              role={status.ok ? "status" : "alert"}
              className={`text-sm ${status.ok ? "text-emerald-700" : "text-red-700"}`}
            >
              {status.text}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
