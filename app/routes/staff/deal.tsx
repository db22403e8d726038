import { Link } from "react-router";
import { DEAL_STATUSES, LISTING_TYPES } from "../../../domain/constants";
import { PLAN_TYPE_KEYS } from "../../../domain/search";
import { privateMeta } from "../../seo/meta";
import { staffContext } from "../../staff/access.server";
import { DealAlternatives } from "../../staff/alternatives";
import { money } from "../../staff/api";
import { BlockEditor } from "../../staff/block-editor";
import { DealRoles } from "../../staff/roles";
import {
  buttonStyles,
  Confirm,
  cell,
  DataTable,
  Field,
  FormErrors,
  formValues,
  SelectField,
  StaffShell,
  useWrite,
} from "../../staff/ui";
import { notFound } from "../../ui/not-found.server";
import { isDomainError, statusOf } from "../accounts/accounts.server";
import type { Route } from "./+types/deal";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privateMeta(loaderData ? `${loaderData.deal.public_name} (staff)` : "Deal (staff)");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw await notFound({ services });
  try {
    const [deal, blocks] = await Promise.all([
      services.staff.deals.get(id),
      services.staff.deals.getBlocks(id),
    ]);
    return { deal, blocks };
  } catch (err) {
    // An unknown deal is the store's 404 page, not a 500.
    if (isDomainError(err) && statusOf(err) === 404) throw await notFound({ services });
    throw err;
  }
}

type Deal = Route.ComponentProps["loaderData"]["deal"];

const DEAL_FIELDS = [
  "name",
  "public_name",
  "slug",
  "card_description",
  "listing_type",
  "deal_status",
  "product_url",
  "refundable_days",
];

/** Numbers go to the API as numbers; empty optional fields are left out. */
function dealBody(v: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === "listing_type") out[k] = x === "" ? null : x;
    else if (k === "refundable_days") {
      if (x !== "") out[k] = Number(x);
    } else if (k === "product_url") out[k] = x;
    else if (x !== "" || k === "card_description") out[k] = x;
  }
  return out;
}

function DealForm({ deal }: { deal: Deal }) {
  const { run, errors, busy } = useWrite();
  return (
    <section aria-labelledby="deal-fields" className="mt-6 rounded-2xl bg-white p-5 shadow-card">
      <h2 id="deal-fields" className="text-lg font-bold">
        Fields
      </h2>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            "PATCH",
            `/api/staff/deals/${deal.id}/`,
            dealBody(formValues(e.currentTarget)),
            "Deal saved.",
          );
        }}
      >
        <Field label="Internal name" name="name" defaultValue={deal.name} errors={errors} />
        <Field
          label="Public name"
          name="public_name"
          defaultValue={deal.public_name}
          errors={errors}
        />
        <Field label="Slug" name="slug" defaultValue={deal.slug} errors={errors} />
        <SelectField
          label="Listing type"
          name="listing_type"
          defaultValue={deal.listing_type}
          errors={errors}
          options={[["", "None"], ...LISTING_TYPES.map((t): [string, string] => [t, t])]}
        />
        <SelectField
          label="Deal status"
          name="deal_status"
          defaultValue={deal.deal_status}
          errors={errors}
          options={DEAL_STATUSES.map((t): [string, string] => [t, t])}
        />
        <Field
          label="Refundable days"
          name="refundable_days"
          type="number"
          defaultValue={deal.refundable_days}
          errors={errors}
        />
        <div className="sm:col-span-2">
          <Field
            label="Card description"
            name="card_description"
            defaultValue={deal.card_description}
            errors={errors}
          />
        </div>
        <div className="sm:col-span-2">
          <Field
            label="Product URL"
            name="product_url"
            type="url"
            defaultValue={deal.product_url}
            errors={errors}
          />
        </div>
        <div className="sm:col-span-2">
          <FormErrors errors={errors} known={DEAL_FIELDS} />
        </div>
        <div>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            Save deal
          </button>
        </div>
      </form>
    </section>
  );
}

const PLAN_FIELDS = ["name", "price", "original_price", "plan_type", "codes", "features"];

function planBody(v: Record<string, string>) {
  return {
    name: v.name,
    price: v.price === "" ? undefined : Number(v.price),
    original_price: v.original_price === "" ? undefined : Number(v.original_price),
    plan_type: v.plan_type,
    codes: v.codes === "" ? undefined : Number(v.codes),
    features: (v.features ?? "")
      .split("\n")
      .map((f) => f.trim())
      .filter(Boolean),
    is_active: v.is_active === "on",
  };
}

type Plan = Deal["plans"][number];

/** Adds a plan, or changes one (`plan` given). */
function PlanForm({ dealId, plan }: { dealId: number; plan?: Plan }) {
  const { run, errors, busy } = useWrite();
  const key = plan ? `plan-${plan.id}` : "plan-new";
  return (
    <form
      aria-label={plan ? `Plan ${plan.name}` : "New plan"}
      className="grid gap-3 sm:grid-cols-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const body = planBody(formValues(form));
        const result = plan
          ? await run("PATCH", `/api/staff/plans/${plan.id}/`, body, "Plan saved.")
          : await run("POST", `/api/staff/deals/${dealId}/plans/`, body, "Plan added.");
        if (result.ok && !plan) form.reset();
      }}
    >
      <Field label="Plan name" name="name" defaultValue={plan?.name} errors={errors} />
      <Field
        label="Price (USD)"
        name="price"
        type="number"
        step="0.01"
        defaultValue={plan?.price}
        errors={errors}
      />
      <Field
        label="Original price (USD)"
        name="original_price"
        type="number"
        step="0.01"
        defaultValue={plan?.original_price}
        errors={errors}
      />
      <SelectField
        label="Plan type"
        name="plan_type"
        defaultValue={plan?.plan_type ?? "lifetime_deal"}
        errors={errors}
        options={PLAN_TYPE_KEYS.map((t): [string, string] => [t, t.replaceAll("_", " ")])}
      />
      <Field
        label="Codes"
        name="codes"
        type="number"
        defaultValue={plan?.codes ?? 1}
        errors={errors}
      />
      <div className="flex items-end gap-2 pb-2">
        <input
          id={`${key}-active`}
          type="checkbox"
          name="is_active"
          defaultChecked={plan?.is_active ?? true}
        />
        <label htmlFor={`${key}-active`} className="text-sm font-semibold">
          Active
        </label>
      </div>
      <div className="sm:col-span-3">
        <label htmlFor={`${key}-features`} className="block text-sm font-semibold">
          Features (one a line)
        </label>
        <textarea
          id={`${key}-features`}
          name="features"
          rows={3}
          defaultValue={plan?.features.join("\n")}
          className="mt-1 block w-full rounded-lg border border-black/15 px-3 py-2 text-sm"
        />
        {errors?.features ? (
          <p className="mt-1 text-sm text-red-700">{errors.features.join(" ")}</p>
        ) : null}
      </div>
      <div className="sm:col-span-3">
        <FormErrors errors={errors} known={PLAN_FIELDS} />
      </div>
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {plan ? "Save plan" : "Add plan"}
        </button>
      </div>
    </form>
  );
}

function Publishing({ deal }: { deal: Deal }) {
  const { run, busy } = useWrite();
  return (
    <section aria-labelledby="publishing" className="mt-6 rounded-2xl bg-white p-5 shadow-card">
      <h2 id="publishing" className="text-lg font-bold">
        Publishing
      </h2>
      <p className="mt-1 text-sm" data-testid="deal-state">
        {deal.is_draft ? "Draft: not visible to the public." : "Published"}
        {deal.is_draft ? null : (
          <>
            {" at "}
            <Link to={deal.url} className="text-brand-700 underline">
              {deal.url}
            </Link>
          </>
        )}
      </p>
      <div className="mt-3">
        {deal.is_draft ? (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={busy}
            onClick={() =>
              run("POST", `/api/staff/deals/${deal.id}/publish/`, {}, "Deal published.")
            }
          >
            Publish
          </button>
        ) : (
          <Confirm
            trigger="Unpublish"
            title="Unpublish this deal?"
            description="Its page, search results and collections stop showing it at once."
            confirm="Unpublish"
            onConfirm={async () => {
              await run("POST", `/api/staff/deals/${deal.id}/unpublish/`, {}, "Deal unpublished.");
            }}
          />
        )}
      </div>
    </section>
  );
}

export default function StaffDeal({ loaderData }: Route.ComponentProps) {
  const { deal, blocks } = loaderData;
  return (
    <StaffShell title={deal.public_name}>
      <p className="mt-1 text-sm text-ink-soft">
        <Link to="/staff/deals/" className="underline">
          All deals
        </Link>{" "}
        · #{deal.id} · {deal.slug}
      </p>
      <Publishing deal={deal} />
      <DealForm deal={deal} />
      <DealRoles dealId={deal.id} roles={deal.roles} />
      <DealAlternatives alternatives={deal.alternatives} />
      <section aria-labelledby="plans" className="mt-6 rounded-2xl bg-white p-5 shadow-card">
        <h2 id="plans" className="text-lg font-bold">
          Plans
        </h2>
        <DataTable
          caption="The deal's plans"
          headers={["Plan", "Price", "Original", "Type", "Codes", "Active"]}
          count={deal.plans.length}
          empty="No plans yet."
        >
          {deal.plans.map((p) => (
            <tr key={p.id}>
              <th scope="row" className={`${cell} font-semibold`}>
                {p.name}
              </th>
              <td className={cell}>{money(p.price)}</td>
              <td className={cell}>{money(p.original_price)}</td>
              <td className={cell}>{p.plan_type}</td>
              <td className={cell}>{p.codes}</td>
              <td className={cell}>{p.is_active ? "Yes" : "No"}</td>
            </tr>
          ))}
        </DataTable>
        {deal.plans.map((p) => (
          <details key={p.id} className="mt-4 rounded-xl border border-black/10 p-4">
            <summary className="cursor-pointer font-semibold">Edit {p.name}</summary>
            <div className="mt-3">
              <PlanForm dealId={deal.id} plan={p} />
            </div>
          </details>
        ))}
        <h3 className="mt-6 font-bold">Add a plan</h3>
        <div className="mt-3">
          <PlanForm dealId={deal.id} />
        </div>
      </section>
      <BlockEditor
        key={deal.slug}
        dealId={deal.id}
        slug={deal.slug}
        source={blocks.source}
        blocks={blocks.blocks}
      />
    </StaffShell>
  );
}
