import { appContext } from "../../context";
import { ItemPage, itemMeta } from "../../discussions/item-page";
import { loadItemPage } from "../../discussions/item-page.server";
import { threadAction } from "../../discussions/thread-actions.server";
import type { Route } from "./+types/question";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadItemPage(context.get(appContext), "question", params.slug, params.item, request);

export const action = ({ context, params, request }: Route.ActionArgs) =>
  threadAction(context.get(appContext), "question", params.slug, request, params.item);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? itemMeta(loaderData) : [{ title: "Not found | Payonce" }];

export default function Question({ loaderData }: Route.ComponentProps) {
  return <ItemPage data={loaderData} />;
}
