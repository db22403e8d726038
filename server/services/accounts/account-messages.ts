// Our wording where the spec is silent.
export const LOGIN_FAILED = "Unable to log in with provided credentials.";
export { LOGIN_THROTTLED } from "./login-throttle";
export const THROTTLED = "Too many attempts. Please try again later.";
export const EMAIL_TAKEN =
  "An account with this email already exists. Log in or reset your password.";
export const EMAIL_IN_USE = "This email is already in use.";
export const EMAIL_NOT_ON_ACCOUNT = "This email is not on your account.";
export const RESET_SENT =
  "If an account exists for that email, we've sent a link to reset its password. Check your inbox.";
export const RESET_LINK_INVALID = "This password reset link is invalid or has expired.";
export const PASSWORD_SET = "Your password has been set.";
export const PRIMARY_EMAIL_SET = "Your primary email has been updated.";
export const VERIFY_LINK_INVALID = "This verification link is invalid or has expired.";
