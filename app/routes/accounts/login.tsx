import { redirect, useNavigation } from "react-router";
import { LoginSchema } from "../../../domain/schemas/auth";
import { privateMeta } from "../../seo/meta";
import type { Route } from "./+types/login";
import {
  accountContext,
  formFields,
  invalidForm,
  redirectWithCookies,
  refused,
  safeNextPath,
} from "./accounts.server";
import { AuthCard, AuthForm, Divider, EmailField, Field, SubmitButton, TextLink } from "./form-ui";

const NOTICES: Record<string, string> = {
  password_reset: "Your password has been reset. Log in with your new password.",
  logged_out: "You have been logged out.",
};

export const meta: Route.MetaFunction = () => privateMeta("Log in");

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNextPath(url.searchParams.get("next"));
  const { session, publicConfig } = accountContext(context);
  // Already signed in: straight on to where the visitor was going.
  if (session?.user) throw redirect(next);
  return {
    next,
    notice: NOTICES[url.searchParams.get("notice") ?? ""] ?? null,
    // "Continue with Google" only where Google sign-in is configured (else it is a 501 page).
    google: publicConfig.googleSignIn === true,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, session, ip, cookies } = accountContext(context);
  const fields = await formFields(request);
  const next = safeNextPath(fields.next);
  const parsed = LoginSchema.safeParse(fields);
  if (!parsed.success) return invalidForm(parsed.error, { email: fields.email ?? "" });
  try {
    const started = await services.accounts.login({
      email: parsed.data.email,
      password: parsed.data.password,
      ip,
      session,
    });
    return redirectWithCookies(next, cookies.signedIn(started));
  } catch (err) {
    return refused(err, { email: parsed.data.email });
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { next, notice } = loaderData;
  const errors = actionData?.errors;
  const busy = useNavigation().state === "submitting";
  const withNext = (path: string) =>
    next === "/" ? path : `${path}?next=${encodeURIComponent(next)}`;
  return (
    <AuthCard
      title="Log in"
      subtitle="Welcome back. Your deals are waiting."
      footer={
        <>
          New to Payonce? <TextLink to={withNext("/accounts/signup/")}>Create an account</TextLink>
        </>
      }
    >
      <AuthForm notice={notice} errors={errors}>
        <input type="hidden" name="next" value={next} />
        <EmailField errors={errors} defaultValue={actionData?.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          errors={errors?.password}
          hint={
            <a
              href="/accounts/password/reset/"
              className="text-xs font-medium text-ink-soft hover:text-ink"
            >
              Forgot your password?
            </a>
          }
        />
        <SubmitButton busy={busy}>{busy ? "Logging in…" : "Log in"}</SubmitButton>
      </AuthForm>
      {loaderData.google ? (
        <>
          <Divider>or</Divider>
          <a
            href={`/api/users/login/google/?next=${encodeURIComponent(next)}`}
            className="flex w-full items-center justify-center gap-2 rounded-full border border-black/15 px-5 py-2.5 text-sm font-semibold text-ink transition hover:bg-stone-50"
          >
            <GoogleMark />
            Continue with Google
          </a>
        </>
      ) : null}
    </AuthCard>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="h-4 w-4" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}
