import type { ComponentProps, ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Alert, type FieldErrors, formLevelErrors } from "../routes/accounts/form-ui";
import type { ActionFailure } from "./actions.server";
import { AccountShell, Badge, buttonStyles, Panel } from "./shell";

/**
 * The parts the saved-entry pages (billing, tax, cards) share: a list of saved entries, each with
 * one-button forms (make default, delete), above a form that adds one. Every form posts an
 * `intent`, and the action answers a failure tagged with it, so each message lands beside the
 * form that caused it. Pages import it whole (`import * as Entries`), as Radix primitives are.
 */
export function useForms(actionData: ActionFailure | undefined, addIntent: string) {
  const busy = useNavigation().state === "submitting";
  const own = actionData?.intent === addIntent ? actionData : undefined;
  return {
    busy,
    /** The add form's field messages and what was typed in it. */
    errors: own?.errors,
    typed: own?.values,
    /** A row button's failure, shown at the top of the page. */
    rowErrors: actionData && !own ? formLevelErrors(actionData.errors) : [],
  };
}

/** Messages in one error box, or nothing when there are none. */
function ErrorsAlert({ messages }: { messages: string[] }) {
  return messages.length ? <Alert>{messages.join(" ")}</Alert> : null;
}

/** The account frame with the page's success notice and a row button's failure on top. */
export function Page({
  title,
  subtitle,
  notice,
  rowErrors,
  children,
}: {
  title: string;
  subtitle: string;
  notice: string | null;
  rowErrors: string[];
  children: ReactNode;
}) {
  return (
    <AccountShell title={title} subtitle={subtitle}>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      <ErrorsAlert messages={rowErrors} />
      {children}
    </AccountShell>
  );
}

/** The panel with the form that adds an entry; `hidden` are extra fields it always posts. */
export function AddForm({
  title,
  intent,
  errors,
  hidden,
  children,
}: {
  title: string;
  intent: string;
  errors: FieldErrors | undefined;
  hidden?: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Panel title={title}>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden ?? {}).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ErrorsAlert messages={formLevelErrors(errors)} />
        {children}
      </Form>
    </Panel>
  );
}

/** An entry's name, badged when it is the default one. */
export function EntryName({ isDefault, children }: { isDefault: boolean; children: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
      {children}
      {isDefault ? <Badge tone="brand">Default</Badge> : null}
    </p>
  );
}

/** The saved entries, or a line saying there are none yet. */
export function List({
  count,
  empty,
  testId,
  children,
}: {
  count: number;
  empty: string;
  testId: string;
  children: ReactNode;
}) {
  if (count === 0) return <p className="text-sm text-ink-soft">{empty}</p>;
  return (
    <ul className="divide-y divide-black/5" data-testid={testId}>
      {children}
    </ul>
  );
}

export function Row({
  align = "center",
  children,
  ...rest
}: Omit<ComponentProps<"li">, "className"> & { align?: "start" | "center" }) {
  const items = align === "start" ? "items-start" : "items-center";
  return (
    <li
      {...rest}
      className={`flex flex-wrap ${items} justify-between gap-3 py-4 first:pt-0 last:pb-0`}
    >
      {children}
    </li>
  );
}

/** A one-button form acting on one saved entry, named by the hidden field `name`. */
function RowAction({
  intent,
  name,
  value,
  tone,
  label,
  children,
}: {
  intent: string;
  name: string;
  value: string | number;
  tone: "secondary" | "danger";
  label?: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" className={buttonStyles[tone]} disabled={busy} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

type EntryField = { name: string; value: string | number };

export const MakeDefault = (entry: EntryField) => (
  <RowAction intent="default" tone="secondary" {...entry}>
    Make default
  </RowAction>
);

export const Remove = (
  props: EntryField & { intent: string; label?: string; children: ReactNode },
) => <RowAction tone="danger" {...props} />;

export function DefaultCheckbox({ name, children }: { name: string; children: ReactNode }) {
  return (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input type="checkbox" name={name} value="true" className="size-4 accent-ink" />
      {children}
    </label>
  );
}
