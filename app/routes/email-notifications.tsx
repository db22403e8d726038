import { NOTIFICATIONS_UNSUBSCRIBED } from "../../domain/messages";
import { isNotificationTopic, NOTIFICATION_TOPIC_LABELS } from "../../domain/notifications";
import { appContext } from "../context";
import { privateMeta } from "../seo/meta";
import { notFound } from "../ui/not-found.server";
import type { Route } from "./+types/email-notifications";
import { AuthCard, TextLink, UnsubscribeConfirm } from "./accounts/form-ui";

export const meta: Route.MetaFunction = () => privateMeta("Unsubscribe");

/**
 * A notification e-mail's unsubscribe link (issue 33): one topic, no sign-in. Opening it only
 * asks (mail scanners follow links with GET); the form's POST unsubscribes. Mail clients use the
 * one-click POST of the e-mail's List-Unsubscribe header instead.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const topic = params.topic;
  const found = isNotificationTopic(topic)
    ? await services.notificationSettings.findByToken(params.token)
    : null;
  if (!found || !isNotificationTopic(topic)) throw await notFound({ services });
  const off =
    topic === "partner_questions"
      ? found.partnerQuestions === "off"
      : topic === "followed_questions"
        ? !found.followedQuestions
        : !found[topic];
  return { email: found.email, label: NOTIFICATION_TOPIC_LABELS[topic], off };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const topic = params.topic;
  if (
    !isNotificationTopic(topic) ||
    !(await services.notificationSettings.unsubscribe(params.token, topic))
  ) {
    throw await notFound({ services });
  }
  return { done: true };
}

export default function NotificationUnsubscribePage({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { email, label, off } = loaderData;
  if (off || actionData?.done) {
    return (
      <AuthCard
        title={NOTIFICATIONS_UNSUBSCRIBED}
        subtitle={
          <>
            We won't send "{label}" e-mails to {email} anymore. Turn them back on in your e-mail
            settings.
          </>
        }
      >
        <TextLink to="/account/email/">Email settings</TextLink>
      </AuthCard>
    );
  }
  return (
    <UnsubscribeConfirm
      question={
        <>
          Stop "{label}" e-mails to {email}?
        </>
      }
      stay="Keep them coming"
    />
  );
}
