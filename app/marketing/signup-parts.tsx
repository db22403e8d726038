// The markup the waitlist and restock sign-up forms share: the address field, the button, the
// message under it, and the thanks that replaces the form.
import type { FormEvent, ReactNode } from "react";
import type { useDebouncedEmail } from "./use-debounced-email";

export function SignupForm({
  onSubmit,
  className,
  label,
  name,
  address: { email, setEmail, error },
  message,
  inputClassName,
  disabled,
  buttonClassName,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  className: string;
  /** The text of the field's label (visible or for screen readers only). */
  label: ReactNode;
  name: string;
  /** From useDebouncedEmail; its error is shown before `message`, the last answer's. */
  address: Pick<ReturnType<typeof useDebouncedEmail>, "email" | "setEmail" | "error">;
  message: string | null;
  inputClassName: string;
  disabled: boolean;
  buttonClassName: string;
  /** The button's text. */
  children: ReactNode;
}) {
  const shown = error ?? message;
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      <label className="block">
        {label}
        <input
          type="email"
          name={name}
          autoComplete="email"
          placeholder="Enter your email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={Boolean(error) || undefined}
          className={inputClassName}
        />
      </label>
      <button type="submit" disabled={disabled} className={buttonClassName}>
        {children}
      </button>
      {shown ? (
        <p role="alert" className="text-sm font-medium text-rose-700">
          {shown}
        </p>
      ) : null}
    </form>
  );
}

const DONE = "rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800";

export function SignupDone({ spaced, children }: { spaced?: boolean; children: ReactNode }) {
  return (
    <p role="status" className={spaced ? `mt-4 ${DONE}` : DONE}>
      {children}
    </p>
  );
}
