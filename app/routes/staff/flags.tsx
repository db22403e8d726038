import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { Form, useLocation } from "react-router";
import { FLAG_NOTE_MAX, FLAG_REASON_LABELS } from "../../../domain/flags";
import { FlagsQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { listQuery, staffContext } from "../../staff/access.server";
import { when } from "../../staff/api";
import { FilterSelect } from "../../staff/list";
import { buttonStyles, cell, DataTable, Pager, StaffShell, useWrite } from "../../staff/ui";
import type { Route } from "./+types/flags";

export const meta: Route.MetaFunction = () => privateMeta("Reports (staff)");

/** Reported items, oldest report first (issue 33); resolved through the staff API. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const q = listQuery(FlagsQuery, request);
  return { q, list: await services.discussions.openFlags(q) };
}

type Item = Route.ComponentProps["loaderData"]["list"]["items"][number];

const nounOf = (item: Item) =>
  item.is_reply ? "Reply" : item.kind === "review" ? "Review" : "Question";

/**
 * Dismiss or decline with a note (Radix dialog, as Confirm: focus trapped, Escape cancels). A
 * decline's note is what the author reads; left empty, they read the reporters' reason.
 */
function Resolve({ item, action }: { item: Item; action: "dismiss" | "decline" }) {
  const { run, busy } = useWrite();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState("");
  const noteId = useId();
  const label = item.title || item.comment.slice(0, 40);
  const decline = action === "decline";
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={decline ? buttonStyles.danger : buttonStyles.secondary}
        aria-label={`${decline ? "Decline" : "Dismiss the reports of"} ${label}`}
        disabled={busy}
      >
        {decline ? "Decline" : "Dismiss"}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-card-hover">
          <Dialog.Title className="text-lg font-bold">
            {decline ? `Decline this ${nounOf(item).toLowerCase()}?` : "Dismiss these reports?"}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-soft">
            {decline
              ? `"${label}" will be hidden from the deal's page; its author sees it declined, with the note below.`
              : `"${label}" stays on the deal's page; its ${item.flag_count} report${item.flag_count === 1 ? "" : "s"} are closed.`}
          </Dialog.Description>
          <label htmlFor={noteId} className="mt-4 block text-sm font-semibold">
            {decline ? "Note for the author (optional)" : "Note (optional)"}
          </label>
          <textarea
            id={noteId}
            rows={3}
            maxLength={FLAG_NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            className="mt-1 w-full rounded-lg border border-black/15 px-3 py-2 text-sm"
          />
          <div className="mt-5 flex justify-end gap-2">
            <Dialog.Close className={buttonStyles.secondary}>Cancel</Dialog.Close>
            <button
              type="button"
              className={decline ? buttonStyles.danger : buttonStyles.primary}
              disabled={busy}
              onClick={async () => {
                setOpen(false);
                await run(
                  "POST",
                  item.actions.resolve,
                  { action, note },
                  decline ? "Declined; reports closed." : "Reports dismissed.",
                );
              }}
            >
              {decline ? "Decline" : "Dismiss"}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function StaffFlags({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  const { search } = useLocation();
  return (
    <StaffShell title="Reports">
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <FilterSelect
          id="flags-kind"
          label="Kind"
          name="kind"
          value={q.kind}
          options={[
            ["", "Any"],
            ["review", "Reviews and their replies"],
            ["question", "Questions and their replies"],
          ]}
        />
        <button type="submit" className={buttonStyles.secondary}>
          Filter
        </button>
      </Form>
      <DataTable
        caption="Posts with open reports, oldest report first"
        headers={["Post", "Deal", "Author", "Reports", "First reported", "Actions"]}
        count={list.items.length}
        empty="No open reports."
      >
        {list.items.map((item) => (
          <tr key={item.id}>
            <th scope="row" className={`${cell} max-w-md font-normal`}>
              <a className="font-semibold text-brand-700 underline" href={item.path}>
                {nounOf(item)}
                {item.title ? `: ${item.title}` : ""}
              </a>
              {item.status !== "approved" ? (
                <span className="ml-2 rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold">
                  {item.status}
                </span>
              ) : null}
              <p className="mt-1 line-clamp-3 text-ink-soft">{item.comment}</p>
            </th>
            <td className={cell}>
              <a className="text-brand-700 underline" href={`/products/${item.deal.slug}/`}>
                {item.deal.name}
              </a>
            </td>
            <td className={cell}>{item.user?.username ?? "—"}</td>
            <td className={cell}>
              <p className="font-semibold">{item.flag_count}</p>
              <ul className="mt-1 space-y-0.5">
                {item.reasons.map((r) => (
                  <li key={r.reason}>
                    {FLAG_REASON_LABELS[r.reason]}: {r.count}
                  </li>
                ))}
              </ul>
              {item.reports.some((r) => r.details) ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-brand-700">Reporters' words</summary>
                  <ul className="mt-1 space-y-1">
                    {item.reports
                      .filter((r) => r.details)
                      .map((r) => (
                        <li key={r.id} className="text-ink-soft">
                          “{r.details}” — {r.user?.username ?? "deleted account"}
                        </li>
                      ))}
                  </ul>
                </details>
              ) : null}
            </td>
            <td className={cell}>{when(item.first_flagged)}</td>
            <td className={cell}>
              <div className="flex flex-wrap gap-2">
                <Resolve item={item} action="dismiss" />
                <Resolve item={item} action="decline" />
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      <Pager list={list} search={search} />
    </StaffShell>
  );
}
