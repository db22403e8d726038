import { data, redirect, useNavigation } from "react-router";
import { PasswordResetConfirmSchema } from "../../../domain/schemas/auth";
import { privateMeta } from "../../seo/meta";
import type { Route } from "./+types/password-reset-confirm";
import {
  accountContext,
  formFields,
  invalidForm,
  isDomainError,
  statusOf,
} from "./accounts.server";
import {
  AuthCard,
  AuthForm,
  ExpiredLink,
  type FieldErrors,
  NewPasswordFields,
  SubmitButton,
} from "./form-ui";

export const meta: Route.MetaFunction = () => privateMeta("Choose a new password");

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = accountContext(context);
  return { valid: await services.accounts.resetTokenValid(params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = accountContext(context);
  const fields = await formFields(request);
  const parsed = PasswordResetConfirmSchema.safeParse({ ...fields, token: params.token });
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await services.accounts.confirmPasswordReset(parsed.data.token, parsed.data.password);
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return data(
      { errors: { detail: Object.values(err.fields).flat() } as FieldErrors },
      statusOf(err),
    );
  }
  // Every session of the account ended; log in afresh with the new password.
  return redirect("/accounts/login/?notice=password_reset");
}

export default function PasswordResetConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  if (!loaderData.valid) {
    return (
      <ExpiredLink
        subtitle="Password reset links work once, for an hour."
        to="/accounts/password/reset/"
      >
        Send a new link
      </ExpiredLink>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <AuthForm errors={errors}>
        <NewPasswordFields errors={errors} />
        <SubmitButton busy={busy}>Set new password</SubmitButton>
      </AuthForm>
    </AuthCard>
  );
}
