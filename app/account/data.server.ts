/** Server-only pieces the account pages' loaders use (kept out of the browser bundle). */
export { TEST_CARDS } from "../../server/services/commerce/card-tokens";
export { countryFromRequest } from "../../server/services/marketing/geoip";
