/**
 * The two cart calls the product page makes (contract.md): POST /api/cart/items/ and
 * POST /api/cart/addons/, JSON bodies, with the CSRF double-submit header. Errors carry the
 * server's first message when it sent one.
 */
import type { AddonCartLine } from "../../domain/addons";
import { readCookie } from "../ui/cookies";
import type { CartItemRef } from "./cart-events";

const CSRF_COOKIE = "csrftoken";
const CSRF_HEADER = "X-CSRFToken";

export type CartItemRequest = {
  dealId: number | null;
  dealGroupId: number | null;
  planId: number | null;
  couponCode: string | null;
  quantity: number;
  /** Plus first, in the same change, when the plan is for Plus members. */
  withPlus?: boolean;
};

export class CartError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The refusal's typed code (e.g. "plus_required"), when the server gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** The first message of a Django-like error body ({field: [messages]} or {detail}). */
function firstMessage(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (typeof value === "string") return value;
    if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  }
  return null;
}

async function post(path: string, body: unknown, fallback: string): Promise<unknown> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "same-origin",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      [CSRF_HEADER]: readCookie(document.cookie, CSRF_COOKIE),
    },
    body: JSON.stringify(body),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const code = (data as { code?: unknown } | null)?.code;
    throw new CartError(
      firstMessage(data) ?? fallback,
      response.status,
      typeof code === "string" ? code : null,
    );
  }
  return data;
}

/**
 * Adds one line. The cart answers 201 with the whole cart; the new line is the top-level line of
 * this plan (its id lets the add-ons hang off it).
 */
export async function addCartItem(item: CartItemRequest, fallback: string): Promise<CartItemRef> {
  const data = await post("/api/cart/items/", item, fallback);
  const lines =
    data && typeof data === "object" && Array.isArray((data as { cart_items?: unknown }).cart_items)
      ? ((data as { cart_items: { id?: unknown; plan?: { id?: unknown } }[] }).cart_items ?? [])
      : [];
  const line = lines.find((l) => l.plan?.id === item.planId);
  const id = line?.id;
  return { id: typeof id === "number" || typeof id === "string" ? id : null };
}

/** Adds the chosen add-ons in one call. */
export async function addCartAddons(lines: AddonCartLine[], fallback: string): Promise<void> {
  await post("/api/cart/addons/", { addons: lines }, fallback);
}
