import { Link, useNavigate } from "react-router";
import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { when } from "../../staff/api";
import { CollectionForm } from "../../staff/collection-form";
import { ListPage } from "../../staff/list";
import { cell, StaffShell } from "../../staff/ui";
import type { Route } from "./+types/collections";

export const meta: Route.MetaFunction = () => privateMeta("Collections (staff)");

export const loader = staffListLoader(StaffListQuery, async (services, q) => ({
  list: await services.staff.pages.listCollections(q),
}));

const schedule = (start: string | null, end: string | null) =>
  start || end ? `${when(start)} – ${when(end)}` : "Always";

export default function StaffCollections({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const navigate = useNavigate();
  return (
    <StaffShell title="Collections">
      <ListPage
        searchLabel="Slug or title"
        query={q.query}
        sort={q.sort}
        caption="Smart collections"
        columns={[
          { label: "Collection", sort: "title" },
          { label: "Slug", sort: "slug" },
          { label: "Type", sort: "type" },
          "Deals",
          "Schedule",
          { label: "Updated", sort: "updated" },
        ]}
        list={list}
        empty="No collection matches."
      >
        {list.items.map((c) => (
          <tr key={c.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              <Link to={`/staff/collections/${c.id}/`} className="text-brand-700 underline">
                {c.title}
              </Link>
            </th>
            <td className={cell}>{c.slug}</td>
            <td className={cell}>{c.modular_component_type}</td>
            <td className={cell}>{c.deal_count}</td>
            <td className={cell}>{schedule(c.start_date, c.end_date)}</td>
            <td className={cell}>{when(c.updated)}</td>
          </tr>
        ))}
      </ListPage>
      <section
        aria-labelledby="new-collection"
        className="mt-8 rounded-2xl bg-white p-5 shadow-card"
      >
        <h2 id="new-collection" className="text-lg font-bold">
          New collection
        </h2>
        <CollectionForm
          onCreated={(id) =>
            navigate(`/staff/collections/${id}/`, { state: { toast: "Collection created." } })
          }
        />
      </section>
    </StaffShell>
  );
}
