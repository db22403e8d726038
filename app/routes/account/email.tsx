import { data, Form, redirect, useNavigation } from "react-router";
import {
  EMAIL_ADDED,
  EMAIL_REMOVED,
  EMAIL_UPDATE_DEFAULT_ERROR,
  NOTIFICATIONS_SAVED,
  VERIFICATION_SENT,
} from "../../../domain/messages";
import { NOTIFICATION_TOPIC_LABELS } from "../../../domain/notifications";
import { EmailSettingsSchema } from "../../../domain/schemas/auth";
import { fieldErrors } from "../../../domain/schemas/common";
import { privateMeta } from "../../seo/meta";
import {
  accountContext,
  formFields,
  isDomainError,
  PRIMARY_EMAIL_SET,
  requireUser,
  retryHeaders,
  statusOf,
} from "../accounts/accounts.server";
import { Alert, AuthCard, Field, type FieldErrors, SubmitButton } from "../accounts/form-ui";
import type { Route } from "./+types/email";

// Success messages travel as keys in the redirect, never as text a link could forge.
const NOTICES: Record<string, string> = {
  added: EMAIL_ADDED,
  removed: EMAIL_REMOVED,
  verification_sent: VERIFICATION_SENT,
  primary: PRIMARY_EMAIL_SET,
  notifications: NOTIFICATIONS_SAVED,
  welcome: "Welcome to Payonce! We've sent you an email: open its link to confirm your address.",
};
const NOTICE_KEY: Record<string, string> = {
  [EMAIL_ADDED]: "added",
  [EMAIL_REMOVED]: "removed",
  [VERIFICATION_SENT]: "verification_sent",
  [PRIMARY_EMAIL_SET]: "primary",
};

export const meta: Route.MetaFunction = () => privateMeta("Email settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = accountContext(context);
  const emails = await services.accounts.listEmails(user.id);
  const primary = emails.find((e) => e.primary);
  return {
    emails,
    notifications: await services.notificationSettings.get(user),
    primary: primary ?? null,
    notice: NOTICES[new URL(request.url).searchParams.get("notice") ?? ""] ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { services, session, ip } = accountContext(context);
  const fields = await formFields(request);
  if (fields.action === "notifications") {
    // Notification e-mails (issue 33): an unticked box is not sent, so it means off.
    await services.notificationSettings.update(user, {
      moderation: fields.moderation === "on",
      replies: fields.replies === "on",
      followedQuestions: fields.followed_questions === "on",
    });
    return redirect("/account/email/?notice=notifications");
  }
  const parsed = EmailSettingsSchema.safeParse(fields);
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error) as FieldErrors, action: fields.action ?? "" },
      400,
    );
  }
  try {
    const message = await services.accounts.emailAction(user, parsed.data, ip, session?.id);
    return redirect(`/account/email/?notice=${NOTICE_KEY[message] ?? ""}`);
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return data(
      { errors: err.fields as FieldErrors, action: parsed.data.action },
      { status: statusOf(err), headers: retryHeaders(err.retryAfter) },
    );
  }
}

function RowButton({
  action,
  email,
  children,
}: {
  action: string;
  email: string;
  children: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="action" value={action} />
      <input type="hidden" name="email" value={email} />
      <button
        type="submit"
        className="rounded-full border border-black/15 px-3 py-1.5 text-xs font-semibold text-ink hover:bg-stone-50"
        aria-label={`${children}: ${email}`}
      >
        {children}
      </button>
    </Form>
  );
}

/** One switch per notification topic (issue 33); founders choose new-question e-mails in the portal. */
function NotificationSwitches({
  settings,
  busy,
}: {
  settings: { moderation: boolean; replies: boolean; followedQuestions: boolean };
  busy: boolean;
}) {
  const boxes = [
    { name: "moderation", label: NOTIFICATION_TOPIC_LABELS.moderation, on: settings.moderation },
    { name: "replies", label: NOTIFICATION_TOPIC_LABELS.replies, on: settings.replies },
    {
      name: "followed_questions",
      label: NOTIFICATION_TOPIC_LABELS.followed_questions,
      on: settings.followedQuestions,
    },
  ];
  return (
    <section className="mt-8" aria-labelledby="notification-emails">
      <h2 id="notification-emails" className="text-lg font-bold text-ink">
        Notification emails
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        Sent to your primary email. Each one has a link to stop its kind.
      </p>
      <Form method="post" className="mt-3 space-y-2" data-testid="notification-settings">
        <input type="hidden" name="action" value="notifications" />
        {boxes.map((box) => (
          <label key={box.name} className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" name={box.name} defaultChecked={box.on} className="h-4 w-4" />
            {box.label}
          </label>
        ))}
        <div className="pt-2 sm:w-56">
          <SubmitButton busy={busy}>Save notifications</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export default function EmailSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { emails, primary, notice } = loaderData;
  const errors = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  const addErrors = actionData?.action === "add" ? errors : undefined;
  // The spec's client shows the first e-mail, non-field or detail error, else its default.
  const rowError =
    errors && actionData?.action !== "add"
      ? (errors.email?.[0] ??
        errors.non_field_errors?.[0] ??
        errors.detail?.[0] ??
        EMAIL_UPDATE_DEFAULT_ERROR)
      : null;
  return (
    <AuthCard
      title="Email settings"
      subtitle="The addresses of your account. Your primary email receives receipts and sign-in links."
      wide
    >
      <div className="space-y-3">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {rowError ? <Alert>{rowError}</Alert> : null}
        {primary && !primary.verified ? (
          <div
            className="rounded-xl border border-brand-200 bg-brand-50 p-4"
            data-testid="verify-prompt"
          >
            <p className="text-sm font-semibold text-ink">Please verify your email address</p>
            <p className="mt-1 text-sm text-ink-soft">
              We sent a link to <strong className="text-ink">{primary.email}</strong>. Open it to
              confirm your address.
            </p>
            <div className="mt-3">
              <RowButton action="verify" email={primary.email}>
                Resend verification
              </RowButton>
            </div>
          </div>
        ) : null}
      </div>

      <ul className="mt-6 divide-y divide-black/5 rounded-xl border border-black/10">
        {emails.map((e) => (
          <li
            key={e.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            data-testid="email-row"
          >
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold text-ink">{e.email}</p>
              <p className="mt-1 flex gap-2 text-xs">
                {e.primary ? (
                  <span className="rounded-full bg-ink px-2 py-0.5 font-semibold text-white">
                    Primary
                  </span>
                ) : null}
                <span
                  className={`rounded-full px-2 py-0.5 font-semibold ${
                    e.verified ? "bg-emerald-100 text-emerald-800" : "bg-brand-100 text-brand-700"
                  }`}
                >
                  {e.verified ? "Verified" : "Unverified"}
                </span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {!e.primary && e.verified ? (
                <RowButton action="primary" email={e.email}>
                  Make primary
                </RowButton>
              ) : null}
              {!e.verified && !e.primary ? (
                <RowButton action="verify" email={e.email}>
                  Resend verification
                </RowButton>
              ) : null}
              {!e.primary ? (
                <RowButton action="remove" email={e.email}>
                  Remove
                </RowButton>
              ) : null}
            </div>
          </li>
        ))}
      </ul>

      <NotificationSwitches settings={loaderData.notifications} busy={busy} />

      <h2 className="mt-8 text-lg font-bold text-ink">Add an email</h2>
      <Form method="post" className="mt-3 space-y-4" noValidate>
        <input type="hidden" name="action" value="add" />
        {addErrors?.detail ? <Alert>{addErrors.detail[0]}</Alert> : null}
        <Field
          label="New email"
          name="email"
          type="email"
          autoComplete="email"
          errors={addErrors?.email}
        />
        <Field
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          errors={addErrors?.detail ? undefined : addErrors?.password}
        />
        <div className="sm:w-56">
          <SubmitButton busy={busy}>Add email</SubmitButton>
        </div>
      </Form>
    </AuthCard>
  );
}
