import { Link, useNavigate } from "react-router";
import { DEAL_STATUSES, LISTING_TYPES } from "../../../domain/constants";
import { StaffDealsQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { when } from "../../staff/api";
import { FilterSelect, ListPage } from "../../staff/list";
import {
  buttonStyles,
  cell,
  Field,
  FormErrors,
  formValues,
  SelectField,
  StaffShell,
  useWrite,
} from "../../staff/ui";
import type { Route } from "./+types/deals";

export const meta: Route.MetaFunction = () => privateMeta("Deals (staff)");

export const loader = staffListLoader(StaffDealsQuery, async (services, q) => ({
  list: await services.staff.deals.list(q),
}));

const CREATE_FIELDS = ["name", "slug", "public_name", "card_description", "listing_type"];

function CreateDeal() {
  const { run, errors, busy } = useWrite();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="new-deal" className="mt-8 rounded-2xl bg-white p-5 shadow-card">
      <h2 id="new-deal" className="text-lg font-bold">
        New deal
      </h2>
      <p className="text-sm text-ink-soft">Created as a draft: nobody sees it until published.</p>
      <form
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={async (e) => {
          e.preventDefault();
          const v = formValues(e.currentTarget);
          const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== ""));
          const result = await run<{ id: number }>(
            "POST",
            "/api/staff/deals/",
            body,
            "Deal created.",
          );
          if (result.ok)
            navigate(`/staff/deals/${result.data.id}/`, { state: { toast: "Deal created." } });
        }}
      >
        <Field label="Internal name" name="name" errors={errors} required />
        <Field label="Public name" name="public_name" errors={errors} required />
        <Field
          label="Slug"
          name="slug"
          errors={errors}
          required
          hint="Lower-case letters, digits and hyphens: the deal's /products/{slug}/ address."
        />
        <SelectField
          label="Listing type"
          name="listing_type"
          errors={errors}
          options={[["", "None"], ...LISTING_TYPES.map((t): [string, string] => [t, t])]}
        />
        <div className="sm:col-span-2">
          <Field label="Card description" name="card_description" errors={errors} />
        </div>
        <div className="sm:col-span-2">
          <FormErrors errors={errors} known={CREATE_FIELDS} />
        </div>
        <div>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            Create draft deal
          </button>
        </div>
      </form>
    </section>
  );
}

export default function StaffDeals({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const items = list.items;
  return (
    <StaffShell title="Deals">
      <ListPage
        searchLabel="Search"
        query={q.query}
        sort={q.sort}
        filters={
          <FilterSelect
            id="deal-status"
            label="Status"
            name="status"
            value={q.status}
            options={[
              ["", "Any"],
              ["draft", "Draft"],
              ["published", "Published"],
              ...DEAL_STATUSES.map((s): [string, string] => [s, s]),
            ]}
          />
        }
        caption="Deals, newest first"
        columns={[
          { label: "Deal", sort: "name" },
          { label: "Slug", sort: "slug" },
          "State",
          "Plans",
          { label: "Created", sort: "created" },
        ]}
        list={list}
        empty="No deal matches."
      >
        {items.map((d) => (
          <tr key={d.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              <Link to={`/staff/deals/${d.id}/`} className="text-brand-700 underline">
                {d.public_name || d.name}
              </Link>
            </th>
            <td className={cell}>{d.slug}</td>
            <td className={cell}>{d.is_draft ? "Draft" : "Published"}</td>
            <td className={cell}>{String(d.plan_count ?? "—")}</td>
            <td className={cell}>{when(d.created)}</td>
          </tr>
        ))}
      </ListPage>
      <CreateDeal />
    </StaffShell>
  );
}
