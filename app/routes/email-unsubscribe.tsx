import { appContext } from "../context";
import { privateMeta } from "../seo/meta";
import { notFound } from "../ui/not-found.server";
import type { Route } from "./+types/email-unsubscribe";
import { AuthCard, TextLink, UnsubscribeConfirm } from "./accounts/form-ui";

export const meta: Route.MetaFunction = () => privateMeta("Unsubscribe");

/**
 * The coupon e-mail's unsubscribe link. Opening it only asks: mail scanners follow links with
 * GET, so the unsubscribe itself is the form's POST (it works without JavaScript).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const found = await services.emailSignup.findByUnsubscribeToken(params.token);
  if (!found) throw await notFound({ services });
  return { email: found.email, unsubscribed: found.unsubscribedAt !== null };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  if (!(await services.emailSignup.unsubscribe(params.token))) throw await notFound({ services });
  return { done: true };
}

export default function EmailUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { email, unsubscribed } = loaderData;
  if (unsubscribed || actionData?.done) {
    return (
      <AuthCard
        title="You're unsubscribed"
        subtitle={<>We won't send deal e-mails to {email} anymore.</>}
      >
        <TextLink to="/browse">Browse all deals</TextLink>
      </AuthCard>
    );
  }
  return (
    <UnsubscribeConfirm question={<>Stop deal e-mails to {email}?</>} stay="Keep me subscribed" />
  );
}
