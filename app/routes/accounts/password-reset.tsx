import { redirect, useNavigation } from "react-router";
import { PasswordResetSchema } from "../../../domain/schemas/auth";
import { privateMeta } from "../../seo/meta";
import type { Route } from "./+types/password-reset";
import { accountContext, formFields, invalidForm, RESET_SENT, refused } from "./accounts.server";
import { AuthCard, AuthForm, EmailField, SubmitButton, TextLink } from "./form-ui";

export const meta: Route.MetaFunction = () => privateMeta("Reset your password");

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" ? RESET_SENT : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, ip } = accountContext(context);
  const fields = await formFields(request);
  const parsed = PasswordResetSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await services.accounts.requestPasswordReset(parsed.data.email, ip);
  } catch (err) {
    return refused(err);
  }
  // The same page whether or not the e-mail has an account: no account enumeration.
  return redirect("/accounts/password/reset/?sent=1");
}

export default function PasswordResetPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the email of your account and we'll send you a link to choose a new password."
      footer={
        <>
          Remembered it? <TextLink to="/accounts/login/">Log in</TextLink>
        </>
      }
    >
      <AuthForm notice={loaderData.sent} errors={errors}>
        <EmailField errors={errors} />
        <SubmitButton busy={busy}>Send reset link</SubmitButton>
      </AuthForm>
    </AuthCard>
  );
}
