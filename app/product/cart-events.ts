/**
 * The product page's small client event bus (spec 001 sections 4 and 7): window CustomEvents
 * "cart:added" (the cart now holds the plan: go to /cart) and "addons:updated" (the selected
 * add-ons changed), and the add-on handlers that run after the primary plan is added and before
 * cart:added fires, each allowed to fail without stopping the others or the event.
 */
import type { AddonSelection } from "../../domain/addons";

export const CART_ADDED_EVENT = "cart:added";
export const ADDONS_UPDATED_EVENT = "addons:updated";

export type CartAddedDetail = {
  dealId: number;
  planId: number;
  /** The created cart line, when the cart answered with one. */
  cartItem: CartItemRef | null;
};

export type AddonsUpdatedDetail = { dealId: number; addons: AddonSelection[] };

/** What the add-on handlers learn about the line just added. */
export type CartItemRef = { id: number | string | null; [field: string]: unknown };

export type AddonHandler = (added: CartAddedDetail) => Promise<void>;

const handlers = new Set<AddonHandler>();

/** Registers an add-on handler; returns its unregister function (for effect clean-up). */
export function registerAddonHandler(handler: AddonHandler): () => void {
  handlers.add(handler);
  return () => {
    handlers.delete(handler);
  };
}

/**
 * Runs every registered add-on handler (in parallel: they are independent), then fires
 * cart:added, even if a handler failed. Returns the failures so the caller can tell the user.
 */
export async function runAddonHandlersThenAnnounce(added: CartAddedDetail): Promise<unknown[]> {
  const results = await Promise.allSettled([...handlers].map((handler) => handler(added)));
  window.dispatchEvent(new CustomEvent<CartAddedDetail>(CART_ADDED_EVENT, { detail: added }));
  return results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
}

export function announceAddonsUpdated(detail: AddonsUpdatedDetail): void {
  window.dispatchEvent(new CustomEvent<AddonsUpdatedDetail>(ADDONS_UPDATED_EVENT, { detail }));
}
