import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import { ListPage } from "../../staff/list";
import { Confirm, cell, StaffShell, useWrite } from "../../staff/ui";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => privateMeta("Orders (staff)");

export const loader = staffListLoader(StaffListQuery, async (services, q) => ({
  list: await services.staff.operations.listOrders(q),
}));

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
  return (
    <StaffShell title="Orders">
      <ListPage
        searchLabel="Buyer e-mail or order id"
        query={q.query}
        sort={q.sort}
        caption="Orders, newest first"
        columns={[
          { label: "Order", sort: "id" },
          "Buyer",
          { label: "Status", sort: "status" },
          { label: "Total", sort: "total" },
          { label: "Placed", sort: "created" },
          "Actions",
        ]}
        list={list}
        empty="No order matches."
      >
        {list.items.map((o) => (
          <tr key={o.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              <a href={`/staff/orders/${o.id}/`} className="text-brand-700 underline">
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
      </ListPage>
    </StaffShell>
  );
}
