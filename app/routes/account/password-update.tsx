import { Form, redirect, useNavigation } from "react-router";
import { ACCOUNT_SETUP_PASSWORD } from "../../../domain/messages";
import { SetPasswordSchema } from "../../../domain/schemas/auth";
import { accountContext, formFields, invalidForm, requireUser } from "../accounts/accounts.server";
import { Alert, AuthCard, NewPasswordFields, SubmitButton } from "../accounts/form-ui";
import type { Route } from "./+types/password-update";

export const meta: Route.MetaFunction = () => [{ title: "Set a password | Payonce" }];

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  // Accounts created at checkout carry NEW_ACCOUNT until they choose a password.
  return { newAccount: user.requirePasswordReset === "NEW_ACCOUNT" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { services, session } = accountContext(context);
  const parsed = SetPasswordSchema.safeParse(await formFields(request));
  if (!parsed.success) return invalidForm(parsed.error);
  await services.accounts.setPassword(user, parsed.data.password, session?.id);
  return redirect("/account/profile/?notice=password");
}

export default function PasswordUpdatePage({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  return (
    <AuthCard
      title={loaderData.newAccount ? "Set a password" : "Change your password"}
      subtitle="Other devices signed in to your account will be logged out."
    >
      {loaderData.newAccount ? (
        <div className="mb-4">
          <Alert tone="info">{ACCOUNT_SETUP_PASSWORD}</Alert>
        </div>
      ) : null}
      <Form method="post" className="space-y-4" noValidate>
        <NewPasswordFields errors={errors} />
        <SubmitButton busy={busy}>Save password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
