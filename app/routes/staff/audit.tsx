import { useLocation } from "react-router";
import { AuditQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { listQuery, staffContext } from "../../staff/access.server";
import { when } from "../../staff/api";
import { cell, DataTable, Pager, StaffShell } from "../../staff/ui";
import type { Route } from "./+types/audit";

export const meta: Route.MetaFunction = () => privateMeta("Audit log (staff)");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const q = listQuery(AuditQuery, request);
  return { list: await services.staff.audit.list(q.page) };
}

/** Before and after as compact JSON (only what changed is kept by the service). */
function Json({ value, label }: { value: unknown; label: string }) {
  if (value == null) return <span className="text-ink-soft">—</span>;
  return (
    // Wrapped in full rather than scrolled inside the cell: no nested scroll region to reach.
    <pre
      aria-hidden={false}
      title={label}
      className="max-w-xs whitespace-pre-wrap break-all text-xs"
    >
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

export default function StaffAudit({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const { search } = useLocation();
  return (
    <StaffShell title="Audit log">
      <DataTable
        caption="Every staff and partner write, newest first"
        headers={["When", "Who", "Action", "What", "Before", "After"]}
        count={list.items.length}
        empty="Nothing logged yet."
      >
        {list.items.map((r) => (
          <tr key={r.id}>
            <th scope="row" className={`${cell} whitespace-nowrap font-normal`}>
              {when(r.when)}
            </th>
            <td className={cell}>
              {r.who.email} <span className="text-ink-soft">({r.who.role})</span>
            </td>
            <td className={cell}>{r.action}</td>
            <td className={cell}>
              {r.entity} #{r.entity_id}
            </td>
            <td className={cell}>
              <Json value={r.before} label={`Before, entry ${r.id}`} />
            </td>
            <td className={cell}>
              <Json value={r.after} label={`After, entry ${r.id}`} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager list={list} search={search} />
    </StaffShell>
  );
}
