import * as Dialog from "@radix-ui/react-dialog";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation, useRevalidator } from "react-router";
import { buttonStyles, inputStyles } from "../account/shell";
import { cx } from "../ui/format";
import { ToastProvider, useToast } from "../ui/toast";
import { type ApiResult, callApi, type FieldMap } from "./api";

export { buttonStyles };

const SECTIONS: Array<[string, string]> = [
  ["/staff/", "Dashboard"],
  ["/staff/deals/", "Deals"],
  ["/staff/moderation/", "Moderation"],
  ["/staff/flags/", "Reports"],
  ["/staff/orders/", "Orders"],
  ["/staff/payments/", "Payments"],
  ["/staff/users/", "Users"],
  ["/staff/authors/", "Author lists"],
  ["/staff/pages/", "Pages"],
  ["/staff/collections/", "Collections"],
  ["/staff/campaigns/", "Campaigns"],
  ["/staff/coupons/", "Coupons"],
  ["/staff/giftcards/", "Gift cards"],
  ["/staff/changes/", "Partner changes"],
  ["/staff/audit/", "Audit log"],
  ["/staff/outbox/", "Outbox"],
];

/**
 * A toast handed over by the page a write navigated away from (`navigate(to, {state: {toast}})`):
 * each page has its own toast region, so "Collection created." is said again where it landed.
 */
function NavigationToast() {
  const toast = useToast();
  const location = useLocation();
  const message = (location.state as { toast?: string } | null)?.toast;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per navigation
  useEffect(() => {
    if (message) toast(message);
  }, [location.key]);
  return null;
}

/** The back office frame: section links and the toast region every write reports into. */
export function StaffShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ToastProvider>
      <NavigationToast />
      <div className="mx-auto max-w-6xl px-4 py-8">
        <nav aria-label="Staff sections" className="mb-6">
          <ul className="flex flex-wrap gap-2 text-sm">
            {SECTIONS.map(([to, label]) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={to === "/staff/"}
                  className={({ isActive }) =>
                    cx(
                      "inline-block rounded-full px-3 py-1.5 font-semibold",
                      isActive ? "bg-ink text-white" : "bg-stone-100 text-ink hover:bg-stone-200",
                    )
                  }
                >
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main>
          <h1 className="text-2xl font-black tracking-tight">{title}</h1>
          {children}
        </main>
      </div>
    </ToastProvider>
  );
}

export { SECTIONS };

/** A column header; `sort` is the list's sort key for it (the header becomes a sort link). */
export type Column = string | { label: string; sort?: string };

/** The link of a sortable header: ascending first, then descending; other parameters kept. */
function SortHeader({ label, sortKey, sort }: { label: string; sortKey: string; sort: string }) {
  const { search } = useLocation();
  const active = sort === sortKey || sort === `-${sortKey}`;
  const descending = sort === `-${sortKey}`;
  const p = new URLSearchParams(search);
  p.set("sort", active && !descending ? `-${sortKey}` : sortKey);
  p.delete("page");
  return (
    <Link
      to={`?${p}`}
      className="inline-flex items-center gap-1 underline-offset-2 hover:underline"
    >
      {label}
      <span className="sr-only">
        {active ? (descending ? ", sorted descending" : ", sorted ascending") : ", sort"}
      </span>
      <span aria-hidden="true">{active ? (descending ? "↓" : "↑") : "↕"}</span>
    </Link>
  );
}

/** A real table with a caption and column headers; rows come as children. */
export function DataTable({
  caption,
  headers,
  children,
  empty,
  count,
  sort,
}: {
  caption: string;
  headers: Column[];
  children: ReactNode;
  empty: string;
  count: number;
  /** The list's current sort key (sortable headers link to the others). */
  sort?: string;
}) {
  return (
    // Focusable and named: a table wider than a phone scrolls sideways by keyboard too.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable regions must take focus (axe)
      tabIndex={0}
      // relative: the sr-only texts in its cells (absolutely placed) scroll with it instead of
      // widening the page.
      className="relative mt-4 overflow-x-auto rounded-2xl border border-black/5 bg-white shadow-card"
    >
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-3 text-left text-sm font-semibold text-ink-soft">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-black/10">
            {headers.map((h) => {
              const { label, sort: key } =
                typeof h === "string" ? { label: h, sort: undefined } : h;
              const state =
                key && sort !== undefined && sort.replace(/^-/, "") === key
                  ? sort.startsWith("-")
                    ? "descending"
                    : "ascending"
                  : undefined;
              return (
                <th key={label} scope="col" aria-sort={state} className="px-4 py-2 font-semibold">
                  {key && sort !== undefined ? (
                    <SortHeader label={label} sortKey={key} sort={sort} />
                  ) : (
                    label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {count === 0 ? (
            <tr>
              <td colSpan={headers.length} className="px-4 py-6 text-ink-soft">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </section>
  );
}

export const cell = "border-t border-black/5 px-4 py-2 align-top";

type Paged = { page: number; pages: number; total: number };

/** Server-side paging: links that keep the other query parameters. */
export function Pager({ list, search }: { list: Paged; search: string }) {
  const href = (page: number) => {
    const p = new URLSearchParams(search);
    p.set("page", String(page));
    return `?${p}`;
  };
  return (
    <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
      <span>
        Page {list.page} of {Math.max(1, list.pages)} · {list.total} in all
      </span>
      {list.page > 1 ? (
        <Link className={buttonStyles.secondary} to={href(list.page - 1)}>
          Previous
        </Link>
      ) : null}
      {list.page < list.pages ? (
        <Link className={buttonStyles.secondary} to={href(list.page + 1)}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}

/** A labelled input with the API's messages for that field under it. */
export function Field({
  label,
  name,
  errors,
  defaultValue,
  type = "text",
  hint,
  required,
  step,
}: {
  label: string;
  name: string;
  errors?: FieldMap;
  defaultValue?: string | number | null;
  type?: string;
  hint?: string;
  required?: boolean;
  step?: string;
}) {
  const id = useId();
  const messages = errors?.[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        step={step}
        required={required}
        defaultValue={defaultValue ?? ""}
        aria-invalid={messages ? true : undefined}
        aria-describedby={messages ? `${id}-err` : hint ? `${id}-hint` : undefined}
        className={cx("mt-1", inputStyles(Boolean(messages)))}
      />
      {hint && !messages ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      ) : null}
      {messages ? (
        <p id={`${id}-err`} className="mt-1 text-sm text-red-700">
          {messages.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  name,
  options,
  defaultValue,
  errors,
}: {
  label: string;
  name: string;
  options: Array<[string, string]>;
  defaultValue?: string | null;
  errors?: FieldMap;
}) {
  const id = useId();
  const messages = errors?.[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={messages ? true : undefined}
        className={cx("mt-1", inputStyles(Boolean(messages)))}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {messages ? <p className="mt-1 text-sm text-red-700">{messages.join(" ")}</p> : null}
    </div>
  );
}

/** Errors the form has no field for (non_field_errors and unknown keys). */
export function FormErrors({ errors, known }: { errors?: FieldMap; known: string[] }) {
  if (!errors) return null;
  const rest = Object.entries(errors).filter(([k]) => !known.includes(k));
  if (rest.length === 0) return null;
  return (
    <ul role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {rest.map(([k, v]) => (
        <li key={k}>
          {k === "non_field_errors" ? "" : `${k}: `}
          {v.join(" ")}
        </li>
      ))}
    </ul>
  );
}

/**
 * A write through the API: toasts the outcome, reloads the page's data on success and keeps
 * the field map for the form on a 400.
 */
export function useWrite() {
  const toast = useToast();
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<FieldMap | undefined>();
  const [busy, setBusy] = useState(false);
  async function run<T>(
    method: "POST" | "PATCH" | "PUT",
    path: string,
    body: unknown,
    done: string,
  ): Promise<ApiResult<T>> {
    setBusy(true);
    const result = await callApi<T>(method, path, body);
    setBusy(false);
    if (result.ok) {
      setErrors(undefined);
      toast(done);
      await revalidator.revalidate();
    } else {
      setErrors(result.errors);
      toast(result.message, "error");
    }
    return result;
  }
  return { run, errors, busy };
}

/** A destructive action asks first (Radix dialog: focus trapped, Escape cancels). */
export function Confirm({
  trigger,
  triggerLabel,
  title,
  description,
  confirm,
  onConfirm,
  children,
}: {
  trigger: string;
  /** A fuller accessible name when many rows have the same trigger text. */
  triggerLabel?: string;
  title: string;
  description: string;
  confirm: string;
  onConfirm: () => void | Promise<void>;
  /** Fields asked with the confirmation (a decline's reason). */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={buttonStyles.danger} aria-label={triggerLabel}>
        {trigger}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-card-hover">
          <Dialog.Title className="text-lg font-bold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-soft">
            {description}
          </Dialog.Description>
          {children}
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close className={buttonStyles.secondary}>Cancel</Dialog.Close>
            <button
              type="button"
              className={buttonStyles.danger}
              onClick={async () => {
                setOpen(false);
                await onConfirm();
              }}
            >
              {confirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A form's named fields as strings (the API's schemas coerce form-like values). */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new FormData(form)) if (typeof v === "string") out[k] = v;
  return out;
}
