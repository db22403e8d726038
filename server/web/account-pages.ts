// What the account pages (billing, cards) use of the commerce and marketing areas.
export { TEST_CARDS } from "../services/commerce/card-tokens";
export { countryFromRequest } from "../services/marketing/geoip";
