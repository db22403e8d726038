import { ChangesQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { money, when } from "../../staff/api";
import { FilterSelect, ListPage } from "../../staff/list";
import { buttonStyles, Confirm, cell, StaffShell, useWrite } from "../../staff/ui";
import type { Route } from "./+types/changes";

export const meta: Route.MetaFunction = () => privateMeta("Partner changes (staff)");

/** The proposals and, for each deal they name, what it says now (to compare). */
export const loader = staffListLoader(ChangesQuery, async (services, q) => {
  const list = await services.staff.partners.staffProposals(q);
  const dealIds = [...new Set(list.items.map((p) => p.deal_id))];
  const deals = await Promise.all(dealIds.map((id) => services.staff.deals.get(id)));
  return { list, deals };
});

type Data = Route.ComponentProps["loaderData"];
type Proposal = Data["list"]["items"][number];
type Deal = Data["deals"][number];
type Changes = {
  deal?: Record<string, unknown>;
  plans?: Array<Record<string, unknown> & { id: number }>;
};

const show = (key: string, value: unknown) => {
  if (value == null || value === "") return "—";
  if ((key === "price" || key === "original_price") && typeof value === "number")
    return money(value);
  if (Array.isArray(value)) return value.join(" · ");
  return String(value);
};

const label = (key: string) => key.replace(/_/g, " ");

/** Each proposed field next to what the deal or plan says now. */
function ChangeList({ proposal, deal }: { proposal: Proposal; deal?: Deal }) {
  const changes = proposal.changes as Changes;
  const rows: Array<[string, string, string]> = [];
  for (const [k, v] of Object.entries(changes.deal ?? {})) {
    rows.push([label(k), show(k, (deal as Record<string, unknown> | undefined)?.[k]), show(k, v)]);
  }
  for (const p of changes.plans ?? []) {
    const plan = deal?.plans.find((x) => x.id === p.id) as Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(p)) {
      if (k === "id") continue;
      rows.push([
        `${String(plan?.name ?? `Plan #${p.id}`)}: ${label(k)}`,
        show(k, plan?.[k]),
        show(k, v),
      ]);
    }
  }
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([field, now, proposed]) => (
        <div key={field}>
          <dt className="font-semibold">{field}</dt>
          <dd>
            <span className="text-ink-soft line-through">{now}</span>{" "}
            <span aria-hidden="true">→</span>
            <span className="sr-only">becomes</span> {proposed}
          </dd>
        </div>
      ))}
      {proposal.note ? (
        <div>
          <dt className="font-semibold">Note</dt>
          <dd className="whitespace-pre-wrap">{proposal.note}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function Decide({ proposal }: { proposal: Proposal }) {
  const { run, busy } = useWrite();
  if (proposal.status !== "pending")
    return <span className="text-ink-soft">{proposal.status}</span>;
  const base = `/api/staff/changes/${proposal.id}`;
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        className={buttonStyles.primary}
        disabled={busy}
        aria-label={`Approve change #${proposal.id}`}
        onClick={() => run("POST", `${base}/approve/`, {}, "Change approved and applied.")}
      >
        Approve
      </button>
      <Confirm
        trigger="Decline"
        triggerLabel={`Decline change #${proposal.id}`}
        title={`Decline change #${proposal.id}?`}
        description="Nothing of it is applied; the partner sees it as declined."
        confirm="Decline change"
        onConfirm={async () => {
          await run("POST", `${base}/decline/`, {}, "Change declined.");
        }}
      />
    </div>
  );
}

export default function StaffChanges({ loaderData }: Route.ComponentProps) {
  const { q, list, deals } = loaderData;
  const byId = new Map(deals.map((d) => [d.id, d]));
  return (
    <StaffShell title="Partner changes">
      <p className="mt-1 text-sm text-ink-soft">
        Edits partners propose to their deal's copy and plans. Approving applies them at once.
      </p>
      <ListPage
        searchLabel="Deal name or slug"
        query={q.query}
        sort={q.sort}
        filters={
          <FilterSelect
            id="change-status"
            label="Status"
            name="status"
            value={q.status}
            options={[
              ["pending", "Pending"],
              ["approved", "Approved"],
              ["declined", "Declined"],
              ["", "Any"],
            ]}
          />
        }
        caption="Proposed changes, oldest first"
        columns={["Change", "Deal", "Proposed by", "What changes", "Decision"]}
        list={list}
        empty="No proposed change here."
      >
        {list.items.map((p) => (
          <tr key={p.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              #{p.id}
              <span className="block text-xs font-normal text-ink-soft">{when(p.created)}</span>
            </th>
            <td className={cell}>{p.deal_name ?? p.deal_slug}</td>
            <td className={cell}>{p.proposed_by ?? "—"}</td>
            <td className={cell}>
              <ChangeList proposal={p} deal={byId.get(p.deal_id)} />
            </td>
            <td className={cell}>
              <Decide proposal={p} />
            </td>
          </tr>
        ))}
      </ListPage>
    </StaffShell>
  );
}
