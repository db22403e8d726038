import { appContext } from "../../context";
import { saveAction } from "../../discussions/form-actions.server";
import { FormPage } from "../../discussions/form-page";
import { loadNewPage } from "../../discussions/form-page.server";
import type { Route } from "./+types/review-new";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadNewPage(context.get(appContext), "review", params.slug, request);

export const action = ({ context, params, request }: Route.ActionArgs) =>
  saveAction(context.get(appContext), "review", params.slug, request, null);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Write a review${loaderData ? ` of ${loaderData.deal.name}` : ""} | Payonce` },
  { name: "robots", content: "noindex" },
];

export default function ReviewNew({ loaderData, actionData }: Route.ComponentProps) {
  return <FormPage data={loaderData} actionData={actionData} />;
}
