import type { FastifySerializerCompiler } from "fastify";
import { z } from "zod";

/**
 * Response schemas shared by every route. Each route declares its success answer (zod, so the
 * OpenAPI document at /api/openapi.json shows it) and spreads `errorResponses` for its refusals.
 *
 * Objects are loose (`z.looseObject`): a schema names the fields a client relies on and the
 * document shows, without stripping what a newer field adds.
 */
export const detailResponse = z.object({ detail: z.string() }).describe("A refusal's message");
export const fieldErrorsResponse = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .describe("Field name -> messages; non_field_errors for the form, detail for one message");

/** The refusals of DESIGN.md's error mapping, as every route may answer them. */
export const errorResponses = {
  400: fieldErrorsResponse,
  401: detailResponse,
  403: detailResponse,
  404: detailResponse,
  409: fieldErrorsResponse,
  429: detailResponse,
} as const;

/** A JSON answer whose shape is described elsewhere (spec 001 section 3), kept loose. */
export const jsonObject = (description: string) => z.looseObject({}).describe(description);
export const okResponse = z.looseObject({ detail: z.string().optional() });
/** A redirect (form posts without JavaScript, OAuth): no body. */
export const redirectResponse = z.null().describe("Redirect; see the Location header");

type ZodLike = { safeParse(data: unknown): { success: boolean; error?: { message: string } } };
const isZod = (schema: unknown): schema is ZodLike =>
  typeof schema === "object" && schema !== null && "safeParse" in schema;

/**
 * Serialises answers with JSON.stringify, exactly as they are. With `validate` (the test suite),
 * every answer is first checked against its route's response schema, so a schema that drifts
 * from what the route sends fails the API tests; production skips the check (it costs CPU on
 * every answer and would strip nothing anyway).
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) =>
    (data: unknown) => {
      if (validate && isZod(schema)) {
        const result = schema.safeParse(data);
        if (!result.success) {
          throw new Error(
            `The answer of ${method} ${url} does not match its response schema: ${result.error?.message}`,
          );
        }
      }
      return JSON.stringify(data);
    };
}
