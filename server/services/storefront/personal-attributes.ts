import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ATTRIBUTE_TYPES, attributes, dealAttributeValues } from "../../db/schema";
import { ownsDeal } from "../commerce/ownership-sql";

const ATTRIBUTE_NAMES = {
  alternative_to: "Alternative to",
  integrations: "Integrations",
  best_for: "Best for",
} as const;

export type PersonalAttributesJson = Record<
  (typeof ATTRIBUTE_TYPES)[number],
  {
    slug: string;
    name: string;
    type: string;
    values: { slug: string; name: string; deal_count: number }[];
  }
>;

/**
 * GET /api/dealattribute/personal/ (spec 001 section 7, "Personal attributes"): the attributes of
 * the deals the user owns, in the Deal entity's attribute shape (alternative_to, integrations,
 * best_for, each with its values), each value with how many of the user's deals have it, most
 * first. What personalises "for you" lists; empty lists for a visitor or a user who owns nothing.
 * One statement.
 */
export function createPersonalAttributesService(deps: { db: Db }) {
  async function forUser(userId: number | null): Promise<PersonalAttributesJson> {
    const result = Object.fromEntries(
      ATTRIBUTE_TYPES.map((type) => [
        type,
        { slug: type, name: ATTRIBUTE_NAMES[type], type, values: [] },
      ]),
    ) as unknown as PersonalAttributesJson;
    if (userId == null) return result;
    const dealCount = sql<number>`count(distinct ${dealAttributeValues.dealId})::int`;
    const rows = await deps.db
      .select({
        type: attributes.type,
        slug: attributes.slug,
        name: attributes.name,
        dealCount,
      })
      .from(dealAttributeValues)
      .innerJoin(attributes, eq(attributes.id, dealAttributeValues.attributeId))
      .where(and(ownsDeal(sql`${userId}`, sql`${dealAttributeValues.dealId}`)))
      .groupBy(attributes.id, attributes.type, attributes.slug, attributes.name)
      .orderBy(desc(dealCount), asc(attributes.name));
    for (const r of rows) {
      result[r.type]?.values.push({ slug: r.slug, name: r.name, deal_count: r.dealCount });
    }
    return result;
  }
  return { forUser };
}

export type PersonalAttributesService = ReturnType<typeof createPersonalAttributesService>;
