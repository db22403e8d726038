import { createContext, useContext } from "react";

/**
 * Whether the reader is a Plus member, for prices outside the product page (deal cards): they show
 * what the cart will charge this reader. The root provides it; anything rendered outside the app
 * (unit tests, an error page) reads false, the anonymous price.
 */
export const PlusMemberContext = createContext(false);

export const usePlusMember = () => useContext(PlusMemberContext);
