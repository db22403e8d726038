import { StaffListQuery } from "../../../domain/schemas/staff";
import { privateMeta } from "../../seo/meta";
import { staffListLoader } from "../../staff/access.server";
import { when } from "../../staff/api";
import { ListPage } from "../../staff/list";
import { buttonStyles, Confirm, cell, StaffShell, useWrite } from "../../staff/ui";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => privateMeta("Users (staff)");

export const loader = staffListLoader(StaffListQuery, async (services, q, user) => ({
  me: user.id,
  list: await services.staff.operations.listUsers(q),
}));

type User = Route.ComponentProps["loaderData"]["list"]["items"][number];
type Flag = "is_staff" | "comment_blacklist" | "verified" | "login_blocked";

const FLAGS: Array<[Flag, string, boolean]> = [
  // [field, label, destructive when turned on]
  ["is_staff", "Staff", false],
  ["verified", "Verified", false],
  ["comment_blacklist", "Comment blacklist", true],
  ["login_blocked", "Login blocked", true],
];

/** One flag: turning on a blacklist or a block asks first; everything else is one click. */
function Toggle({
  user,
  flag,
  label,
  risky,
}: {
  user: User;
  flag: Flag;
  label: string;
  risky: boolean;
}) {
  const { run, busy } = useWrite();
  const on = user[flag];
  const change = () =>
    run(
      "PATCH",
      `/api/staff/users/${user.id}/`,
      { [flag]: !on },
      `${label}: ${on ? "off" : "on"}.`,
    );
  if (risky && !on) {
    return (
      <Confirm
        trigger={`Set ${label.toLowerCase()}`}
        title={`${label} for ${user.email}?`}
        description={
          flag === "login_blocked"
            ? "They are signed out everywhere and cannot sign in until unblocked."
            : "Their new reviews and questions wait for moderation."
        }
        confirm={label}
        onConfirm={async () => {
          await change();
        }}
      />
    );
  }
  return (
    <button
      type="button"
      aria-pressed={on}
      className={buttonStyles.secondary}
      disabled={busy}
      onClick={() => change()}
    >
      {label}: {on ? "on" : "off"}
    </button>
  );
}

export default function StaffUsers({ loaderData }: Route.ComponentProps) {
  const { q, list, me } = loaderData;
  return (
    <StaffShell title="Users">
      <ListPage
        searchLabel="E-mail, username, name or id"
        query={q.query}
        sort={q.sort}
        caption="Users"
        columns={[
          { label: "User", sort: "email" },
          { label: "Username", sort: "username" },
          { label: "Joined", sort: "joined" },
          "Flags",
        ]}
        list={list}
        empty="No user matches."
      >
        {list.items.map((u) => (
          <tr key={u.id}>
            <th scope="row" className={`${cell} font-semibold`}>
              {u.email}
            </th>
            <td className={cell}>{u.username}</td>
            <td className={cell}>{when(u.date_joined)}</td>
            <td className={cell}>
              {u.id === me ? (
                <span className="text-ink-soft">You</span>
              ) : (
                <div className="flex flex-wrap gap-2">
                  {FLAGS.map(([flag, label, risky]) => (
                    <Toggle key={flag} user={u} flag={flag} label={label} risky={risky} />
                  ))}
                </div>
              )}
            </td>
          </tr>
        ))}
      </ListPage>
    </StaffShell>
  );
}
