import { data } from "react-router";
import { subscribeCopy } from "../../domain/storefront";
import { appContext } from "../context";
import type { Route } from "./+types/not-found";

/** What a 404 thrown here carries to the root ErrorBoundary: the e-mail capture's figure. */
export type NotFoundData = { discount: string };

// Every URL no route owns yet is a real 404 (status and page), rendered by the root ErrorBoundary.
// It names the same first-order discount as the home page's subscribe banner: the live percent
// campaign's, else 10% (one offer wherever it is made).
export async function loader({ context }: Route.LoaderArgs) {
  const campaign = await context.get(appContext).services.pages.activeCampaign();
  const { discount } = subscribeCopy(
    campaign?.type === "percent" ? { type: "percent", value: campaign.value } : null,
  );
  throw data({ discount } satisfies NotFoundData, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
