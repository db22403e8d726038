import type { FieldMap } from "./api";
import { utcInput } from "./forms";
import { Field } from "./ui";

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
      <Field
        label={labels[0]}
        name="start_date"
        type="datetime-local"
        errors={errors}
        defaultValue={utcInput(values?.start_date)}
      />
      <Field
        label={labels[1]}
        name="end_date"
        type="datetime-local"
        errors={errors}
        defaultValue={utcInput(values?.end_date)}
      />
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
