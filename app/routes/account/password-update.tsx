import { Form, redirect, useNavigation } from "react-router";
import { ACCOUNT_SETUP_PASSWORD } from "../../../domain/messages";
import { SetPasswordSchema } from "../../../domain/schemas/auth";
import { privateMeta } from "../../seo/meta";
import {
  accountContext,
  formFields,
  invalidForm,
  refused,
  requireUser,
} from "../accounts/accounts.server";
import {
  Alert,
  AuthCard,
  Field,
  formLevelErrors,
  NewPasswordFields,
  SubmitButton,
} from "../accounts/form-ui";
import type { Route } from "./+types/password-update";

export const meta: Route.MetaFunction = () => privateMeta("Set a password");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = accountContext(context);
  return {
    // Accounts created at checkout carry NEW_ACCOUNT until they choose a password.
    newAccount: user.requirePasswordReset === "NEW_ACCOUNT",
    hasPassword: await services.accounts.hasPassword(user.id),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { services, session, ip } = accountContext(context);
  const parsed = SetPasswordSchema.safeParse(await formFields(request));
  if (!parsed.success) return invalidForm(parsed.error);
  try {
    await services.accounts.setPassword(
      user,
      { password: parsed.data.password, currentPassword: parsed.data.current_password, ip },
      session?.id,
    );
  } catch (err) {
    return refused(err);
  }
  return redirect("/account/profile/?notice=password");
}

export default function PasswordUpdatePage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  const formErrors = formLevelErrors(errors);
  return (
    <AuthCard
      title={loaderData.hasPassword ? "Change your password" : "Set a password"}
      subtitle="Other devices signed in to your account will be logged out."
    >
      {loaderData.newAccount ? (
        <div className="mb-4">
          <Alert tone="info">{ACCOUNT_SETUP_PASSWORD}</Alert>
        </div>
      ) : null}
      {formErrors.length ? (
        <div className="mb-4">
          <Alert tone="error">{formErrors.join(" ")}</Alert>
        </div>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        {loaderData.hasPassword ? (
          <Field
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            errors={errors?.current_password}
          />
        ) : null}
        <NewPasswordFields errors={errors} />
        <SubmitButton busy={busy}>Save password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
