import { data } from "react-router";
import { subscribeCopy } from "../../domain/storefront";
import type { AppLoadContext } from "../context";

/** What the helpers below need: the services (the live campaign). */
export type NotFoundCtx = Pick<AppLoadContext, "services">;

/** What a page's 404 carries to the root ErrorBoundary: the e-mail capture's figure. */
export type NotFoundData = { discount: string };

/**
 * The 404 response a page loader throws: the 404 page then names the same first-order discount
 * as the home page's subscribe banner (the live percent campaign's, else 10%; issue 15: one
 * offer wherever it is made). One small statement, on 404s only.
 */
export async function notFound(ctx: NotFoundCtx) {
  const campaign = await ctx.services.pages.activeCampaign();
  const { discount } = subscribeCopy(
    campaign?.type === "percent" ? { type: "percent", value: campaign.value } : null,
  );
  return data({ discount } satisfies NotFoundData, { status: 404 });
}

/**
 * A page loader's error answer for a status from the domain (a DomainError's status): a 404 is
 * notFound's (so it names the same figure); any other status is a bare error response. Every
 * page's 404 goes through notFound: tests/unit/one-404.test.ts keeps it so.
 */
export async function pageStatusError(ctx: NotFoundCtx, status: number) {
  return status === 404 ? notFound(ctx) : data(null, { status });
}
