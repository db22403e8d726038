/**
 * Route schemas shared by the commerce routes: bodies that may be missing, path ids, and the
 * answers (named fields are those clients rely on; objects stay loose, server/http/schemas.ts).
 */
import { z } from "zod";
import { invalid, notFound } from "../../../domain/errors";
import { parseId } from "../../../domain/ids";
import { fieldErrors } from "../../../domain/schemas/common";

/**
 * A body schema that reads a missing body as {}, so a call without one gets each required
 * field's own message rather than "expected an object".
 */
export const bodyOf = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => value ?? {}, schema);

/** Any body at all (a route that parses its body itself says why). */
export const anyBody = z.unknown().optional();

/** A path segment that names a row: declared as text, read with `pathId` (404 when not an id). */
export const idParam = (description: string) => z.string().describe(description);

/**
 * A row id from the path: anything that is not one (text, 0, above 2147483647) names no row,
 * so it is the same 404 as an id that does not exist (and never reaches an int4 column).
 */
export function pathId(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}

const money = z.number();

const cartLine = z.looseObject({
  id: z.number(),
  deal: z.looseObject({ id: z.number(), slug: z.string() }),
  plan: z.looseObject({ id: z.number() }),
  price: money,
  quantity: z.number(),
  error: z.string().nullable(),
});

/** The whole cart (server/web/commerce-presenters.ts cartJson). */
export const cartResponse = z
  .looseObject({
    id: z.number().nullable(),
    cart_items: z.array(cartLine.extend({ addons: z.array(cartLine) })),
    item_count: z.number(),
    subtotal: money,
    total: money,
    coupon: z.looseObject({ code: z.string(), error: z.string().nullable() }).nullable(),
    payment_kind: z.string(),
  })
  .describe("The cart (spec 001 'Cart'), money in major units");

/** An order (server/web/commerce-presenters.ts orderJson). */
export const orderResponse = z
  .looseObject({
    id: z.number(),
    status: z.string(),
    total: money,
    items: z.array(z.looseObject({ id: z.number(), licences: z.array(z.string()) })),
  })
  .describe("An order with its items and licence codes");

/** The saved cards, default first. */
export const cardsResponse = z
  .looseObject({ detail: z.string().optional(), cards: z.array(z.looseObject({ id: z.number() })) })
  .describe("The caller's saved cards, default first");

/** Billing and tax entries, defaults first, with what a save wrote. */
export const billingResponse = z
  .looseObject({
    detail: z.string().optional(),
    billing_details: z.array(z.looseObject({ id: z.number() })),
    tax_details: z.array(z.looseObject({ id: z.number() })),
  })
  .describe("Billing and tax entries, defaults first");

/** The Plus subscription (latest) and whether the caller is a member. */
export const plusResponse = z
  .looseObject({
    detail: z.string().optional(),
    has_plus: z.boolean(),
    subscription: z.looseObject({ id: z.number(), status: z.string() }).nullable(),
  })
  .describe("The caller's Plus subscription");

/** A page of the caller's products (server/web/commerce-presenters.ts productJson). */
export const productsResponse = z
  .looseObject({
    results: z.array(z.looseObject({ invoice_item: z.number(), order_id: z.number() })),
    meta: z.looseObject({ total: z.number(), page: z.number(), pages: z.number() }),
  })
  .describe("The caller's products, newest first");

/** A reward campaign with the caller's coupon. */
export const rewardCampaign = z.looseObject({ id: z.number() }).describe("A reward campaign");

/**
 * Parses a body against one of several schemas chosen by what it holds (PATCH billing: an edit
 * or a delete), where one route schema cannot say which; a failure is the API's 400 field map.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalid(fieldErrors(result.error));
  return result.data;
}
