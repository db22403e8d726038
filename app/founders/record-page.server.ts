import { isDomainError, statusOf } from "../../server/web/errors";
import { toDealCardView } from "../collections/card-view";
import type { AppLoadContext } from "../context";
import { pageStatusError } from "../ui/not-found.server";

type Ctx = Pick<AppLoadContext, "services" | "publicConfig">;

/**
 * /founders/{slug}/ (issue 34, decision 077): the founder's public record, through the same use
 * case as GET /api/founders/{slug}/. An unknown slug, or a member who founded no published deal,
 * is a real 404.
 */
export async function loadFounderRecordPage(ctx: Ctx, slug: string) {
  let record: Awaited<ReturnType<typeof ctx.services.founderRecords.record>>;
  try {
    record = await ctx.services.founderRecords.record(slug);
  } catch (err) {
    if (isDomainError(err)) throw await pageStatusError(ctx, statusOf(err));
    throw err;
  }
  return {
    origin: ctx.publicConfig.publicUrl,
    now: new Date().toISOString(),
    record: { ...record, deals: record.deals.map(toDealCardView) },
  };
}

export type FounderRecordPageData = Awaited<ReturnType<typeof loadFounderRecordPage>>;
