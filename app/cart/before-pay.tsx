import { createContext, type RefObject, useContext } from "react";

/**
 * A step the cart runs before it charges: the billing details save first when they changed, and a
 * refusal stops the payment (decision 014). The cart page owns the ref; the billing fields set it
 * and the pay form awaits it, so neither needs to know the other.
 */
export type BeforePay = () => Promise<boolean>;

export const BeforePayContext = createContext<RefObject<BeforePay | null> | null>(null);

export const useBeforePay = () => useContext(BeforePayContext);
