import { Form, Link, redirect, useNavigation } from "react-router";
import { PLUS_FEEDBACK_MAX } from "../../../domain/account";
import { SOMETHING_WENT_WRONG, SUBSCRIPTION_UPDATED } from "../../../domain/messages";
import { CancelReasonSchema, PlusSubscriptionPatchSchema } from "../../../domain/schemas/account";
import { fieldErrors } from "../../../domain/schemas/common";
import { accountPost, failure, invalid } from "../../account/actions.server";
import { brandName } from "../../account/brand";
import { TEST_CARDS } from "../../account/data.server";
import { noticeFrom } from "../../account/notices";
import { AccountShell, Badge, buttonStyles, inputStyles, Panel } from "../../account/shell";
import { privateMeta } from "../../seo/meta";
import { accountContext, requireUser } from "../accounts/accounts.server";
import { Alert, formLevelErrors } from "../accounts/form-ui";
import type { Route } from "./+types/plus";

const NOTICES = { updated: SUBSCRIPTION_UPDATED };

export const meta: Route.MetaFunction = () => privateMeta("Plus membership");

const dateLabel = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = accountContext(context);
  const [plus, cards] = await Promise.all([
    services.plus.get(user.id),
    services.cards.list(user.id),
  ]);
  const reasons = plus.subscription
    ? await services.plus.cancelReasons(user.id, plus.subscription.id)
    : null;
  return {
    ...plus,
    reasons: reasons?.reasons ?? [],
    cards: cards
      .filter((c) => !c.is_expired)
      .map((c) => ({ id: c.id, label: `${brandName(c.brand)} ·· ${c.last4}` })),
    testCards: TEST_CARDS.filter((c) => !c.declines).map((c) => ({
      token: c.token,
      label: c.label,
    })),
    notice: noticeFrom(request, NOTICES),
  };
}

export async function action(args: Route.ActionArgs) {
  const { services, user, fields, intent } = await accountPost(args, "");
  try {
    if (intent === "cancel") {
      // The reason first (spec: POST cancel reason), then the cancellation itself.
      const reason = CancelReasonSchema.safeParse(fields);
      if (!reason.success) return invalid(intent, fieldErrors(reason.error), fields);
      await services.plus.addCancelReason(user.id, reason.data);
    }
    const parsed = PlusSubscriptionPatchSchema.safeParse({ ...fields, action: intent });
    if (!parsed.success) return invalid(intent, fieldErrors(parsed.error), fields);
    await services.plus.update(user.id, parsed.data);
    return redirect("/account/plus/?notice=updated");
  } catch (err) {
    return failure(err, intent, (_status, detail) => detail ?? SOMETHING_WENT_WRONG);
  }
}

export default function PlusPage({ loaderData, actionData }: Route.ComponentProps) {
  const { subscription: sub, reasons, cards, testCards, notice } = loaderData;
  const busy = useNavigation().state === "submitting";
  const errorsFor = (intent: string) =>
    actionData?.intent === intent ? actionData.errors : undefined;
  const cancelErrors = errorsFor("cancel");
  const topErrors = actionData ? formLevelErrors(actionData.errors) : [];
  return (
    <AccountShell
      title="Plus membership"
      subtitle="Member prices, early access and purchase protection."
    >
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {topErrors.length ? <Alert>{topErrors.join(" ")}</Alert> : null}
      <Panel>
        {!sub ? (
          <div
            className="flex flex-wrap items-center justify-between gap-4"
            data-testid="plus-status"
          >
            <div>
              <p className="text-lg font-bold text-ink">You're not a Plus member yet</p>
              <p className="mt-1 text-sm text-ink-soft">
                Plus is $99 a year: a further 10% off deals and access to Plus-exclusive drops.
              </p>
            </div>
            <Link to="/plus" className={buttonStyles.primary}>
              See Plus
            </Link>
          </div>
        ) : (
          <div className="space-y-3" data-testid="plus-status">
            <div className="flex flex-wrap items-center gap-2">
              <p className="text-lg font-bold text-ink">Plus membership</p>
              {sub.status === "active" ? <Badge tone="success">Active</Badge> : null}
              {sub.status === "canceling" ? (
                <Badge tone="brand">Cancels at period end</Badge>
              ) : null}
              {sub.status === "canceled" ? <Badge tone="muted">Ended</Badge> : null}
            </div>
            <p className="text-sm text-ink-soft">
              {sub.status === "active"
                ? `Renews on ${dateLabel(sub.current_period_end)} for $${sub.price} a year.`
                : sub.status === "canceling"
                  ? `Your Plus benefits last until ${dateLabel(sub.current_period_end)}; it will not renew.`
                  : `Your membership ended on ${dateLabel(sub.current_period_end)}.`}
            </p>
            <p className="text-sm text-ink">
              Payment method:{" "}
              <span className="font-semibold">
                {sub.payment_method
                  ? `${brandName(sub.payment_method.brand)} ending in ${sub.payment_method.last4}${sub.payment_method.is_expired ? " (expired)" : ""}`
                  : "none"}
              </span>
            </p>
            {sub.status !== "active" ? (
              <Form method="post">
                <input type="hidden" name="intent" value="reactivate" />
                <button type="submit" className={buttonStyles.primary} disabled={busy}>
                  {sub.status === "canceling" ? "Keep my membership" : "Reactivate Plus"}
                </button>
              </Form>
            ) : null}
          </div>
        )}
      </Panel>
      {sub && sub.status !== "canceled" ? (
        <Panel title="Payment method for Plus">
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="update_payment_method" />
            <div className="flex-1 space-y-1.5">
              <label htmlFor="field-plus-card" className="text-sm font-semibold text-ink">
                Card
              </label>
              <select
                id="field-plus-card"
                name="payment_method_id"
                className={inputStyles()}
                defaultValue=""
              >
                <option value="">Choose a card</option>
                {cards.length ? (
                  <optgroup label="Saved cards">
                    {cards.map((c) => (
                      <option key={c.id} value={String(c.id)}>
                        {c.label}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
                <optgroup label="Add a test card">
                  {testCards.map((t) => (
                    <option key={t.token} value={t.token}>
                      {t.label}
                    </option>
                  ))}
                </optgroup>
              </select>
            </div>
            <button type="submit" className={buttonStyles.secondary} disabled={busy}>
              Update payment method
            </button>
          </Form>
        </Panel>
      ) : null}
      {sub && sub.status === "active" ? (
        <Panel>
          <details open={Boolean(cancelErrors)} className="group">
            <summary className="cursor-pointer list-none text-sm font-semibold text-red-700 hover:underline">
              Cancel membership
            </summary>
            <Form method="post" className="mt-4 space-y-4">
              <input type="hidden" name="intent" value="cancel" />
              <input type="hidden" name="subscription" value={sub.id} />
              <input
                type="hidden"
                name="stripe_subscription_id"
                value={sub.stripe_subscription_id}
              />
              <p className="text-sm text-ink-soft">
                You keep Plus until {dateLabel(sub.current_period_end)}. Tell us why you're leaving:
              </p>
              <fieldset className="space-y-2">
                <legend className="sr-only">Reason</legend>
                {reasons.map((r) => (
                  <label key={r.value} className="flex items-center gap-2 text-sm text-ink">
                    <input
                      type="radio"
                      name="reason"
                      value={r.value}
                      className="size-4 accent-ink"
                    />
                    {r.label}
                  </label>
                ))}
              </fieldset>
              {cancelErrors?.reason ? (
                <p className="text-sm text-red-700">{cancelErrors.reason.join(" ")}</p>
              ) : null}
              <div className="space-y-1.5">
                <label htmlFor="field-feedback" className="text-sm font-semibold text-ink">
                  Anything else? <span className="font-normal text-ink-soft">(optional)</span>
                </label>
                <textarea
                  id="field-feedback"
                  name="feedback"
                  rows={3}
                  maxLength={PLUS_FEEDBACK_MAX}
                  className={inputStyles(Boolean(cancelErrors?.feedback))}
                />
              </div>
              <button type="submit" className={buttonStyles.danger} disabled={busy}>
                Cancel membership
              </button>
            </Form>
          </details>
        </Panel>
      ) : null}
    </AccountShell>
  );
}
