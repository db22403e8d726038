import { data, Form, redirect, useNavigation } from "react-router";
import { PasswordResetSchema } from "../../../domain/schemas/auth";
import { fieldErrors } from "../../../domain/schemas/common";
import type { Route } from "./+types/password-reset";
import {
  accountContext,
  formFields,
  isDomainError,
  RESET_SENT,
  retryHeaders,
  statusOf,
} from "./accounts.server";
import {
  Alert,
  AuthCard,
  Field,
  type FieldErrors,
  formLevelErrors,
  SubmitButton,
  TextLink,
} from "./form-ui";

export const meta: Route.MetaFunction = () => [{ title: "Reset your password | Payonce" }];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.get("sent") === "1" ? RESET_SENT : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, ip } = accountContext(context);
  const fields = await formFields(request);
  const parsed = PasswordResetSchema.safeParse(fields);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) as FieldErrors }, 400);
  try {
    await services.accounts.requestPasswordReset(parsed.data.email, ip);
  } catch (err) {
    if (!isDomainError(err)) throw err;
    return data(
      { errors: err.fields as FieldErrors },
      { status: statusOf(err), headers: retryHeaders(err.retryAfter) },
    );
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
      <div className="space-y-4">
        {loaderData.sent ? <Alert tone="success">{loaderData.sent}</Alert> : null}
        {formLevelErrors(errors).map((m) => (
          <Alert key={m}>{m}</Alert>
        ))}
      </div>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          errors={errors?.email}
        />
        <SubmitButton busy={busy}>Send reset link</SubmitButton>
      </Form>
    </AuthCard>
  );
}
