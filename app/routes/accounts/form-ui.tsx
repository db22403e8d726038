import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useFieldErrors } from "../../ui/use-field-errors";

export type FieldErrors = Record<string, string[] | undefined>;

/** The centred card every account page uses, under the site header. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className={`mx-auto w-full px-4 py-10 sm:py-16 ${wide ? "max-w-2xl" : "max-w-md"}`}>
      <div className="rounded-2xl border border-black/5 bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-2xl font-black tracking-tight text-ink">{title}</h1>
        {subtitle ? <p className="mt-1.5 text-sm text-ink-soft">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-ink-soft">{footer}</div> : null}
    </main>
  );
}

export function Field({
  label,
  name,
  type = "text",
  autoComplete,
  defaultValue,
  errors,
  required = true,
  hint,
}: {
  label: string;
  name: string;
  type?: string;
  autoComplete?: string;
  defaultValue?: string;
  errors?: string[];
  required?: boolean;
  hint?: ReactNode;
}) {
  const id = `field-${name}`;
  const errorId = `${id}-error`;
  const [shownErrors, onInput] = useFieldErrors(errors);
  const invalid = Boolean(shownErrors?.length);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        required={required}
        onInput={onInput}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink outline-none transition placeholder:text-ink-soft/60 focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40 sm:text-sm ${
          invalid ? "border-red-500" : "border-black/15"
        }`}
      />
      {invalid ? (
        <p id={errorId} className="text-sm text-red-700">
          {shownErrors?.join(" ")}
        </p>
      ) : null}
      {/* After the input, so the tab order runs field to field (e-mail, password, then "Forgot
          your password?"), not through the hint between a label and its input. */}
      {hint ? <div className="flex justify-end">{hint}</div> : null}
    </div>
  );
}

export function SubmitButton({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-full bg-brand-400 px-5 py-2.5 text-sm font-bold text-ink shadow-sm transition hover:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-60"
    >
      {children}
    </button>
  );
}

export function Alert({
  tone = "error",
  children,
}: {
  tone?: "error" | "success" | "info";
  children: ReactNode;
}) {
  const styles = {
    error: "border-red-200 bg-red-50 text-red-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-900",
    info: "border-brand-200 bg-brand-50 text-brand-700",
  }[tone];
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-3.5 py-3 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}

export function Divider({ children }: { children: ReactNode }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-ink-soft">
      <span className="h-px flex-1 bg-black/10" />
      {children}
      <span className="h-px flex-1 bg-black/10" />
    </div>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-semibold text-ink underline decoration-brand-400 decoration-2 underline-offset-4 hover:decoration-brand-600"
    >
      {children}
    </Link>
  );
}

/** Form-level messages (non_field_errors and detail) from an action's field map. */
export function formLevelErrors(errors: FieldErrors | undefined): string[] {
  if (!errors) return [];
  return [...(errors.non_field_errors ?? []), ...(errors.detail ?? [])];
}

/**
 * The form of a signed-out account page (log in, sign up, password reset): its notice and
 * form-level messages above the fields, one alert each.
 */
export function AuthForm({
  notice,
  errors,
  children,
}: {
  notice?: string | null;
  errors: FieldErrors | undefined;
  children: ReactNode;
}) {
  return (
    <>
      <div className="space-y-4">
        {notice ? <Alert tone="success">{notice}</Alert> : null}
        {formLevelErrors(errors).map((m) => (
          <Alert key={m}>{m}</Alert>
        ))}
      </div>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        {children}
      </Form>
    </>
  );
}

export function EmailField({
  errors,
  defaultValue,
}: {
  errors: FieldErrors | undefined;
  defaultValue?: string;
}) {
  return (
    <Field
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      defaultValue={defaultValue}
      errors={errors?.email}
    />
  );
}

/** A new password typed twice (`password`, `password_confirm`), as every form that sets one asks. */
export function NewPasswordFields({
  errors,
  label = "New password",
  confirmLabel = "Confirm new password",
  hint,
}: {
  errors: FieldErrors | undefined;
  label?: string;
  confirmLabel?: string;
  hint?: ReactNode;
}) {
  const fields = [
    { name: "password", label, hint },
    { name: "password_confirm", label: confirmLabel, hint: undefined },
  ];
  return (
    <>
      {fields.map((f) => (
        <Field
          key={f.name}
          label={f.label}
          name={f.name}
          type="password"
          autoComplete="new-password"
          errors={errors?.[f.name]}
          hint={f.hint}
        />
      ))}
    </>
  );
}

/** What a one-time link (password reset, e-mail verification) shows once it is used or old. */
export function ExpiredLink({
  subtitle,
  to,
  children,
}: {
  subtitle: string;
  to: string;
  children: ReactNode;
}) {
  return (
    <AuthCard title="This link has expired" subtitle={subtitle}>
      <TextLink to={to}>{children}</TextLink>
    </AuthCard>
  );
}

/**
 * An e-mail link's "unsubscribe?" question: opening the link only asks (mail scanners follow
 * links with GET); the form's POST unsubscribes, without JavaScript too.
 */
export function UnsubscribeConfirm({
  question,
  stay,
}: {
  question: ReactNode;
  /** The way out without unsubscribing. */
  stay: string;
}) {
  return (
    <AuthCard title="Unsubscribe" subtitle={question}>
      <Form method="post">
        <button
          type="submit"
          className="w-full rounded-full bg-ink px-6 py-3 font-bold text-white hover:bg-black"
        >
          Unsubscribe
        </button>
      </Form>
      <div className="mt-4">
        <TextLink to="/">{stay}</TextLink>
      </div>
    </AuthCard>
  );
}
