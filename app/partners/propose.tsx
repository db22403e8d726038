import { useState } from "react";
import { useRevalidator } from "react-router";
import { callApi, type FieldMap } from "../staff/api";
import { buttonStyles, Field, FormErrors, formValues } from "../staff/ui";
import { useToast } from "../ui/toast";

export type ProposableDeal = {
  id: number;
  name: string;
  card_description: string;
  product_url: string | null;
  plans: Array<{ id: number; name: string; price: number; original_price: number }>;
};

const DEAL_FIELDS: Array<["public_name" | "card_description" | "product_url", string]> = [
  ["public_name", "Public name"],
  ["card_description", "Card description"],
  ["product_url", "Product website"],
];

/**
 * The partner proposes edits of the deal's copy and plans; only what differs from today is
 * sent. Staff approve or decline it in the back office; the list below shows its state. The
 * API's field map (`deal.public_name`, `plans.{n}.price`) shows under the fields: plan indexes
 * are mapped back from the changed plans sent to the form's rows.
 */
export function ProposeChange({ deal }: { deal: ProposableDeal }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<FieldMap | undefined>();
  const [busy, setBusy] = useState(false);
  const current: Record<string, string> = {
    public_name: deal.name,
    card_description: deal.card_description,
    product_url: deal.product_url ?? "",
  };
  return (
    <form
      aria-label={`Propose a change to ${deal.name}`}
      className="mt-3 grid gap-3 sm:grid-cols-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const v = formValues(form);
        const dealChanges: Record<string, string> = {};
        for (const [field] of DEAL_FIELDS) {
          const value = (v[`deal.${field}`] ?? "").trim();
          if (value !== current[field]) dealChanges[field] = value;
        }
        const rows: number[] = [];
        const plans = deal.plans.flatMap((p, i) => {
          const change: Record<string, number> = {};
          for (const key of ["price", "original_price"] as const) {
            const raw = v[`plans.${i}.${key}`];
            if (raw !== undefined && raw !== "" && Number(raw) !== p[key])
              change[key] = Number(raw);
          }
          if (Object.keys(change).length === 0) return [];
          rows.push(i);
          return [{ id: p.id, ...change }];
        });
        const body = {
          ...(Object.keys(dealChanges).length ? { deal: dealChanges } : {}),
          ...(plans.length ? { plans } : {}),
          ...(v.note ? { note: v.note } : {}),
        };
        setBusy(true);
        const result = await callApi("POST", `/api/partners/deals/${deal.id}/changes/`, body);
        setBusy(false);
        if (result.ok) {
          setErrors(undefined);
          toast("Change proposed: staff will review it.");
          form.reset();
          await revalidator.revalidate();
          return;
        }
        const mapped: FieldMap = {};
        for (const [key, messages] of Object.entries(result.errors)) {
          const m = /^plans\.(\d+)\.(.+)$/.exec(key);
          mapped[m ? `plans.${rows[Number(m[1])] ?? m[1]}.${m[2]}` : key] = messages;
        }
        setErrors(mapped);
        toast(result.message, "error");
      }}
    >
      {DEAL_FIELDS.map(([field, label]) => (
        <Field
          key={field}
          label={label}
          name={`deal.${field}`}
          errors={errors}
          defaultValue={current[field]}
        />
      ))}
      {deal.plans.map((p, i) => (
        <fieldset key={p.id} className="rounded-xl border border-black/10 p-3 sm:col-span-2">
          <legend className="px-1 text-sm font-semibold">{p.name}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={`${p.name}: price (USD)`}
              name={`plans.${i}.price`}
              type="number"
              step="0.01"
              errors={errors}
              defaultValue={p.price}
            />
            <Field
              label={`${p.name}: original price (USD)`}
              name={`plans.${i}.original_price`}
              type="number"
              step="0.01"
              errors={errors}
              defaultValue={p.original_price}
            />
          </div>
        </fieldset>
      ))}
      <div className="sm:col-span-2">
        <Field label="Note for staff" name="note" errors={errors} />
      </div>
      <div className="sm:col-span-2">
        <FormErrors
          errors={errors}
          known={[
            ...DEAL_FIELDS.map(([f]) => `deal.${f}`),
            ...deal.plans.flatMap((_, i) => [`plans.${i}.price`, `plans.${i}.original_price`]),
            "note",
          ]}
        />
      </div>
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Propose change
        </button>
      </div>
    </form>
  );
}
