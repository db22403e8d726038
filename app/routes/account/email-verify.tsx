import { privateMeta } from "../../seo/meta";
import { accountContext } from "../accounts/accounts.server";
import { AuthCard, ExpiredLink, TextLink } from "../accounts/form-ui";
import type { Route } from "./+types/email-verify";

export const meta: Route.MetaFunction = () => privateMeta("Confirm your email");

/** The link of the verification e-mail: a GET that marks the address verified (once). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, session } = accountContext(context);
  const result = await services.accounts.verifyEmail(params.token);
  return { email: result?.email ?? null, signedIn: Boolean(session?.user) };
}

export default function EmailVerifyPage({ loaderData }: Route.ComponentProps) {
  const { email, signedIn } = loaderData;
  if (!email) {
    return (
      <ExpiredLink
        subtitle="Verification links work once, for 3 days. You can send a new one from your email settings."
        to="/account/email/"
      >
        Go to email settings
      </ExpiredLink>
    );
  }
  return (
    <AuthCard title="Email confirmed" subtitle={<>Thanks! {email} is verified.</>}>
      <TextLink to={signedIn ? "/account/email/" : "/accounts/login/?next=/account/email/"}>
        {signedIn ? "Back to email settings" : "Log in"}
      </TextLink>
    </AuthCard>
  );
}
