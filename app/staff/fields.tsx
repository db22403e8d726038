import type { ReactNode } from "react";
import type { FieldMap } from "./api";
import { createOrPatch, utcInput } from "./forms";
import { buttonStyles, Field, FormErrors, formValues, useWrite } from "./ui";

/**
 * Field groups that several staff forms share. Each field is named as the API names it, so the
 * 400's field map lands under it; the form reads them back with formValues (dates through
 * utcIso, colours as typed).
 */

/**
 * A start and an end (start_date, end_date), typed in UTC in datetime-local inputs; empty means
 * no bound. `labels` names them as the form's subject reads ("Starts", "Shown from").
 */
export function ScheduleFields({
  values,
  errors,
  labels = ["Starts (UTC)", "Ends (UTC)"],
}: {
  values?: { start_date?: string | null; end_date?: string | null };
  errors?: FieldMap;
  labels?: readonly [start: string, end: string];
}) {
  return (
    <>
      {(["start_date", "end_date"] as const).map((name, i) => (
        <Field
          key={name}
          label={labels[i] ?? name}
          name={name}
          type="datetime-local"
          errors={errors}
          defaultValue={utcInput(values?.[name])}
        />
      ))}
    </>
  );
}

export const COLOUR_HINT = "#rgb or #rrggbb; empty for the default.";

/** Colour fields (#rgb or #rrggbb), one per [name, label]: a background and its text colour. */
export function ColourFields<N extends string>({
  fields,
  values,
  errors,
}: {
  fields: readonly (readonly [name: N, label: string])[];
  values?: { [K in N]?: string | null };
  errors?: FieldMap;
}) {
  return (
    <>
      {fields.map(([name, label]) => (
        <Field
          key={name}
          label={label}
          name={name}
          errors={errors}
          defaultValue={values?.[name]}
          hint={COLOUR_HINT}
        />
      ))}
    </>
  );
}

/**
 * A form that creates one thing (POST to `collection`: "{What} created.", then it clears and
 * `onCreated` runs) or, given `id`, changes it (PATCH `collection{id}/`: "{What} saved."). The
 * fields are drawn by `children` with the API's field map; `body` turns the typed values into the
 * request body; errors of fields the form does not show are listed under it.
 */
export function SaveForm({
  label,
  collection,
  id,
  what,
  body,
  known,
  onCreated,
  className = "mt-4 grid gap-3 sm:grid-cols-3",
  children,
}: {
  label: string;
  collection: string;
  id?: number;
  what: string;
  body: (values: Record<string, string>) => unknown;
  known: string[];
  onCreated?: (id: number) => void;
  className?: string;
  children: (errors: FieldMap | undefined) => ReactNode;
}) {
  const { run, errors, busy } = useWrite();
  return (
    <form
      aria-label={label}
      className={className}
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const values = body(formValues(form));
        await createOrPatch(run, { collection, id, what, body: values, form, onCreated });
      }}
    >
      {children(errors)}
      <div className="col-span-full">
        <FormErrors errors={errors} known={known} />
      </div>
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {id === undefined ? "Create" : "Save"} {what.toLowerCase()}
        </button>
      </div>
    </form>
  );
}
