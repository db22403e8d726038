import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { AUTHOR_LIST_REASON_MAX, type AuthorList } from "../../../domain/flags";
import { AuthorListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { when } from "../../staff/api";
import { FilterSelect, ListPage } from "../../staff/list";
import { buttonStyles, cell, StaffShell, useWrite } from "../../staff/ui";
import type { Route } from "./+types/authors";

export const meta: Route.MetaFunction = () => privateMeta("Author lists (staff)");

/** Blocked (blacklist) and whitelisted authors with the reason of the last change (issue 33). */
export const loader = staffListLoader(AuthorListQuery, async (services, q) => ({
  list: await services.staff.authors.listAuthors(q),
}));

type Author = Route.ComponentProps["loaderData"]["list"]["items"][number];

const LIST_LABEL: Record<AuthorList, string> = {
  blacklist: "Blocked",
  whitelist: "Whitelisted",
};

/** Take the author off their list, with a reason (required: the audit log keeps it). */
function Undo({ author }: { author: Author }) {
  const { run, busy, errors } = useWrite();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();
  const blocked = author.list === "blacklist";
  const message = errors?.reason?.join(" ");
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        className={buttonStyles.secondary}
        aria-label={`${blocked ? "Unblock" : "Remove from whitelist"} ${author.email}`}
        disabled={busy}
      >
        {blocked ? "Unblock" : "Remove from whitelist"}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-card-hover">
          <Dialog.Title className="text-lg font-bold">
            {blocked ? `Unblock ${author.email}?` : `Remove ${author.email} from the whitelist?`}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-soft">
            {blocked
              ? "They can post reviews, questions and replies again."
              : "Their new posts wait for moderation again."}
          </Dialog.Description>
          <form
            className="mt-4"
            onSubmit={async (event) => {
              event.preventDefault();
              const result = await run(
                "POST",
                `/api/staff/authors/${author.id}/`,
                { list: author.list, on: false, reason },
                blocked ? "Author unblocked." : "Author removed from the whitelist.",
              );
              if (result.ok) setOpen(false);
            }}
          >
            <label htmlFor={reasonId} className="block text-sm font-semibold">
              Reason
            </label>
            <textarea
              id={reasonId}
              rows={3}
              required
              maxLength={AUTHOR_LIST_REASON_MAX}
              value={reason}
              aria-invalid={message ? true : undefined}
              aria-describedby={message ? `${reasonId}-error` : undefined}
              onChange={(event) => setReason(event.currentTarget.value)}
              className="mt-1 w-full rounded-lg border border-black/15 px-3 py-2 text-sm"
            />
            {message ? (
              <p id={`${reasonId}-error`} className="mt-1 text-sm text-red-700">
                {message}
              </p>
            ) : null}
            <div className="mt-5 flex justify-end gap-2">
              <Dialog.Close className={buttonStyles.secondary}>Cancel</Dialog.Close>
              <button type="submit" className={buttonStyles.primary} disabled={busy}>
                {blocked ? "Unblock" : "Remove"}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default function StaffAuthors({ loaderData }: Route.ComponentProps) {
  const { q, list } = loaderData;
  return (
    <StaffShell title="Author lists">
      <p className="mt-2 max-w-2xl text-sm text-ink-soft">
        Blocked authors cannot post; whitelisted authors' posts skip moderation. Add an author from
        their post ("Block author", "Whitelist author") or from Users.
      </p>
      <ListPage
        searchLabel="E-mail or username"
        query={q.query}
        sort={q.sort}
        filters={
          <FilterSelect
            id="authors-list"
            label="List"
            name="list"
            value={q.list}
            options={[
              ["", "Both"],
              ["blacklist", "Blocked"],
              ["whitelist", "Whitelisted"],
            ]}
          />
        }
        caption="Blocked and whitelisted authors"
        columns={[
          { label: "Author", sort: "email" },
          { label: "Username", sort: "username" },
          "List",
          "Reason",
          { label: "Since", sort: "changed" },
          "Actions",
        ]}
        list={list}
        empty="Nobody is blocked or whitelisted."
      >
        {list.items.map((author) => (
          <tr key={author.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              {author.email}
            </th>
            <td className={cell}>{author.username}</td>
            <td className={cell}>{LIST_LABEL[author.list]}</td>
            <td className={`${cell} max-w-sm`}>
              {author.reason ?? <span className="text-ink-soft">No reason given</span>}
            </td>
            <td className={cell}>{when(author.changed)}</td>
            <td className={cell}>
              <Undo author={author} />
            </td>
          </tr>
        ))}
      </ListPage>
    </StaffShell>
  );
}
