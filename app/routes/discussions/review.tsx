import { seoDiscussionTitle } from "../../../domain/structured-data";
import { appContext } from "../../context";
import { ItemPage, itemJsonLd } from "../../discussions/item-page";
import { loadItemPage } from "../../discussions/item-page.server";
import { threadAction } from "../../discussions/thread-actions.server";
import type { Route } from "./+types/review";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadItemPage(context.get(appContext), "review", params.slug, params.item, request);

export const action = ({ context, params, request }: Route.ActionArgs) =>
  threadAction(context.get(appContext), "review", params.slug, request, params.item);

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Not found | Payonce" }];
  const ld = itemJsonLd(loaderData);
  return [
    {
      title: `${seoDiscussionTitle(loaderData.item.title)} | ${loaderData.deal.name} reviews | Payonce`,
    },
    ...(ld ? [{ "script:ld+json": ld as never }] : []),
  ];
};

export default function Review({ loaderData }: Route.ComponentProps) {
  return <ItemPage data={loaderData} />;
}
