import { appContext } from "../../context";
import { ListPage, listMeta } from "../../discussions/list-page";
import { loadListPage } from "../../discussions/list-page.server";
import { threadAction } from "../../discussions/thread-actions.server";
import type { Route } from "./+types/reviews";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadListPage(context.get(appContext), "review", params.slug, request);

export const action = ({ context, params, request }: Route.ActionArgs) =>
  threadAction(context.get(appContext), "review", params.slug, request);

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? listMeta(loaderData) : [{ title: "Not found | Payonce" }];

export default function Reviews({ loaderData }: Route.ComponentProps) {
  return <ListPage data={loaderData} />;
}
