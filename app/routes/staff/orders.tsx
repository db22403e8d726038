import { Form, useLocation } from "react-router";
import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { listQuery, staffContext } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import {
  buttonStyles,
  Confirm,
  cell,
  DataTable,
  Pager,
  StaffShell,
  useWrite,
} from "../../staff/ui";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => privateMeta("Orders (staff)");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = staffContext(context, request);
  const q = listQuery(StaffListQuery, request);
  return { q, list: await services.staff.operations.listOrders(q) };
}

type Order = Route.ComponentProps["loaderData"]["list"]["items"][number];

function Refund({ order }: { order: Order }) {
  const { run } = useWrite();
  if (order.status !== "paid") return null;
  return (
    <Confirm
      trigger="Refund"
      triggerLabel={`Refund order #${order.id}`}
      title={`Refund order #${order.id}?`}
      description={`What is left of ${money(order.total, order.currency)} goes back to ${order.buyer?.email ?? "the buyer"}, who gets an e-mail. This cannot be undone.`}
      confirm="Refund order"
      onConfirm={async () => {
        await run("POST", `/api/staff/orders/${order.id}/refund/`, {}, "Order refunded.");
      }}
    />
  );
}

export default function StaffOrders({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const { search } = useLocation();
  return (
    <StaffShell title="Orders">
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search">
        <div>
          <label htmlFor="order-query" className="block text-sm font-semibold">
            Buyer e-mail or order id
          </label>
          <input
            id="order-query"
            name="query"
            type="search"
            defaultValue={q.query}
            className="mt-1 rounded-lg border border-black/15 px-3 py-2 text-sm"
          />
        </div>
        <button type="submit" className={buttonStyles.secondary}>
          Search
        </button>
      </Form>
      <DataTable
        caption="Orders, newest first"
        headers={["Order", "Buyer", "Status", "Total", "Placed", "Actions"]}
        count={list.items.length}
        empty="No order matches."
      >
        {list.items.map((o) => (
          <tr key={o.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              <a href={`/orders/${o.id}/`} className="text-brand-700 underline">
                #{o.id}
              </a>
            </th>
            <td className={cell}>{o.buyer?.email ?? "—"}</td>
            <td className={cell}>{o.status}</td>
            <td className={cell}>{money(o.total, o.currency)}</td>
            <td className={cell}>{when(o.created)}</td>
            <td className={cell}>
              <Refund order={o} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager list={list} search={search} />
    </StaffShell>
  );
}
