import { useId, useState } from "react";
import { useToast } from "../ui/toast";
import { buttonStyles, Confirm, Field, FormErrors, useWrite } from "./ui";

type Person = { id: number; email: string };
export type DealRolesValue = { partners: Person[]; user_moderators: Person[] };
type Role = keyof DealRolesValue;

const ROLES: Array<[Role, string, string]> = [
  // [field, heading, what the role may do]
  [
    "partners",
    "Partners",
    "See the deal's sales in the partner portal, answer as the founder and propose changes.",
  ],
  [
    "user_moderators",
    "User moderators",
    "Approve, decline and resolve the deal's reviews and questions.",
  ],
];

/** The user with exactly this e-mail, through the staff users list (case-insensitive). */
async function userByEmail(email: string): Promise<Person | null> {
  const res = await fetch(`/api/staff/users/?query=${encodeURIComponent(email)}`, {
    credentials: "same-origin",
  });
  if (!res.ok) return null;
  const list = (await res.json()) as { items: Person[] };
  return list.items.find((u) => u.email.toLowerCase() === email.toLowerCase()) ?? null;
}

/**
 * A deal's partners and user moderators (PUT /api/staff/deals/{id}/roles/ replaces both lists):
 * add a user by e-mail, remove one (asks first). Every change is audited by the API.
 */
export function DealRoles({ dealId, roles }: { dealId: number; roles: DealRolesValue }) {
  const { run, errors, busy } = useWrite();
  const toast = useToast();
  const [emailError, setEmailError] = useState<Record<string, string[]> | undefined>();
  const formId = useId();
  const ids = (role: Role) => roles[role].map((p) => p.id);
  const put = (next: Record<Role, number[]>, done: string) =>
    run("PUT", `/api/staff/deals/${dealId}/roles/`, next, done);
  const current = () => ({ partners: ids("partners"), user_moderators: ids("user_moderators") });
  return (
    <section aria-labelledby={`${formId}-h`} className="mt-6 rounded-2xl bg-white p-5 shadow-card">
      <h2 id={`${formId}-h`} className="text-lg font-bold">
        Partners and moderators
      </h2>
      <div className="mt-3 grid gap-6 sm:grid-cols-2">
        {ROLES.map(([role, heading, about]) => (
          <div key={role}>
            <h3 className="font-bold">{heading}</h3>
            <p className="text-sm text-ink-soft">{about}</p>
            {roles[role].length === 0 ? (
              <p className="mt-2 text-sm">None yet.</p>
            ) : (
              <ul aria-label={heading} className="mt-2 space-y-2">
                {roles[role].map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
                    <span>{p.email}</span>
                    <Confirm
                      trigger="Remove"
                      triggerLabel={`Remove ${p.email} from ${heading.toLowerCase()}`}
                      title={`Remove ${p.email}?`}
                      description={`They are no longer one of this deal's ${heading.toLowerCase()}.`}
                      confirm="Remove"
                      onConfirm={async () => {
                        await put(
                          { ...current(), [role]: ids(role).filter((id) => id !== p.id) },
                          `${p.email} removed.`,
                        );
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
            <form
              aria-label={`Add to ${heading.toLowerCase()}`}
              className="mt-3 flex flex-wrap items-end gap-2"
              onSubmit={async (e) => {
                e.preventDefault();
                const form = e.currentTarget;
                const email = String(new FormData(form).get("email") ?? "").trim();
                const user = email ? await userByEmail(email) : null;
                if (!user) {
                  const message = "No user with this e-mail.";
                  setEmailError({ [`${role}-email`]: [message] });
                  toast(message, "error");
                  return;
                }
                setEmailError(undefined);
                const result = await put(
                  { ...current(), [role]: [...ids(role), user.id] },
                  `${user.email} added to ${heading.toLowerCase()}.`,
                );
                if (result.ok) form.reset();
              }}
            >
              <FieldByRole role={role} errors={emailError} />
              <button type="submit" className={buttonStyles.secondary} disabled={busy}>
                Add
              </button>
            </form>
          </div>
        ))}
      </div>
      <FormErrors errors={errors} known={[]} />
    </section>
  );
}

/** The e-mail field; its messages come under the role's own key. */
function FieldByRole({ role, errors }: { role: Role; errors?: Record<string, string[]> }) {
  const messages = errors?.[`${role}-email`];
  return (
    <Field
      label="User e-mail"
      name="email"
      type="email"
      required
      errors={messages ? { email: messages } : undefined}
    />
  );
}
