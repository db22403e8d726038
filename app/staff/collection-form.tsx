import { COMPONENT_TYPES, MODULAR_COMPONENT_TYPES, ZONE_NAMES } from "../../domain/constants";
import { ColourFields, ScheduleFields } from "./fields";
import { createOrPatch, utcIso } from "./forms";
import { buttonStyles, Field, FormErrors, formValues, SelectField, useWrite } from "./ui";

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
  const { run, errors, busy } = useWrite();
  return (
    <form
      aria-label={collection ? "Collection settings" : "New collection"}
      className="mt-4 grid gap-4 sm:grid-cols-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const v = formValues(form);
        const body = {
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
        };
        await createOrPatch(run, {
          collection: "/api/staff/collections/",
          id: collection?.id,
          what: "Collection",
          body,
          form,
          onCreated,
        });
      }}
    >
      <Field label="Title" name="title" errors={errors} defaultValue={collection?.title} required />
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
      <div className="sm:col-span-2">
        <FormErrors errors={errors} known={KNOWN} />
      </div>
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          {collection ? "Save collection" : "Create collection"}
        </button>
      </div>
    </form>
  );
}
