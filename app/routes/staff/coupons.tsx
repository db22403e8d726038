import { useLocation } from "react-router";
import { CAMPAIGN_DISCOUNT_TYPES } from "../../../domain/constants";
import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { listQuery, staffContext } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import {
  buttonStyles,
  cell,
  DataTable,
  Field,
  FormErrors,
  formValues,
  Pager,
  SelectField,
  StaffShell,
  useWrite,
} from "../../staff/ui";
import type { Route } from "./+types/coupons";

export const meta: Route.MetaFunction = () => privateMeta("Coupons and gift cards (staff)");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const q = listQuery(StaffListQuery, request);
  const [coupons, giftcards] = await Promise.all([
    services.staff.marketing.listCoupons(q),
    services.staff.marketing.listGiftCards({ query: "", page: 1 }),
  ]);
  return { coupons, giftcards };
}

const num = (v: string | undefined) => (v ? Number(v) : undefined);

function NewCoupon() {
  const { run, errors, busy } = useWrite();
  return (
    <form
      aria-label="New coupon"
      className="mt-4 grid gap-3 sm:grid-cols-4"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const v = formValues(form);
        const body = {
          code: v.code,
          type: v.type,
          value: num(v.value),
          max_uses: num(v.max_uses) ?? null,
          single_use: v.single_use === "on",
        };
        const result = await run("POST", "/api/staff/coupons/", body, "Coupon created.");
        if (result.ok) form.reset();
      }}
    >
      <Field label="Code" name="code" errors={errors} />
      <SelectField
        label="Type"
        name="type"
        errors={errors}
        options={CAMPAIGN_DISCOUNT_TYPES.map((t): [string, string] => [t, t])}
      />
      <Field label="Value" name="value" type="number" step="0.01" errors={errors} />
      <Field label="Max uses" name="max_uses" type="number" errors={errors} />
      <div className="flex items-center gap-2">
        <input id="coupon-single" type="checkbox" name="single_use" />
        <label htmlFor="coupon-single" className="text-sm font-semibold">
          One use per buyer
        </label>
      </div>
      <div className="sm:col-span-4">
        <FormErrors errors={errors} known={["code", "type", "value", "max_uses"]} />
      </div>
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Create coupon
        </button>
      </div>
    </form>
  );
}

function NewGiftCard() {
  const { run, errors, busy } = useWrite();
  return (
    <form
      aria-label="New gift card"
      className="mt-4 grid gap-3 sm:grid-cols-3"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const v = formValues(form);
        const result = await run(
          "POST",
          "/api/staff/giftcards/",
          { code: v.code, amount: num(v.amount) },
          "Gift card created.",
        );
        if (result.ok) form.reset();
      }}
    >
      <Field label="Gift card code" name="code" errors={errors} />
      <Field label="Amount (USD)" name="amount" type="number" step="0.01" errors={errors} />
      <div className="flex items-end">
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Create gift card
        </button>
      </div>
      <div className="sm:col-span-3">
        <FormErrors errors={errors} known={["code", "amount"]} />
      </div>
    </form>
  );
}

export default function StaffCoupons({ loaderData }: Route.ComponentProps) {
  const { coupons, giftcards } = loaderData;
  const { search } = useLocation();
  return (
    <StaffShell title="Coupons and gift cards">
      <DataTable
        caption="Coupons"
        headers={["Code", "Discount", "Used", "Window", "Active"]}
        count={coupons.items.length}
        empty="No coupons yet."
      >
        {coupons.items.map((c) => (
          <tr key={c.id}>
            <th scope="row" className={`${cell} font-mono font-semibold`}>
              {c.code}
            </th>
            <td className={cell}>{c.type === "percent" ? `${c.value}%` : money(c.value)}</td>
            <td className={cell}>
              {c.used_count}
              {c.max_uses ? ` of ${c.max_uses}` : ""}
            </td>
            <td className={cell}>
              {c.start_date || c.end_date
                ? `${when(c.start_date)} – ${when(c.end_date)}`
                : "Always"}
            </td>
            <td className={cell}>{c.is_active ? "Yes" : "No"}</td>
          </tr>
        ))}
      </DataTable>
      <Pager list={coupons} search={search} />
      <NewCoupon />
      <DataTable
        caption="Gift cards"
        headers={["Code", "Amount", "Redeemed", "Expires"]}
        count={giftcards.items.length}
        empty="No gift cards yet."
      >
        {giftcards.items.map((g) => (
          <tr key={g.id}>
            <th scope="row" className={`${cell} font-mono font-semibold`}>
              {g.code}
            </th>
            <td className={cell}>{money(g.amount)}</td>
            <td className={cell}>{g.redeemed_at ? when(g.redeemed_at) : "No"}</td>
            <td className={cell}>{when(g.expires_at)}</td>
          </tr>
        ))}
      </DataTable>
      <NewGiftCard />
    </StaffShell>
  );
}
