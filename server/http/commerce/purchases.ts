import { stringify } from "csv-stringify/sync";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ProductsQuerySchema, TransferSchema } from "../../../domain/schemas/account";
import type { Services } from "../../services";
import { type ProductJson, productJson, productListJson } from "../../web/commerce-presenters";
import { requireUser, signedInUser } from "../guards";
import { byUserOrAddress, rateLimited } from "../rate-limit";
import { errorResponses } from "../schemas";
import { anyBody, bodyOf, idParam, pathId, productsResponse } from "./schemas";

const CSV_COLUMNS = [
  "Product",
  "Plan",
  "Plan type",
  "Price (USD)",
  "Purchased",
  "Licence codes",
  "Redeemed codes",
  "Refund policy",
  "Refund deadline",
  "Refunded",
  "Order",
  "Invoice item",
  "Product URL",
] as const;

/** Spreadsheet programs run cells starting with = + - @ as formulas: such cells get a quote. */
const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

function csvRow(p: ProductJson, origin: string): string[] {
  return [
    p.deal.name,
    p.plan?.public_name ?? "",
    p.plan?.plan_type ?? "",
    p.price.toFixed(2),
    p.purchased_at.slice(0, 10),
    p.licence_codes.map((c) => c.code).join(" "),
    p.licence_codes
      .filter((c) => c.redeemed)
      .map((c) => c.code)
      .join(" "),
    p.refund.text,
    p.refund.deadline?.slice(0, 10) ?? "",
    p.refunded_at?.slice(0, 10) ?? "",
    String(p.order_id),
    String(p.invoice_item),
    `${origin}${p.deal.get_absolute_url}`,
  ].map(safeCell);
}

/**
 * The buyer's products (spec 001 section 7; contract.md): list with page, f and q; CSV download
 * with f and q; a refund within the refund window; transfers to another account and the check
 * of the target address.
 */
export const productRoutes: FastifyPluginAsyncZod<{
  services: Services;
  publicUrl: string;
}> = async (app, { services, publicUrl }) => {
  const { products, transfers } = services;
  const origin = publicUrl.replace(/\/$/, "");

  app.get(
    "/api/users/products/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["products"],
        summary:
          "The caller's products: page, f (all, active, redeemed, not_redeemed, refunded), q",
        querystring: ProductsQuerySchema,
        response: { 200: productsResponse, ...errorResponses },
      },
    },
    async (request) =>
      productListJson(await products.list(signedInUser(request).id, request.query)),
  );

  app.get(
    "/api/users/products/download/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["products"],
        summary: "The caller's products as CSV (f, q)",
        querystring: ProductsQuerySchema,
        response: { 200: z.string().describe("text/csv"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const rows = await products.csvRows(signedInUser(request).id, request.query);
      const csv = stringify([[...CSV_COLUMNS], ...rows.map((p) => csvRow(productJson(p), origin))]);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="payonce-products.csv"')
        .send(csv);
    },
  );

  app.post(
    "/api/users/products/:invoice_item/refund/",
    {
      preValidation: requireUser,
      schema: {
        tags: ["products"],
        summary: "Refund one of the caller's purchases within its refund window",
        params: z.object({ invoice_item: idParam("The purchase's invoice item id") }),
        body: anyBody,
        response: {
          200: z
            .looseObject({ detail: z.string(), refunded_items: z.array(z.number()) })
            .describe("The refund: the items it covered and the amount"),
          ...errorResponses,
        },
      },
    },
    async (request) => products.refund(signedInUser(request), pathId(request.params.invoice_item)),
  );

  app.get(
    "/license/validate/email/:email/",
    {
      // Checking addresses tells whether an account exists: limited per signed-in user.
      preHandler: rateLimited("products.validate-email", byUserOrAddress),
      schema: {
        tags: ["products"],
        summary: "Whether an e-mail address belongs to an account (a transfer's target)",
        params: z.object({ email: z.string() }),
        response: {
          200: z.looseObject({ valid: z.boolean(), email: z.string() }),
          ...errorResponses,
        },
      },
      preValidation: requireUser,
    },
    async (request) => transfers.validateEmail(request.params.email),
  );

  app.post(
    "/api/users/products/transfer/",
    {
      preHandler: rateLimited("products.transfer", byUserOrAddress),
      schema: {
        tags: ["products"],
        summary:
          "Transfer one of the caller's products (invoice_item, email, plan, action=transfer)",
        body: bodyOf(TransferSchema),
        response: {
          200: z
            .looseObject({ detail: z.string() })
            .describe("The transfer and the items it moved"),
          ...errorResponses,
        },
      },
      preValidation: requireUser,
    },
    async (request) => transfers.transfer(signedInUser(request), request.body),
  );
};
