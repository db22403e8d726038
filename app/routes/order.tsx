import { Form, Link, redirect, useNavigation } from "react-router";
import { REFUND_REQUESTED } from "../../domain/account";
import { PLUS_DISCOUNT_PERCENT } from "../../domain/constants";
import { ORDER_PAID, SOMETHING_WENT_WRONG } from "../../domain/messages";
import { accountPost, failure, formId } from "../account/actions.server";
import { noticeFrom } from "../account/notices";
import { pageUrl } from "../account/page-url";
import { loadOrderPage } from "../cart/cart.server";
import { money } from "../cart/money";
import { licenceCodeLabel } from "../payments/licence-status-label";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Order #${loaderData.order.id} | Payonce` : "Order | Payonce" },
  { name: "robots", content: "noindex" },
];

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const loader = async ({ context, request, params }: Route.LoaderArgs) => ({
  ...(await loadOrderPage(context, request, params.id)),
  notice: noticeFrom(request, { refunded: REFUND_REQUESTED }),
});

/**
 * A refund asked from the order page: for a line the buyer gave to another account, which is no
 * longer among their products but whose money is theirs (decision 011). The products page's
 * refund goes through the same service, with the same rules.
 */
export async function action(args: Route.ActionArgs) {
  const { services, user, fields } = await accountPost(args, "refund");
  const target = fields.invoice_item;
  try {
    await services.products.refund(user, formId(target));
  } catch (err) {
    return failure(err, "refund", (_status, detail) => detail ?? SOMETHING_WENT_WRONG, target);
  }
  const back = pageUrl(args.request);
  back.search = "?notice=refunded";
  return redirect(`${back.pathname}${back.search}`);
}

/** The line under the heading: it speaks of licence codes only when the order lists some. */
function orderLead(status: string, hasCodes: boolean): string {
  if (status === "refunded") return "This order was refunded.";
  if (status !== "paid") return "Nothing has been charged for this order.";
  return hasCodes
    ? "We e-mailed your receipt. Your licence codes are below and in your products."
    : "We e-mailed your receipt. Everything you bought is in your products.";
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const refundError = (id: number) =>
    actionData && actionData.target === String(id)
      ? Object.values(actionData.errors).flatMap((v) => v ?? [])
      : [];
  const paid = order.status === "paid";
  const date = new Date(order.paid_at ?? order.created).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="rounded-2xl bg-emerald-50 px-5 py-6 sm:px-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-emerald-700">
          Order #{order.id} · {date}
        </p>
        <h1 className="mt-1 text-2xl font-black sm:text-3xl">
          {paid ? ORDER_PAID : `Order ${order.status}`}
        </h1>
        <p className="mt-2 text-sm text-ink-soft" data-testid="order-lead">
          {orderLead(
            order.status,
            order.items.some((item) => item.licences.length > 0),
          )}
        </p>
      </div>

      {notice ? (
        <p
          role="status"
          className="mt-6 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {notice}
        </p>
      ) : null}
      <ul className="mt-8 divide-y divide-black/5 border-y border-black/5" aria-label="Items">
        {order.items.map((item) => (
          <li key={item.id} className="py-5" data-testid="order-item">
            <div className="flex items-start justify-between gap-4">
              <div className="min-w-0">
                <p className="font-bold">{item.deal.public_name}</p>
                <p className="text-sm text-ink-soft">{item.plan?.public_name}</p>
              </div>
              <p className="font-bold tabular-nums">{money(item.price)}</p>
            </div>
            {item.addons.length ? (
              <ul className="mt-2 space-y-1 rounded-xl bg-stone-50 px-3 py-2 text-sm">
                {item.addons.map((a) => (
                  <li key={a.id} className="flex justify-between gap-3">
                    <span>
                      <span className="mr-1.5 font-bold text-brand-600">+</span>
                      {a.deal.public_name} · {a.plan?.public_name}
                    </span>
                    <span className="tabular-nums">
                      {a.price === 0 ? "Included" : money(a.price)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {item.licences.length ? (
              <div className="mt-3">
                <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft">
                  {item.licences.length === 1 ? "Licence code" : "Licence codes"}
                </p>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {item.licences.map((code) => {
                    const status = item.licence_status[code];
                    const label = licenceCodeLabel(status, item.licences_redeemed.includes(code));
                    return (
                      <li key={code}>
                        <code
                          className={`select-all rounded-lg border border-black/10 bg-white px-2 py-1 font-mono text-sm ${status === "revoked" ? "text-ink-soft line-through" : ""}`}
                        >
                          {code}
                        </code>
                        {label ? (
                          <span
                            className={`ml-1.5 text-xs font-semibold ${status ? "text-red-700" : "text-emerald-700"}`}
                          >
                            {label}
                          </span>
                        ) : null}
                      </li>
                    );
                  })}
                </ul>
              </div>
            ) : null}
            {item.refunded_at ? (
              <p className="mt-3 text-sm font-semibold text-ink-soft">Refunded</p>
            ) : item.transferred ? (
              <div
                className="mt-3 rounded-xl bg-stone-50 px-3 py-2 text-sm"
                data-testid="order-item-transferred"
              >
                <p>
                  You transferred this to another account.{" "}
                  {item.refund.refundable && item.refund.deadline
                    ? `As its buyer, you may still ask for a refund until ${new Date(item.refund.deadline).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" })}; their licence codes stop working.`
                    : null}
                </p>
                {item.refund.refundable ? (
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="refund" />
                    <input type="hidden" name="invoice_item" value={item.id} />
                    <button
                      type="submit"
                      disabled={busy}
                      className="rounded-full border border-red-700 px-4 py-1.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
                    >
                      Request refund
                    </button>
                  </Form>
                ) : null}
                {refundError(item.id).map((m) => (
                  <p key={m} role="alert" className="mt-2 text-red-700">
                    {m}
                  </p>
                ))}
              </div>
            ) : null}
            {paid && !item.is_plus ? (
              <div className="mt-3 flex flex-wrap gap-4 text-sm font-semibold">
                <Link to={item.deal.get_absolute_url} className="underline underline-offset-4">
                  View deal
                </Link>
                <Link
                  to={`/products/${item.deal.slug}/reviews/new/`}
                  className="underline underline-offset-4"
                >
                  Write a review
                </Link>
              </div>
            ) : item.is_plus ? (
              <p className="mt-2 text-sm text-emerald-700">
                Welcome to Plus: your {PLUS_DISCOUNT_PERCENT}% member discount applies from now on.
              </p>
            ) : null}
          </li>
        ))}
      </ul>

      <dl className="ml-auto mt-6 max-w-xs space-y-1.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-ink-soft">Subtotal</dt>
          <dd className="font-semibold tabular-nums">{money(order.subtotal)}</dd>
        </div>
        {order.coupon_discount > 0 ? (
          <div className="flex justify-between text-emerald-700">
            <dt>Coupon {order.coupon}</dt>
            <dd className="font-semibold tabular-nums">-{money(order.coupon_discount)}</dd>
          </div>
        ) : null}
        {order.credit > 0 ? (
          <div className="flex justify-between text-emerald-700">
            <dt>Credits</dt>
            <dd className="font-semibold tabular-nums">-{money(order.credit)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between border-t border-black/5 pt-2 text-base">
          <dt className="font-bold">Total paid</dt>
          <dd className="font-black tabular-nums" data-testid="order-total">
            {money(order.total)}
          </dd>
        </div>
      </dl>
      <p className="ml-auto max-w-xs pt-3 text-right text-sm">
        {/* A PDF download, not a page of the app: a plain link, not a client-side route. */}
        <a
          href={order.receipt_url}
          className="font-semibold underline underline-offset-4"
          data-testid="order-receipt"
        >
          {order.kind === "upgrade" ? "Upgrade receipt (PDF)" : "Receipt (PDF)"}
        </a>
      </p>
      {order.billing?.tax_business_name || order.billing?.billing_name ? (
        <p className="ml-auto max-w-xs text-right text-xs text-ink-soft">
          Billed to {order.billing.tax_business_name || order.billing.billing_name}
          {order.billing.tax_id ? ` · Tax ID ${order.billing.tax_id}` : ""}
        </p>
      ) : null}
      {order.card ? (
        <p className="ml-auto max-w-xs pt-1 text-right text-xs text-ink-soft">
          <span className="capitalize">{order.card.brand}</span> ending {order.card.last4}
        </p>
      ) : null}

      <div className="mt-10 text-center">
        <Link
          to="/browse"
          className="inline-block rounded-full bg-brand-400 px-6 py-3 font-bold hover:bg-brand-500"
        >
          Keep browsing deals
        </Link>
      </div>
    </main>
  );
}
