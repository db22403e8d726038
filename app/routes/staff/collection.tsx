import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { privateMeta } from "../../seo/meta";
import { orNotFound, routeId, staffContext } from "../../staff/access.server";
import { CollectionForm } from "../../staff/collection-form";
import { DealPicker } from "../../staff/deal-picker";
import { OrderedList } from "../../staff/sortable";
import { Confirm, FormErrors, StaffShell, useWrite } from "../../staff/ui";
import type { Route } from "./+types/collection";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privateMeta(loaderData ? `${loaderData.collection.title} (staff)` : "Collection (staff)");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const id = await routeId({ services }, params.id);
  const collection = await orNotFound({ services }, () => services.staff.pages.getCollection(id));
  return { collection, deals: await services.staff.pages.dealNames(collection.deals) };
}

type Data = Route.ComponentProps["loaderData"];

/** The collection's deals in order: drag, Up/Down, remove (asks first) and add by name. */
function CollectionDeals({ collection, deals }: Data) {
  const { run, errors, busy } = useWrite();
  const path = `/api/staff/collections/${collection.id}/`;
  const names = new Map(deals.map((d) => [d.id, d]));
  const items = collection.deals.map((id) => ({
    id,
    label: names.get(id)?.name ?? `Deal #${id}`,
    detail: `#${id} · ${names.get(id)?.slug ?? ""}${names.get(id)?.is_draft ? " · draft" : ""}`,
  }));
  // The list as last saved: an add or remove made before the page's data is read again must build
  // on it, not on the render's (older) list, or it would drop the deal just added.
  const latest = useRef(collection.deals);
  useEffect(() => {
    latest.current = collection.deals;
  }, [collection.deals]);
  const save = async (ids: number[], done: string) => {
    const result = await run("PATCH", path, { deals: ids }, done);
    if (result.ok) latest.current = ids;
    return result;
  };
  return (
    <section
      aria-labelledby="collection-deals"
      className="mt-6 rounded-2xl bg-white p-5 shadow-card"
    >
      <h2 id="collection-deals" className="text-lg font-bold">
        Deals in this collection
      </h2>
      <p className="text-sm text-ink-soft">
        Drag a row, or use Up and Down: the new order is saved at once. Drafts stay hidden from the
        public until published.
      </p>
      <OrderedList
        label="The collection's deals in order"
        items={items}
        busy={busy}
        empty="No deal in this collection yet."
        onReorder={(ids) => save(ids, "Deal order saved.")}
        extra={(item) => (
          <Confirm
            trigger="Remove"
            triggerLabel={`Remove ${item.label}`}
            title={`Remove ${item.label} from this collection?`}
            description="The deal itself stays; it is no longer in this collection."
            confirm="Remove deal"
            onConfirm={async () => {
              await save(
                latest.current.filter((id) => id !== item.id),
                "Deal removed from the collection.",
              );
            }}
          />
        )}
      />
      <div className="mt-4 flex">
        <DealPicker
          label="Add a deal"
          exclude={collection.deals}
          errors={errors}
          disabled={busy}
          onPick={async (deal) =>
            (await save([...latest.current, deal.id], `${deal.public_name} added.`)).ok
          }
        />
      </div>
      <FormErrors errors={errors} known={["deals"]} />
    </section>
  );
}

export default function StaffCollection({ loaderData }: Route.ComponentProps) {
  const { collection } = loaderData;
  return (
    <StaffShell title={`Collection: ${collection.title}`}>
      <p className="mt-1 text-sm text-ink-soft">
        <Link to="/staff/collections/" className="underline">
          All collections
        </Link>{" "}
        · #{collection.id} ·{" "}
        <a href={`/collections/${collection.slug}/`} className="underline">
          /collections/{collection.slug}/
        </a>
      </p>
      <section
        aria-labelledby="collection-settings"
        className="mt-6 rounded-2xl bg-white p-5 shadow-card"
      >
        <h2 id="collection-settings" className="text-lg font-bold">
          Type, title, colours and schedule
        </h2>
        <CollectionForm key={collection.updated ?? ""} collection={collection} />
      </section>
      <CollectionDeals {...loaderData} />
    </StaffShell>
  );
}
