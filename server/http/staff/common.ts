import type { FastifyRequest } from "fastify";
import { z } from "zod";
import type { Actor } from "../../services/staff/audit";
import { signedInUser } from "../guards";

export { bodyOf, idParam, pathId } from "../commerce/schemas";

/** The signed-in caller as the audit log names them. */
export function actorOf(request: FastifyRequest, role: Actor["role"]): Actor {
  const user = signedInUser(request);
  return { id: user.id, email: user.email, role };
}

/** A list answer shaped for a table: items, total, page (and page_size, pages). */
export const tableResponse = (description: string) =>
  z
    .looseObject({
      items: z.array(z.looseObject({})),
      total: z.number(),
      page: z.number(),
      page_size: z.number(),
      pages: z.number(),
    })
    .describe(description);

export const objectResponse = (description: string) => z.looseObject({}).describe(description);

export const idParams = (what: string) => z.object({ id: z.string().describe(`The ${what}'s id`) });
