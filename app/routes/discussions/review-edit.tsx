import { appContext } from "../../context";
import { saveAction } from "../../discussions/form-actions.server";
import { FormPage } from "../../discussions/form-page";
import { loadEditPage } from "../../discussions/form-page.server";
import type { Route } from "./+types/review-edit";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadEditPage(context.get(appContext), "review", params.slug, params.id, request);

export const action = ({ context, params, request }: Route.ActionArgs) =>
  saveAction(context.get(appContext), "review", params.slug, request, params.id);

export const meta: Route.MetaFunction = () => [
  { title: "Edit your review | Payonce" },
  { name: "robots", content: "noindex" },
];

export default function ReviewEdit({ loaderData, actionData }: Route.ComponentProps) {
  return <FormPage data={loaderData} actionData={actionData} />;
}
