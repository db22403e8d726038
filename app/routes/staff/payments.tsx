import { privateMeta } from "../../seo/meta";
import { staffContext } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import { cell, StaffShell } from "../../staff/ui";
import { cx } from "../../ui/format";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => privateMeta("Payments (staff)");

/**
 * Staff: the provider's payments of the last 30 days against our orders (issue 29): matched,
 * missing (paid there, no order here) or different (the order's total is not what was charged),
 * the disputes and the latest webhook events.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const [report, events] = await Promise.all([
    services.payments.reconciliation(30),
    services.payments.recentEvents(30),
  ]);
  return {
    provider: services.gateway.name,
    report,
    events: events.map((e) => ({
      id: e.id,
      type: e.type,
      objectId: e.objectId,
      outcome: e.outcome,
      received: e.receivedAt.toISOString(),
    })),
  };
}

const STATE_STYLE = {
  matched: "bg-emerald-50 text-emerald-800",
  missing: "bg-red-50 text-red-800",
  different: "bg-amber-50 text-amber-900",
} as const;

export default function StaffPayments({ loaderData }: Route.ComponentProps) {
  const { report, events, provider } = loaderData;
  return (
    <StaffShell title="Payments">
      <p className="text-sm text-ink-soft">
        {provider === "stripe" ? "Stripe" : "The test gateway"}'s payments since{" "}
        {when(report.since)}, against our orders.
        {provider === "stripe"
          ? ""
          : " The test gateway keeps a record of 3-D Secure payments only; the others pay at once and are not listed."}
      </p>
      <ul className="mt-4 flex flex-wrap gap-2 text-sm" aria-label="Reconciliation">
        {(["matched", "missing", "different"] as const).map((state) => (
          <li
            key={state}
            className={cx("rounded-full px-3 py-1 font-semibold", STATE_STYLE[state])}
            data-testid={`payments-${state}`}
          >
            {report.counts[state]} {state}
          </li>
        ))}
      </ul>
      <div className="mt-4 overflow-x-auto rounded-2xl border border-black/5 bg-white shadow-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Payments against orders</caption>
          <thead className="bg-stone-50 text-xs uppercase tracking-wide text-ink-soft">
            <tr>
              <th className={cell}>Payment</th>
              <th className={cell}>State</th>
              <th className={cell}>Amount</th>
              <th className={cell}>Fee / net</th>
              <th className={cell}>Refunded</th>
              <th className={cell}>Order</th>
              <th className={cell}>Paid</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-black/5">
            {report.results.length === 0 ? (
              <tr>
                <td className={cell} colSpan={7}>
                  No payments in this window.
                </td>
              </tr>
            ) : null}
            {report.results.map((r) => (
              <tr key={r.payment_intent}>
                <th scope="row" className={cx(cell, "max-w-56 truncate font-mono text-xs")}>
                  {r.payment_intent}
                </th>
                <td className={cell}>
                  <span
                    className={cx(
                      "rounded-full px-2 py-0.5 text-xs font-semibold",
                      STATE_STYLE[r.state],
                    )}
                  >
                    {r.state}
                  </span>
                  {r.note ? (
                    <span className="mt-1 block text-xs text-ink-soft">{r.note}</span>
                  ) : null}
                </td>
                <td className={cell}>{money(r.amount)}</td>
                <td className={cell}>
                  {money(r.fee)} / {money(r.net)}
                </td>
                <td className={cell}>{r.refunded ? money(r.refunded) : "—"}</td>
                <td className={cell}>
                  {r.order_id ? (
                    <a href={`/orders/${r.order_id}/`} className="text-brand-700 underline">
                      #{r.order_id}
                    </a>
                  ) : (
                    "—"
                  )}
                  {r.order_status ? ` · ${r.order_status}` : ""}
                </td>
                <td className={cell}>{when(r.created)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="mt-10 text-lg font-bold">Disputes</h2>
      {report.disputes.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No disputes.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm">
          {report.disputes.map((d) => (
            <li key={d.id} className="rounded-xl border border-black/5 bg-white px-4 py-3">
              <strong>{money(d.amount)}</strong> on{" "}
              {d.order_id ? (
                <a href={`/orders/${d.order_id}/`} className="text-brand-700 underline">
                  order #{d.order_id}
                </a>
              ) : (
                d.payment_intent
              )}{" "}
              · {d.reason?.replaceAll("_", " ") ?? "no reason given"} ·{" "}
              {d.outcome ? `closed, ${d.outcome}` : `open (${d.status.replaceAll("_", " ")})`} ·
              opened {when(d.opened_at)}
            </li>
          ))}
        </ul>
      )}

      <h2 className="mt-10 text-lg font-bold">Latest events</h2>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">No events received yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-black/5 rounded-2xl border border-black/5 bg-white text-sm">
          {events.map((e) => (
            <li key={e.id} className="flex flex-wrap justify-between gap-2 px-4 py-2">
              <span>
                <span className="font-mono text-xs">{e.type}</span> · {e.objectId ?? "—"}
              </span>
              <span className="text-ink-soft">
                {e.outcome} · {when(e.received)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </StaffShell>
  );
}
