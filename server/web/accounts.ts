// What the account pages (app/routes/accounts, app/routes/account) use of the accounts area.
export {
  accountSetup,
  LOGIN_THROTTLED,
  PASSWORD_SET,
  PRIMARY_EMAIL_SET,
  RESET_SENT,
  THROTTLED,
} from "../services/accounts/accounts";
export { safeNextPath } from "../services/accounts/next-path";
