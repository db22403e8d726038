import { Form, Link, redirect, useNavigation } from "react-router";
import { PRODUCT_FILTER_LABELS, PRODUCT_FILTERS, REFUND_REQUESTED } from "../../../domain/account";
import {
  ASK_OWNER_QUESTIONS,
  OWNER_QUESTIONS_SAVED,
  PAYMENT_PROCESSING,
  SOMETHING_WENT_WRONG,
  TRANSFER_INITIATED,
  UPGRADE_DONE,
} from "../../../domain/messages";
import type { LicenceStatus } from "../../../domain/payments";
import { ProductsQuerySchema, TransferSchema } from "../../../domain/schemas/account";
import { fieldErrors } from "../../../domain/schemas/common";
import { productListJson } from "../../../server/web/commerce-presenters";
import { accountPost, failure, formId, invalid } from "../../account/actions.server";
import { noticeFrom } from "../../account/notices";
import { pageUrl } from "../../account/page-url";
import { AccountShell, Badge, buttonStyles, inputStyles, Panel } from "../../account/shell";
import { TransferForm } from "../../account/transfer-form";
import { loadUpgrades, upgradeAction } from "../../account/upgrade-actions.server";
import { UpgradeOffers, useUpgradeConfirm } from "../../account/upgrade-offers";
import { appContext } from "../../context";
import { licenceStatusLabel } from "../../payments/licence-status-label";
import { privateMeta } from "../../seo/meta";
import { cx, priceLabel } from "../../ui/format";
import { Pagination } from "../../ui/pagination";
import { accountContext, requireUser } from "../accounts/accounts.server";
import { Alert, formLevelErrors } from "../accounts/form-ui";
import type { Route } from "./+types/products";

const NOTICES = {
  refunded: REFUND_REQUESTED,
  transferred: TRANSFER_INITIATED,
  upgraded: UPGRADE_DONE,
  processing: PAYMENT_PROCESSING,
  owner_questions: OWNER_QUESTIONS_SAVED,
};

export const meta: Route.MetaFunction = () => privateMeta("Your products");

/** A licence code's state; a code without one (before issue 29's field) is active. */
const licenceStatusOf = (code: { code: string; status?: LicenceStatus | null }): LicenceStatus =>
  code.status ?? "active";

const dateLabel = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = accountContext(context);
  const url = new URL(request.url);
  const query = ProductsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const list = await services.products.list(user.id, query);
  const upgrades = await loadUpgrades(
    context.get(appContext),
    // Add-ons and refunded lines offer no upgrade: not even asked about.
    list.results.filter((p) => p.parent_invoice_item_id === null && !p.refundedAt).map((p) => p.id),
  );
  // Whether the owner is asked new questions on the deals they own (issue 33).
  const askOwnerQuestions = await services.discussions.askOwnerQuestions(user);
  return {
    ...productListJson(list),
    ...upgrades,
    askOwnerQuestions,
    notice: noticeFrom(request, NOTICES),
  };
}

export async function action(args: Route.ActionArgs) {
  const { services, user, fields, intent } = await accountPost(args, "");
  const { request } = args;
  const target = fields.invoice_item;
  // Back to the same list (filter, search, page) the buyer was looking at.
  const back = pageUrl(request);
  if (intent === "upgrade" || intent === "upgrade_confirm") {
    return upgradeAction(args.context.get(appContext), request, fields, intent);
  }
  if (intent === "owner_questions") {
    await services.discussions.setAskOwnerQuestions(user, fields.ask_owner_questions === "true");
    back.searchParams.set("notice", "owner_questions");
    return redirect(`${back.pathname}${back.search}`);
  }
  try {
    if (intent === "refund") {
      await services.products.refund(user, formId(target));
      back.searchParams.set("notice", "refunded");
      return redirect(`${back.pathname}${back.search}`);
    }
    const parsed = TransferSchema.safeParse(fields);
    if (!parsed.success) return invalid("transfer", fieldErrors(parsed.error), fields, target);
    await services.transfers.transfer(user, parsed.data);
    back.searchParams.set("notice", "transferred");
    return redirect(`${back.pathname}${back.search}`);
  } catch (err) {
    return failure(err, intent, (_status, detail) => detail ?? SOMETHING_WENT_WRONG, target);
  }
}

export default function ProductsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { results, meta, notice, upgrades, cards, upgradeKey, payments } = loaderData;
  const busy = useNavigation().state === "submitting";
  const challenge = actionData && "challenge" in actionData ? actionData.challenge : null;
  const upgrading = useUpgradeConfirm(challenge, payments);
  const href = (params: { f?: string; q?: string; page?: number }) => {
    const search = new URLSearchParams();
    const f = params.f ?? meta.f;
    const q = params.q ?? meta.q;
    if (f !== "all") search.set("f", f);
    if (q) search.set("q", q);
    if (params.page && params.page > 1) search.set("page", String(params.page));
    const s = search.toString();
    return s ? `?${s}` : "?";
  };
  const csv = new URLSearchParams({ f: meta.f, q: meta.q });
  const rowErrors = (id: number) =>
    actionData && actionData.target === String(id)
      ? [
          ...formLevelErrors(actionData.errors),
          ...Object.entries(actionData.errors)
            .filter(([k]) => k !== "non_field_errors" && k !== "detail")
            .flatMap(([, v]) => v ?? []),
        ]
      : [];
  return (
    <AccountShell
      title="Your products"
      subtitle={`${meta.total} ${meta.total === 1 ? "purchase" : "purchases"}`}
      actions={
        <a
          href={`/api/users/products/download/?${csv.toString()}`}
          download
          className={buttonStyles.secondary}
          data-testid="products-csv"
        >
          Download CSV
        </a>
      }
    >
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {upgrading.confirming ? <Alert tone="info">Confirming your payment…</Alert> : null}
      {upgrading.message ? <Alert>{upgrading.message}</Alert> : null}
      {actionData?.intent === "upgrade_confirm" ? (
        <Alert>{formLevelErrors(actionData.errors).join(" ") || SOMETHING_WENT_WRONG}</Alert>
      ) : null}
      <div className="flex flex-col gap-3">
        {/* The pills wrap to a second row on a phone: all five in view, no scroller of their own. */}
        <nav aria-label="Filter products">
          <ul className="flex flex-wrap gap-1.5">
            {PRODUCT_FILTERS.map((f) => (
              <li key={f}>
                <Link
                  to={href({ f, page: 1 })}
                  aria-current={meta.f === f ? "page" : undefined}
                  className={cx(
                    "block whitespace-nowrap rounded-full border px-3.5 py-1.5 text-sm font-semibold",
                    meta.f === f
                      ? "border-ink bg-ink text-white"
                      : "border-black/10 bg-white text-ink hover:bg-stone-50",
                  )}
                >
                  {PRODUCT_FILTER_LABELS[f]}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Form
          method="get"
          role="search"
          aria-label="Search your products"
          className="flex gap-2 sm:max-w-md"
        >
          {meta.f !== "all" ? <input type="hidden" name="f" value={meta.f} /> : null}
          <label htmlFor="products-q" className="sr-only">
            Search your products
          </label>
          <input
            id="products-q"
            name="q"
            type="search"
            defaultValue={meta.q}
            placeholder="Search products or codes"
            className={inputStyles()}
          />
          <button type="submit" className={buttonStyles.secondary}>
            Search
          </button>
        </Form>
      </div>
      {results.length === 0 ? (
        <Panel>
          <p className="text-sm text-ink-soft">
            {meta.q || meta.f !== "all" ? "No products match." : "You haven't bought anything yet."}{" "}
            <Link
              to="/browse"
              className="font-semibold text-ink underline decoration-brand-400 decoration-2"
            >
              Browse deals
            </Link>
          </p>
        </Panel>
      ) : (
        <ul className="space-y-4" data-testid="product-list">
          {results.map((p) => {
            const errors = rowErrors(p.invoice_item);
            return (
              <li
                key={p.invoice_item}
                data-testid="product"
                className="rounded-2xl border border-black/5 bg-white p-5 shadow-card"
              >
                <div className="flex flex-wrap items-start gap-4">
                  <div className="grid size-12 shrink-0 place-items-center overflow-hidden rounded-xl bg-stone-100 text-lg font-black text-ink">
                    {p.deal.product_logo ? (
                      <img
                        src={p.deal.product_logo}
                        alt=""
                        className="size-full object-contain"
                        loading="lazy"
                      />
                    ) : (
                      p.deal.name.slice(0, 1)
                    )}
                  </div>
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={p.deal.get_absolute_url}
                        className="text-base font-bold text-ink hover:underline"
                      >
                        {p.deal.name}
                      </Link>
                      {p.is_addon ? <Badge>Add-on</Badge> : null}
                      {p.refunded_at ? <Badge tone="muted">Refunded</Badge> : null}
                      {p.received_by_transfer ? (
                        <Badge tone="brand">Transferred to you</Badge>
                      ) : null}
                    </div>
                    <p className="mt-0.5 text-sm text-ink-soft">
                      {[
                        p.plan?.public_name,
                        priceLabel(p.price),
                        `Bought ${dateLabel(p.purchased_at)}`,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                    {p.licence_codes.length ? (
                      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Licence codes">
                        {p.licence_codes.map((c) => {
                          const status = licenceStatusOf(c);
                          return (
                            <li
                              key={c.code}
                              data-status={status}
                              className={cx(
                                "flex items-center gap-2 rounded-lg border border-dashed px-2.5 py-1 font-mono text-xs text-ink",
                                status === "held" && "border-amber-400 bg-amber-50",
                                status === "revoked" ? "border-ink/15 opacity-60" : "border-ink/25",
                              )}
                            >
                              <span
                                className={cx(
                                  "select-all",
                                  status === "revoked" && "line-through decoration-ink/60",
                                )}
                              >
                                {c.code}
                              </span>
                              <span
                                className={cx(
                                  "font-sans text-[11px] font-bold",
                                  status === "held"
                                    ? "text-amber-800"
                                    : status === "revoked"
                                      ? "text-ink-soft"
                                      : c.redeemed
                                        ? "text-emerald-700"
                                        : "text-ink-soft",
                                )}
                              >
                                {licenceStatusLabel(status) ??
                                  (c.redeemed ? "Redeemed" : "Not redeemed")}
                              </span>
                            </li>
                          );
                        })}
                      </ul>
                    ) : null}
                    <p className="mt-3 text-xs text-ink-soft">
                      {p.refund.text}
                      {p.refund.refundable && p.refund.deadline
                        ? ` · refund until ${dateLabel(p.refund.deadline)}`
                        : ""}
                    </p>
                  </div>
                  <div className="flex w-full flex-wrap gap-2 sm:w-auto">
                    {p.refund.refundable ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="refund" />
                        <input type="hidden" name="invoice_item" value={p.invoice_item} />
                        <button type="submit" className={buttonStyles.danger} disabled={busy}>
                          Request refund
                        </button>
                      </Form>
                    ) : null}
                  </div>
                </div>
                {upgrades[String(p.invoice_item)] ? (
                  <UpgradeOffers
                    invoiceItem={p.invoice_item}
                    options={upgrades[String(p.invoice_item)] ?? []}
                    cards={cards}
                    idempotencyKey={upgradeKey}
                    busy={busy || upgrading.confirming}
                    errors={actionData?.intent === "upgrade" ? errors : undefined}
                  />
                ) : null}
                {errors.length && actionData?.intent === "refund" ? (
                  <div className="mt-3">
                    <Alert>{errors.join(" ")}</Alert>
                  </div>
                ) : null}
                {p.transferable ? (
                  <details
                    className="mt-3 border-t border-black/5 pt-3"
                    open={actionData?.intent === "transfer" && errors.length > 0}
                  >
                    <summary className="cursor-pointer text-sm font-semibold text-ink hover:underline">
                      Transfer to another account
                    </summary>
                    <TransferForm
                      invoiceItem={p.invoice_item}
                      planId={p.plan?.id ?? null}
                      busy={busy}
                      errors={actionData?.intent === "transfer" ? errors : undefined}
                    />
                  </details>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={meta.page} totalPages={meta.pages} href={(page) => href({ page })} />
      <Form method="post" className="mt-6 flex flex-wrap items-center gap-3 text-sm">
        <input type="hidden" name="intent" value="owner_questions" />
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            name="ask_owner_questions"
            value="true"
            defaultChecked={loaderData.askOwnerQuestions}
          />
          {ASK_OWNER_QUESTIONS}
        </label>
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          Save
        </button>
      </Form>
    </AccountShell>
  );
}
