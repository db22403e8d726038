import { Link } from "react-router";
import { CAMPAIGN_DISCOUNT_TYPES } from "../../../domain/constants";
import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import { SaveForm, ScheduleFields } from "../../staff/fields";
import { numberOr, utcIso } from "../../staff/forms";
import { ListPage } from "../../staff/list";
import {
  buttonStyles,
  Confirm,
  cell,
  Field,
  SelectField,
  StaffShell,
  useWrite,
} from "../../staff/ui";
import type { Route } from "./+types/coupons";

export const meta: Route.MetaFunction = () => privateMeta("Coupons (staff)");

export const loader = staffListLoader(StaffListQuery, async (services, q) => ({
  list: await services.staff.marketing.listCoupons(q),
}));

function NewCoupon() {
  return (
    <SaveForm
      label="New coupon"
      collection="/api/staff/coupons/"
      what="Coupon"
      className="mt-4 grid gap-3 sm:grid-cols-4"
      known={["code", "type", "value", "max_uses", "start_date", "end_date"]}
      body={(v) => ({
        code: v.code,
        type: v.type,
        value: numberOr(v.value) ?? undefined,
        max_uses: numberOr(v.max_uses),
        single_use: v.single_use === "on",
        start_date: utcIso(v.start_date),
        end_date: utcIso(v.end_date),
      })}
    >
      {(errors) => (
        <>
          <Field label="Code" name="code" errors={errors} />
          <SelectField
            label="Type"
            name="type"
            errors={errors}
            options={CAMPAIGN_DISCOUNT_TYPES.map((t): [string, string] => [t, t])}
          />
          <Field label="Value" name="value" type="number" step="0.01" errors={errors} />
          <Field label="Max uses" name="max_uses" type="number" errors={errors} />
          <ScheduleFields errors={errors} />
          <div className="flex items-center gap-2">
            <input id="coupon-single" type="checkbox" name="single_use" />
            <label htmlFor="coupon-single" className="text-sm font-semibold">
              One use per buyer
            </label>
          </div>
        </>
      )}
    </SaveForm>
  );
}

/** Turning a coupon off asks first (buyers can no longer use it); turning it on does not. */
function CouponActive({ id, code, active }: { id: number; code: string; active: boolean }) {
  const { run, busy } = useWrite();
  const set = (is_active: boolean, done: string) =>
    run("PATCH", `/api/staff/coupons/${id}/`, { is_active }, done);
  return active ? (
    <Confirm
      trigger="Turn off"
      triggerLabel={`Turn off ${code}`}
      title={`Turn off ${code}?`}
      description="Buyers can no longer use this coupon; orders that used it keep their discount."
      confirm="Turn off"
      onConfirm={async () => {
        await set(false, `${code} turned off.`);
      }}
    />
  ) : (
    <button
      type="button"
      className={buttonStyles.secondary}
      aria-label={`Turn on ${code}`}
      disabled={busy}
      onClick={() => void set(true, `${code} turned on.`)}
    >
      Turn on
    </button>
  );
}

export default function StaffCoupons({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  return (
    <StaffShell title="Coupons">
      <p className="mt-1 text-sm text-ink-soft">
        Gift cards have{" "}
        <Link to="/staff/giftcards/" className="underline">
          their own list
        </Link>
        .
      </p>
      <ListPage
        searchLabel="Find a code"
        query={q.query}
        sort={q.sort}
        caption="Coupons"
        columns={[
          { label: "Code", sort: "code" },
          "Discount",
          { label: "Used", sort: "used" },
          { label: "Starts", sort: "start_date" },
          { label: "Ends", sort: "end_date" },
          { label: "Active", sort: "active" },
          "Change",
        ]}
        list={list}
        empty="No coupon matches."
      >
        {list.items.map((c) => (
          <tr key={c.id}>
            <th scope="row" className={`${cell} font-mono font-semibold`}>
              {c.code}
            </th>
            <td className={cell}>{c.type === "percent" ? `${c.value}%` : money(c.value)}</td>
            <td className={cell}>
              {c.used_count}
              {c.max_uses ? ` of ${c.max_uses}` : ""}
            </td>
            <td className={cell}>{c.start_date ? when(c.start_date) : "Always"}</td>
            <td className={cell}>{c.end_date ? when(c.end_date) : "Never"}</td>
            <td className={cell}>{c.is_active ? "Yes" : "No"}</td>
            <td className={cell}>
              <CouponActive id={c.id} code={c.code} active={c.is_active} />
            </td>
          </tr>
        ))}
      </ListPage>
      <section aria-labelledby="new-coupon" className="mt-8 rounded-2xl bg-white p-5 shadow-card">
        <h2 id="new-coupon" className="text-lg font-bold">
          New coupon
        </h2>
        <NewCoupon />
      </section>
    </StaffShell>
  );
}
