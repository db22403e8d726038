import { Link, useNavigate } from "react-router";
import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import { CampaignForm } from "../../staff/campaign-form";
import { ListPage } from "../../staff/list";
import { cell, StaffShell } from "../../staff/ui";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => privateMeta("Campaigns (staff)");

export const loader = staffListLoader(StaffListQuery, async (services, q) => ({
  list: await services.staff.marketing.listCampaigns(q),
}));

export default function StaffCampaigns({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const navigate = useNavigate();
  return (
    <StaffShell title="Campaigns">
      <ListPage
        searchLabel="Name or slug"
        query={q.query}
        sort={q.sort}
        caption="Campaigns"
        columns={[
          { label: "Campaign", sort: "name" },
          { label: "Discount", sort: "value" },
          { label: "Starts", sort: "start_date" },
          { label: "Ends", sort: "end_date" },
          "Deals",
          { label: "Active", sort: "active" },
        ]}
        list={list}
        empty="No campaign matches."
      >
        {list.items.map((c) => (
          <tr key={c.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              <Link to={`/staff/campaigns/${c.id}/`} className="text-brand-700 underline">
                {c.name}
              </Link>
            </th>
            <td className={cell}>{c.type === "percent" ? `${c.value}%` : money(c.value)}</td>
            <td className={cell}>{when(c.start_date)}</td>
            <td className={cell}>{when(c.end_date)}</td>
            <td className={cell}>{c.deals.length}</td>
            <td className={cell}>{c.is_active ? "Yes" : "No"}</td>
          </tr>
        ))}
      </ListPage>
      <section aria-labelledby="new-campaign" className="mt-8 rounded-2xl bg-white p-5 shadow-card">
        <h2 id="new-campaign" className="text-lg font-bold">
          New campaign
        </h2>
        <CampaignForm
          onCreated={(id) =>
            navigate(`/staff/campaigns/${id}/`, { state: { toast: "Campaign created." } })
          }
        />
      </section>
    </StaffShell>
  );
}
