import { data, Form, redirect, useNavigation } from "react-router";
import { PasswordResetConfirmSchema } from "../../../domain/schemas/auth";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Route } from "./+types/password-reset-confirm";
import { accountContext, formFields, isDomainError, statusOf } from "./accounts.server";
import {
  Alert,
  AuthCard,
  Field,
  type FieldErrors,
  formLevelErrors,
  SubmitButton,
  TextLink,
} from "./form-ui";

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password | Payonce" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = accountContext(context);
  return { valid: await services.accounts.resetTokenValid(params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services } = accountContext(context);
  const fields = await formFields(request);
  const parsed = PasswordResetConfirmSchema.safeParse({ ...fields, token: params.token });
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors }, 400);
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
      <AuthCard
        title="This link has expired"
        subtitle="Password reset links work once, for an hour."
      >
        <TextLink to="/accounts/password/reset/">Send a new link</TextLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <div className="space-y-4">
        {formLevelErrors(errors).map((m) => (
          <Alert key={m}>{m}</Alert>
        ))}
      </div>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          errors={errors?.password}
        />
        <Field
          label="Confirm new password"
          name="password_confirm"
          type="password"
          autoComplete="new-password"
          errors={errors?.password_confirm}
        />
        <SubmitButton busy={busy}>Set new password</SubmitButton>
      </Form>
    </AuthCard>
  );
}
