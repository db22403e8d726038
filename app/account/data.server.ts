/** Server-only pieces the account pages' loaders use (kept out of the browser bundle). */
export { countryFromRequest, TEST_CARDS } from "../../server/web/account-pages";
