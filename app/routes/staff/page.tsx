import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { PAGE_LAYOUTS } from "../../../domain/constants";
import { privateMeta } from "../../seo/meta";
import { orNotFound, staffContext } from "../../staff/access.server";
import { OrderedList } from "../../staff/sortable";
import {
  buttonStyles,
  Confirm,
  Field,
  FormErrors,
  formValues,
  SelectField,
  StaffShell,
  useWrite,
} from "../../staff/ui";
import type { Route } from "./+types/page";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privateMeta(loaderData ? `${loaderData.page.slug} page (staff)` : "Page (staff)");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const [page, choices] = await Promise.all([
    orNotFound({ services }, () => services.staff.pages.getPage(params.slug)),
    services.staff.pages.collectionChoices(),
  ]);
  return { page, choices };
}

type Page = Route.ComponentProps["loaderData"]["page"];

const SEO_FIELDS: Array<[string, string, string]> = [
  // [field, label, input name]; the API reports any of them under "seo_meta"
  ["title", "SEO title", "seo_meta.title"],
  ["description", "SEO description", "seo_meta.description"],
  ["og_title", "Open Graph title", "seo_meta.open_graph.title"],
  ["og_description", "Open Graph description", "seo_meta.open_graph.description"],
  ["og_image", "Open Graph image URL", "seo_meta.open_graph.image"],
];
const KNOWN = ["title", "layout", "seo_meta"];

function PageForm({ page }: { page: Page }) {
  const { run, errors, busy } = useWrite();
  const seo = (page.seo_meta ?? {}) as {
    title?: string;
    description?: string;
    open_graph?: { title?: string; description?: string; image?: string; type?: string };
  };
  const values: Record<string, string | undefined> = {
    title: seo.title,
    description: seo.description,
    og_title: seo.open_graph?.title,
    og_description: seo.open_graph?.description,
    og_image: seo.open_graph?.image,
  };
  return (
    <form
      aria-label="Page settings"
      className="mt-4 grid gap-4 sm:grid-cols-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const v = formValues(e.currentTarget);
        const openGraph = {
          ...(seo.open_graph ?? {}),
          title: v["seo_meta.open_graph.title"] ?? "",
          description: v["seo_meta.open_graph.description"] ?? "",
          image: v["seo_meta.open_graph.image"] ?? "",
        };
        await run(
          "PATCH",
          `/api/staff/pages/${page.slug}/`,
          {
            title: v.title ?? "",
            layout: v.layout,
            seo_meta: {
              title: v["seo_meta.title"] ?? "",
              description: v["seo_meta.description"] ?? "",
              open_graph: openGraph,
            },
          },
          "Page saved.",
        );
      }}
    >
      <Field label="Page title" name="title" errors={errors} defaultValue={page.title} />
      <SelectField
        label="Layout"
        name="layout"
        errors={errors}
        defaultValue={page.layout}
        options={PAGE_LAYOUTS.map((l): [string, string] => [l, l])}
      />
      <fieldset
        className="grid gap-4 sm:col-span-2 sm:grid-cols-2"
        aria-describedby={errors?.seo_meta ? "seo-errors" : undefined}
      >
        <legend className="mb-2 text-sm font-bold">Search engines and link previews</legend>
        {errors?.seo_meta ? (
          <p id="seo-errors" role="alert" className="text-sm text-red-700 sm:col-span-2">
            {errors.seo_meta.join(" ")}
          </p>
        ) : null}
        {SEO_FIELDS.map(([field, label, key]) => (
          <Field key={key} label={label} name={key} defaultValue={values[field]} />
        ))}
      </fieldset>
      <div className="sm:col-span-2">
        <FormErrors errors={errors} known={KNOWN} />
      </div>
      <div>
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Save page
        </button>
      </div>
    </form>
  );
}

/** The page's collections in order: drag, Up/Down, remove (asks first) and add. */
function PageCollections({
  page,
  choices,
}: {
  page: Page;
  choices: Route.ComponentProps["loaderData"]["choices"];
}) {
  const { run, errors, busy } = useWrite();
  const path = `/api/staff/pages/${page.slug}/`;
  const titles = new Map(choices.map((c) => [c.id, c]));
  const items = page.collections.map((id) => ({
    id,
    label: titles.get(id)?.title ?? `Collection #${id}`,
    detail: titles.get(id)?.slug,
  }));
  // The list as last saved: an add or remove made before the page's data is read again must build
  // on it, not on the render's (older) list, or it would drop the collection just added.
  const latest = useRef(page.collections);
  useEffect(() => {
    latest.current = page.collections;
  }, [page.collections]);
  const save = async (ids: number[], done: string) => {
    const result = await run("PATCH", path, { collections: ids }, done);
    if (result.ok) latest.current = ids;
    return result;
  };
  const available = choices.filter((c) => !page.collections.includes(c.id));
  return (
    <section
      aria-labelledby="page-collections"
      className="mt-6 rounded-2xl bg-white p-5 shadow-card"
    >
      <h2 id="page-collections" className="text-lg font-bold">
        Collections on this page
      </h2>
      <p className="text-sm text-ink-soft">
        Drag a row, or use Up and Down: the new order is saved at once. Blocks between collections
        keep their places.
      </p>
      <OrderedList
        label="The page's collections in order"
        items={items}
        busy={busy}
        empty="No collection on this page yet."
        onReorder={(ids) => save(ids, "Collection order saved.")}
        extra={(item) => (
          <Confirm
            trigger="Remove"
            triggerLabel={`Remove ${item.label}`}
            title={`Remove ${item.label} from this page?`}
            description="The collection itself stays; it is no longer shown on this page."
            confirm="Remove collection"
            onConfirm={async () => {
              await save(
                latest.current.filter((id) => id !== item.id),
                "Collection removed from the page.",
              );
            }}
          />
        )}
      />
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const v = formValues(e.currentTarget);
          if (!v.collection) return;
          await save([...latest.current, Number(v.collection)], "Collection added.");
        }}
      >
        <SelectField
          label="Add a collection"
          name="collection"
          errors={errors}
          options={[
            ["", "Choose a collection"],
            ...available.map((c): [string, string] => [String(c.id), `${c.title} (${c.slug})`]),
          ]}
        />
        <button type="submit" className={buttonStyles.secondary} disabled={busy}>
          Add to page
        </button>
      </form>
      <FormErrors errors={errors} known={["collection"]} />
    </section>
  );
}

export default function StaffPage({ loaderData }: Route.ComponentProps) {
  const { page, choices } = loaderData;
  return (
    <StaffShell title={`Page: ${page.slug}`}>
      <p className="mt-1 text-sm text-ink-soft">
        <Link to="/staff/pages/" className="underline">
          All pages
        </Link>{" "}
        · {page.items.length} items
      </p>
      <section
        aria-labelledby="page-settings"
        className="mt-6 rounded-2xl bg-white p-5 shadow-card"
      >
        <h2 id="page-settings" className="text-lg font-bold">
          Title, layout and SEO
        </h2>
        <PageForm page={page} />
      </section>
      <PageCollections page={page} choices={choices} />
    </StaffShell>
  );
}
