import type { ShouldRevalidateFunction } from "react-router";
import { appContext } from "../../context";
import { ListPage, listMeta, revalidateUnlessAnswering } from "../../discussions/list-page";
import { loadListPage } from "../../discussions/list-page.server";
import { threadAction } from "../../discussions/thread-actions.server";
import type { Route } from "./+types/questions";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadListPage(context.get(appContext), "question", params.slug, request);

export const action = ({ context, params, request }: Route.ActionArgs) =>
  threadAction(context.get(appContext), "question", params.slug, request);

export const shouldRevalidate: ShouldRevalidateFunction = revalidateUnlessAnswering;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? listMeta(loaderData) : [{ title: "Not found | Payonce" }];

export default function Questions({ loaderData }: Route.ComponentProps) {
  return <ListPage data={loaderData} />;
}
