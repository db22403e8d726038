import { data, redirect, useNavigation } from "react-router";
import { SignupSchema } from "../../../domain/schemas/auth";
import { fieldErrors } from "../../../domain/schemas/common";
import { privateMeta } from "../../seo/meta";
import type { Route } from "./+types/signup";
import {
  accountContext,
  formFields,
  redirectWithCookies,
  refused,
  safeNextPath,
} from "./accounts.server";
import {
  AuthCard,
  AuthForm,
  EmailField,
  type FieldErrors,
  NewPasswordFields,
  SubmitButton,
  TextLink,
} from "./form-ui";

const RECAPTCHA_FAILED = "Please confirm you are not a robot.";

export const meta: Route.MetaFunction = () => privateMeta("Create your account");

export function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  const { session, services } = accountContext(context);
  if (session?.user) throw redirect(next);
  return { next, recaptchaToken: services.accounts.recaptcha.issue() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, session, ip, cookies } = accountContext(context);
  const fields = await formFields(request);
  const next = safeNextPath(fields.next);
  const email = fields.email ?? "";
  const parsed = SignupSchema.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error);
  // A token shorter than 10 characters fails and a visible challenge is shown (spec 001 s. 5).
  const human = await services.accounts.recaptcha.verify(fields.recaptcha_token, ip);
  if (!human) errors.recaptcha = [RECAPTCHA_FAILED];
  if (!parsed.success || !human) {
    const challenge = human ? null : services.accounts.recaptcha.issue();
    return data({ errors, email, challenge }, 400);
  }
  try {
    const started = await services.accounts.signup({
      email: parsed.data.email,
      password: parsed.data.password,
      ip,
      session,
    });
    // Back where the shopper was (issue 15), the home page when they came straight here; the
    // header's account menu carries the verify prompt from then on.
    return redirectWithCookies(next, cookies.signedIn(started));
  } catch (err) {
    return refused(err, { email, challenge: null });
  }
}

export default function SignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { next, recaptchaToken } = loaderData;
  const errors = actionData?.errors;
  const challenge = actionData?.challenge ?? null;
  const busy = useNavigation().state === "submitting";
  const loginLink =
    next === "/" ? "/accounts/login/" : `/accounts/login/?next=${encodeURIComponent(next)}`;
  return (
    <AuthCard
      title="Create your account"
      subtitle="Lifetime deals on the software your business runs on. Pay once, not monthly."
      footer={
        <>
          Already have an account? <TextLink to={loginLink}>Log in</TextLink>
        </>
      }
    >
      <AuthForm errors={errors}>
        <input type="hidden" name="next" value={next} />
        <EmailField errors={errors} defaultValue={actionData?.email} />
        <NewPasswordFields
          errors={errors}
          label="Password"
          confirmLabel="Confirm password"
          hint={<span className="text-xs text-ink-soft">8 characters or more</span>}
        />
        {challenge ? (
          <fieldset className="rounded-lg border border-red-300 bg-red-50/50 p-3.5">
            <legend className="px-1 text-sm font-semibold text-ink">Quick check</legend>
            <label className="flex cursor-pointer items-center gap-3 text-sm font-medium text-ink">
              <input
                type="checkbox"
                name="recaptcha_token"
                value={challenge}
                required
                className="h-5 w-5 rounded border-black/30 accent-brand-500"
              />
              I'm not a robot
            </label>
            {errors?.recaptcha ? (
              <p className="mt-2 text-sm text-red-700">{errors.recaptcha.join(" ")}</p>
            ) : null}
          </fieldset>
        ) : (
          <input type="hidden" name="recaptcha_token" value={recaptchaToken} />
        )}
        <SubmitButton busy={busy}>
          {busy ? "Creating your account…" : "Create account"}
        </SubmitButton>
        <p className="text-center text-xs text-ink-soft">
          We'll email you a link to confirm your address.
        </p>
      </AuthForm>
    </AuthCard>
  );
}
