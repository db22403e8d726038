import { COMPONENT_TYPES, MODULAR_COMPONENT_TYPES, ZONE_NAMES } from "../../domain/constants";
import { ColourFields, SaveForm, ScheduleFields } from "./fields";
import { utcIso } from "./forms";
import { Field, SelectField } from "./ui";

export type CollectionValues = {
  id: number;
  slug: string;
  title: string;
  subheader: string | null;
  modular_component_type: string;
  component_type: string;
  zone: string | null;
  background_color: string | null;
  text_color: string | null;
  start_date: string | null;
  end_date: string | null;
};

const KNOWN = [
  "slug",
  "title",
  "subheader",
  "modular_component_type",
  "component_type",
  "zone",
  "background_color",
  "text_color",
  "start_date",
  "end_date",
];

const COLOURS = [
  ["background_color", "Background colour"],
  ["text_color", "Text colour"],
] as const;

const options = (values: readonly string[]) => values.map((v): [string, string] => [v, v]);

/**
 * A smart collection's type, title, colours and schedule: creates one (POST, then `onCreated`)
 * or changes the given one (PATCH). The API's field map shows under each field.
 */
export function CollectionForm({
  collection,
  onCreated,
}: {
  collection?: CollectionValues;
  onCreated?: (id: number) => void;
}) {
  return (
    <SaveForm
      label={collection ? "Collection settings" : "New collection"}
      collection="/api/staff/collections/"
      id={collection?.id}
      what="Collection"
      className="mt-4 grid gap-4 sm:grid-cols-2"
      known={KNOWN}
      onCreated={onCreated}
      body={(v) => ({
        slug: v.slug,
        title: v.title,
        subheader: v.subheader ?? "",
        modular_component_type: v.modular_component_type,
        component_type: v.component_type,
        zone: v.zone || null,
        background_color: v.background_color ?? "",
        text_color: v.text_color ?? "",
        start_date: utcIso(v.start_date),
        end_date: utcIso(v.end_date),
      })}
    >
      {(errors) => (
        <>
          <Field
            label="Title"
            name="title"
            errors={errors}
            defaultValue={collection?.title}
            required
          />
          <Field
            label="Slug"
            name="slug"
            errors={errors}
            defaultValue={collection?.slug}
            required
            hint="Lower-case letters, digits and hyphens: /collections/{slug}/."
          />
          <Field
            label="Subheader"
            name="subheader"
            errors={errors}
            defaultValue={collection?.subheader}
          />
          <SelectField
            label="Collection type"
            name="modular_component_type"
            errors={errors}
            defaultValue={collection?.modular_component_type ?? "product_carousel"}
            options={options(MODULAR_COMPONENT_TYPES)}
          />
          <SelectField
            label="Shown as"
            name="component_type"
            errors={errors}
            defaultValue={collection?.component_type ?? "carousel"}
            options={options(COMPONENT_TYPES)}
          />
          <SelectField
            label="Product page zone"
            name="zone"
            errors={errors}
            defaultValue={collection?.zone ?? ""}
            options={[["", "None"], ...options(ZONE_NAMES)]}
          />
          <ColourFields fields={COLOURS} values={collection} errors={errors} />
          <ScheduleFields
            values={collection}
            errors={errors}
            labels={["Shown from (UTC)", "Shown until (UTC)"]}
          />
        </>
      )}
    </SaveForm>
  );
}
