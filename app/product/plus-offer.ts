/** The Plus membership as the cart sells it: the Plus deal's id and its annual plan. */
export type { PlusOffer } from "../../server/services/storefront/plus-offer";
