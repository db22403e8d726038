import { data } from "react-router";
import { subscribeCopy } from "../../domain/storefront";
import type { AppLoadContext } from "../context";

/** What a page's 404 carries to the root ErrorBoundary: the e-mail capture's figure. */
export type NotFoundData = { discount: string };

/**
 * The 404 response a page loader throws: the 404 page then names the same first-order discount
 * as the home page's subscribe banner (the live percent campaign's, else 10%; issue 15: one
 * offer wherever it is made). One small statement, on 404s only.
 */
export async function notFound(ctx: Pick<AppLoadContext, "services">) {
  const campaign = await ctx.services.pages.activeCampaign();
  const { discount } = subscribeCopy(
    campaign?.type === "percent" ? { type: "percent", value: campaign.value } : null,
  );
  return data({ discount } satisfies NotFoundData, { status: 404 });
}
