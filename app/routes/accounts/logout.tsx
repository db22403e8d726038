import { Form, redirect } from "react-router";
import { privateMeta } from "../../seo/meta";
import type { Route } from "./+types/logout";
import { accountContext, redirectWithCookies } from "./accounts.server";
import { AuthCard, SubmitButton } from "./form-ui";

export const meta: Route.MetaFunction = () => privateMeta("Log out");

export function loader({ context }: Route.LoaderArgs) {
  if (!accountContext(context).session?.user) throw redirect("/");
  return null;
}

/** Ends the session (its row is deleted) and clears the cookie; a fresh CSRF token follows. */
export async function action({ context }: Route.ActionArgs) {
  const { services, session, cookies } = accountContext(context);
  await services.sessions.end(session);
  return redirectWithCookies("/accounts/login/?notice=logged_out", cookies.signedOut());
}

export default function LogoutPage() {
  return (
    <AuthCard title="Log out" subtitle="You can log back in any time.">
      <Form method="post">
        <SubmitButton>Log out</SubmitButton>
      </Form>
    </AuthCard>
  );
}
