import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { cx } from "../ui/format";

const SECTIONS = [
  { to: "/account/profile/", label: "Profile" },
  { to: "/account/products/", label: "Products" },
  { to: "/account/billing/", label: "Billing" },
  { to: "/account/tax/", label: "Tax" },
  { to: "/account/cards/", label: "Cards" },
  { to: "/account/plus/", label: "Plus" },
  { to: "/account/email/", label: "Email" },
] as const;

/**
 * The frame of the buyer's account pages: a section menu (wrapping rows on phones, a column
 * from md up) beside the page's content.
 */
export function AccountShell({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <div className="md:grid md:grid-cols-[12rem_1fr] md:gap-10">
        <nav aria-label="Account settings" className="mb-6">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {SECTIONS.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  className={({ isActive }) =>
                    cx(
                      "block whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold transition md:rounded-lg",
                      isActive
                        ? "bg-ink text-white"
                        : "text-ink-soft hover:bg-stone-100 hover:text-ink",
                    )
                  }
                >
                  {s.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
            <div>
              <h1 className="text-2xl font-black tracking-tight text-ink sm:text-3xl">{title}</h1>
              {subtitle ? <p className="mt-1 text-sm text-ink-soft">{subtitle}</p> : null}
            </div>
            {actions}
          </div>
          <div className="space-y-6">{children}</div>
        </div>
      </div>
    </main>
  );
}

export function Panel({
  title,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={cx("rounded-2xl border border-black/5 bg-white p-5 shadow-card sm:p-6", className)}
    >
      {title ? <h2 className="mb-4 text-lg font-bold text-ink">{title}</h2> : null}
      {children}
    </section>
  );
}

export function Badge({
  tone = "neutral",
  children,
}: {
  tone?: "neutral" | "brand" | "success" | "muted";
  children: ReactNode;
}) {
  const styles = {
    neutral: "bg-stone-100 text-ink",
    brand: "bg-brand-100 text-brand-700",
    success: "bg-emerald-50 text-emerald-800",
    muted: "bg-stone-200 text-ink-soft",
  }[tone];
  return (
    <span
      className={cx("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-bold", styles)}
    >
      {children}
    </span>
  );
}

export const buttonStyles = {
  primary:
    "inline-flex items-center justify-center rounded-full bg-brand-400 px-5 py-2.5 text-sm font-bold text-ink shadow-sm transition hover:bg-brand-500 disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold text-ink transition hover:bg-stone-50 disabled:opacity-60",
  danger:
    "inline-flex items-center justify-center rounded-full border border-red-200 bg-white px-4 py-2 text-sm font-semibold text-red-700 transition hover:bg-red-50 disabled:opacity-60",
};

export const inputStyles = (invalid?: boolean) =>
  cx(
    "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-400/40 sm:text-sm",
    invalid ? "border-red-500" : "border-black/15",
  );

export function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {errors.join(" ")}
    </p>
  );
}
