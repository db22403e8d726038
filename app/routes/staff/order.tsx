import { Form, Link, useNavigation } from "react-router";
import { privateMeta } from "../../seo/meta";
import { orNotFound, routeId, staffContext } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import { refundOrderAction } from "../../staff/order-refund.server";
import { buttonStyles, cell, StaffShell } from "../../staff/ui";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privateMeta(loaderData ? `Order #${loaderData.order.id} (staff)` : "Order (staff)");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const id = await routeId({ services }, params.id);
  const order = await orNotFound({ services }, () => services.staff.operations.getOrder(id));
  return { order, refunded: new URL(request.url).searchParams.get("notice") === "refunded" };
}

export const action = (args: Route.ActionArgs) => refundOrderAction(args);

/** One order for staff: its lines, each with a box to refund it alone (its add-ons follow). */
export default function StaffOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, refunded } = loaderData;
  const busy = useNavigation().state === "submitting";
  const open = order.items.filter((i) => i.refunded_at === null);
  const errors = actionData ? Object.values(actionData.errors).flat() : [];
  return (
    <StaffShell title={`Order #${order.id}`}>
      <p className="mt-1 text-sm text-ink-soft">
        <Link to="/staff/orders/" className="underline">
          All orders
        </Link>{" "}
        · {order.buyer?.email ?? "no buyer"} · {order.status} · {money(order.total, order.currency)}{" "}
        · {when(order.created)}
      </p>
      {refunded ? (
        <p
          role="status"
          className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          Refunded. The buyer was e-mailed.
        </p>
      ) : null}
      {errors.length ? (
        <p role="alert" className="mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {errors.join(" ")}
        </p>
      ) : null}
      <Form method="post" className="mt-4">
        <section
          aria-label="Order lines"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must take focus (axe)
          tabIndex={0}
          className="relative overflow-x-auto rounded-2xl border border-black/5 bg-white shadow-card"
        >
          <table className="w-full text-left text-sm">
            <caption className="px-4 pt-3 text-left text-sm font-semibold text-ink-soft">
              Lines: tick the ones to refund; an add-on follows its product
            </caption>
            <thead>
              <tr className="border-b border-black/10">
                <th scope="col" className="px-4 py-2 font-semibold">
                  Refund
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Line
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  Paid
                </th>
                <th scope="col" className="px-4 py-2 font-semibold">
                  State
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((i) => (
                <tr key={i.id} data-testid="staff-order-line">
                  <td className={cell}>
                    {i.refunded_at === null ? (
                      <input
                        type="checkbox"
                        name="invoice_items"
                        value={i.id}
                        id={`line-${i.id}`}
                        className="size-5"
                        aria-label={`Refund line #${i.id} ${i.deal_name}`}
                      />
                    ) : null}
                  </td>
                  <td className={cell}>
                    <label htmlFor={`line-${i.id}`} className="font-semibold">
                      {i.parent_id !== null ? "+ " : ""}
                      {i.deal_name}
                    </label>
                    <span className="block text-ink-soft">
                      #{i.id} · {i.plan_name ?? "—"}
                      {i.owner_id !== order.buyer?.id ? " · transferred" : ""}
                    </span>
                  </td>
                  <td className={`${cell} tabular-nums`}>
                    {money(i.price - i.discount, order.currency)}
                  </td>
                  <td className={cell}>
                    {i.refunded_at ? `Refunded ${when(i.refunded_at)}` : "Paid"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {order.status === "paid" && open.length ? (
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="submit"
              name="intent"
              value="refund_selected"
              className={buttonStyles.danger}
              disabled={busy}
            >
              Refund selected
            </button>
            <button
              type="submit"
              name="intent"
              value="refund_rest"
              className={buttonStyles.secondary}
              disabled={busy}
            >
              Refund the whole order
            </button>
          </div>
        ) : null}
      </Form>
    </StaffShell>
  );
}
