import { Link } from "react-router";
import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import { SaveForm } from "../../staff/fields";
import { numberOr, utcIso } from "../../staff/forms";
import { ListPage } from "../../staff/list";
import { Confirm, cell, Field, StaffShell, useWrite } from "../../staff/ui";
import type { Route } from "./+types/giftcards";

export const meta: Route.MetaFunction = () => privateMeta("Gift cards (staff)");

export const loader = staffListLoader(StaffListQuery, async (services, q) => ({
  list: await services.staff.marketing.listGiftCards(q),
}));

function NewGiftCard() {
  return (
    <SaveForm
      label="New gift card"
      collection="/api/staff/giftcards/"
      what="Gift card"
      known={["code", "amount", "expires_at"]}
      body={(v) => ({
        code: v.code,
        amount: numberOr(v.amount) ?? undefined,
        expires_at: utcIso(v.expires_at),
      })}
    >
      {(errors) => (
        <>
          <Field label="Gift card code" name="code" errors={errors} />
          <Field label="Amount (USD)" name="amount" type="number" step="0.01" errors={errors} />
          <Field label="Expires (UTC)" name="expires_at" type="datetime-local" errors={errors} />
        </>
      )}
    </SaveForm>
  );
}

/** Ending a card that is not redeemed yet asks first: it can no longer be redeemed. */
function ExpireNow({ id, code }: { id: number; code: string }) {
  const { run } = useWrite();
  return (
    <Confirm
      trigger="Expire now"
      triggerLabel={`Expire now: ${code}`}
      title={`Expire ${code} now?`}
      description="The card can no longer be redeemed. Credit already redeemed stays with its buyer."
      confirm="Expire now"
      onConfirm={async () => {
        await run(
          "PATCH",
          `/api/staff/giftcards/${id}/`,
          { expires_at: new Date().toISOString() },
          `${code} expired.`,
        );
      }}
    />
  );
}

export default function StaffGiftCards({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const now = Date.now();
  return (
    <StaffShell title="Gift cards">
      <p className="mt-1 text-sm text-ink-soft">
        Discount codes are{" "}
        <Link to="/staff/coupons/" className="underline">
          coupons
        </Link>
        .
      </p>
      <ListPage
        searchLabel="Find a code"
        query={q.query}
        sort={q.sort}
        caption="Gift cards"
        columns={[
          { label: "Code", sort: "code" },
          { label: "Amount", sort: "amount" },
          "Redeemed",
          { label: "Expires", sort: "expires_at" },
          { label: "Created", sort: "created" },
          "Change",
        ]}
        list={list}
        empty="No gift card matches."
      >
        {list.items.map((g) => {
          const expired = g.expires_at !== null && new Date(g.expires_at).getTime() <= now;
          return (
            <tr key={g.id}>
              <th scope="row" className={`${cell} font-mono font-semibold`}>
                {g.code}
              </th>
              <td className={cell}>{money(g.amount)}</td>
              <td className={cell}>{g.redeemed_at ? when(g.redeemed_at) : "No"}</td>
              <td className={cell}>{g.expires_at ? when(g.expires_at) : "Never"}</td>
              <td className={cell}>{when(g.created)}</td>
              <td className={cell}>
                {g.redeemed_at || expired ? "—" : <ExpireNow id={g.id} code={g.code} />}
              </td>
            </tr>
          );
        })}
      </ListPage>
      <section
        aria-labelledby="new-gift-card"
        className="mt-8 rounded-2xl bg-white p-5 shadow-card"
      >
        <h2 id="new-gift-card" className="text-lg font-bold">
          New gift card
        </h2>
        <NewGiftCard />
      </section>
    </StaffShell>
  );
}
