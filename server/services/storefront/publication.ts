/**
 * The publication rule of domain/publication.ts in SQL, and the one resolution every read and
 * write under a deal starts with (issue 31). A deal the reader may not see is not found, the same
 * answer as an id that names nothing, so drafts cannot be found by walking ids.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { notFound } from "../../../domain/errors";
import { parseId } from "../../../domain/ids";
import { type PublicationReader, publicationScope } from "../../../domain/publication";
import type { Db } from "../../db/client";
import { deals } from "../../db/schema/catalog";
import { publicDeal } from "./deal-columns";

/** A signed-in reader: their id (for the partner role) and their staff flags. */
export type DealReader = (NonNullable<PublicationReader> & { id: number }) | null;

/** A slug as stored; anything else can never match (and is a 404 before any statement). */
const DEAL_SLUG = /^[a-z0-9][a-z0-9_-]{0,199}$/i;

/**
 * The deals `reader` may read, as a condition on the enclosing `deals` row: public ones, every
 * one for staff, and for anyone else signed in those they are a partner of as well.
 */
export function readableDeal(reader: DealReader): SQL {
  const scope = publicationScope(reader);
  if (scope === "all") return sql`true`;
  if (scope === "public" || reader == null) return publicDeal;
  return sql`(${publicDeal} or exists (select 1 from deal_roles pub_roles
    where pub_roles.deal_id = ${deals.id} and pub_roles.role = 'partner'
      and pub_roles.user_id = ${reader.id}::int))`;
}

/**
 * The deal a URL names (numeric id or slug) among those `reader` may read: the condition to put
 * on a `deals` query. A key that can be neither is a 404 before any statement runs.
 */
export function dealKeyFor(dealKey: string | number, reader: DealReader): SQL {
  const id = typeof dealKey === "number" ? dealKey : parseId(dealKey);
  if (id === null && (typeof dealKey === "number" || !DEAL_SLUG.test(dealKey))) throw notFound();
  const match = id !== null ? eq(deals.id, id) : eq(deals.slug, String(dealKey));
  return and(match, readableDeal(reader)) as SQL;
}

/**
 * The id and slug of the deal `dealKey` names if `reader` may read it; a 404 (the same as for a
 * missing deal) otherwise.
 */
export async function resolveDealForReader(
  db: Db,
  dealKey: string | number,
  reader: DealReader,
): Promise<{ id: number; slug: string }> {
  const rows = await db
    .select({ id: deals.id, slug: deals.slug })
    .from(deals)
    .where(dealKeyFor(dealKey, reader))
    .limit(1);
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}
