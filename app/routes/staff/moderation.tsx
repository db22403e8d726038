import { useId, useState } from "react";
import { Form, useLocation } from "react-router";
import { MODERATION_REASON_MAX } from "../../../domain/constants";
import { MODERATION_REASON_FIELD } from "../../../domain/messages";
import { ModerationQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { listQuery, staffContext } from "../../staff/access.server";
import { when } from "../../staff/api";
import { FilterSelect } from "../../staff/list";
import {
  buttonStyles,
  Confirm,
  cell,
  DataTable,
  Pager,
  StaffShell,
  useWrite,
} from "../../staff/ui";
import type { Route } from "./+types/moderation";

export const meta: Route.MetaFunction = () => privateMeta("Moderation (staff)");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const q = listQuery(ModerationQuery, request);
  return { q, list: await services.staff.operations.moderationQueue(q) };
}

type Item = Route.ComponentProps["loaderData"]["list"]["items"][number];

/** Approve or decline through the item's own approve call (its URL comes with the item). */
function Actions({ item }: { item: Item }) {
  const { run, busy } = useWrite();
  // The decline's reason, for its author (decision 067).
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const label = item.title || item.comment.slice(0, 40);
  return (
    <div className="flex flex-wrap gap-2">
      {item.status !== "approved" ? (
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={busy}
          aria-label={`Approve ${label}`}
          onClick={() => run("POST", item.actions.approve, { approved: "approved" }, "Approved.")}
        >
          Approve
        </button>
      ) : null}
      {item.status !== "declined" ? (
        <Confirm
          trigger="Decline"
          triggerLabel={`Decline ${label}`}
          title="Decline this post?"
          description={`"${label}" will be hidden from the deal's page.`}
          confirm="Decline"
          onConfirm={async () => {
            await run(
              "POST",
              item.actions.approve,
              { approved: "denied", moderation_reason: reason },
              "Declined.",
            );
          }}
        >
          <label htmlFor={reasonId} className="mt-4 block text-sm font-semibold">
            {MODERATION_REASON_FIELD}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            maxLength={MODERATION_REASON_MAX}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
            className="mt-1 w-full rounded-xl border border-black/15 p-2 text-sm"
          />
        </Confirm>
      ) : null}
    </div>
  );
}

export default function StaffModeration({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const { search } = useLocation();
  return (
    <StaffShell title="Moderation queue">
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="mod-status"
          label="Status"
          name="status"
          value={q.status}
          options={[
            ["pending", "Pending"],
            ["approved", "Approved"],
            ["declined", "Declined"],
          ]}
        />
        <FilterSelect
          id="mod-kind"
          label="Kind"
          name="kind"
          value={q.kind}
          options={[
            ["", "Any"],
            ["review", "Reviews"],
            ["question", "Questions"],
          ]}
        />
        <button type="submit" className={buttonStyles.secondary}>
          Filter
        </button>
      </Form>
      <DataTable
        caption="Oldest first, across every deal"
        headers={["Post", "Deal", "Author", "Posted", "Actions"]}
        count={list.items.length}
        empty="Nothing waiting."
      >
        {list.items.map((item) => (
          <tr key={item.id}>
            <th scope="row" className={`${cell} max-w-md font-normal`}>
              <span className="font-semibold">
                {item.is_reply ? "Reply" : item.kind === "review" ? "Review" : "Question"}
                {item.title ? `: ${item.title}` : ""}
              </span>
              <p className="mt-1 line-clamp-3 text-ink-soft">{item.comment}</p>
            </th>
            <td className={cell}>
              <a className="text-brand-700 underline" href={`/products/${item.deal.slug}/`}>
                {item.deal.name}
              </a>
            </td>
            <td className={cell}>{item.user?.username ?? "—"}</td>
            <td className={cell}>{when(item.created)}</td>
            <td className={cell}>
              <Actions item={item} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager list={list} search={search} />
    </StaffShell>
  );
}
