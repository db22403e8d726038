import { Link } from "react-router";
import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { when } from "../../staff/api";
import { ListPage } from "../../staff/list";
import { cell, StaffShell } from "../../staff/ui";
import type { Route } from "./+types/pages";

export const meta: Route.MetaFunction = () => privateMeta("Pages (staff)");

export const loader = staffListLoader(StaffListQuery, async (services, q) => ({
  list: await services.staff.pages.listPages(q),
}));

export default function StaffPages({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  return (
    <StaffShell title="Pages">
      <p className="mt-1 text-sm text-ink-soft">
        The store's modular pages: their collections in order, layout and SEO.
      </p>
      <ListPage
        searchLabel="Slug or title"
        query={q.query}
        sort={q.sort}
        caption="Modular pages"
        columns={[
          { label: "Page", sort: "slug" },
          { label: "Title", sort: "title" },
          { label: "Layout", sort: "layout" },
          { label: "Updated", sort: "updated" },
        ]}
        list={list}
        empty="No page matches."
      >
        {list.items.map((p) => (
          <tr key={p.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              <Link to={`/staff/pages/${p.slug}/`} className="text-brand-700 underline">
                {p.slug}
              </Link>
            </th>
            <td className={cell}>{p.title ?? "—"}</td>
            <td className={cell}>{p.layout}</td>
            <td className={cell}>{when(p.updated)}</td>
          </tr>
        ))}
      </ListPage>
    </StaffShell>
  );
}
