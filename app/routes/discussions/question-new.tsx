import { appContext } from "../../context";
import { saveAction } from "../../discussions/form-actions.server";
import { FormPage } from "../../discussions/form-page";
import { loadNewPage } from "../../discussions/form-page.server";
import type { Route } from "./+types/question-new";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadNewPage(context.get(appContext), "question", params.slug, request);

export const action = ({ context, params, request }: Route.ActionArgs) =>
  saveAction(context.get(appContext), "question", params.slug, request, null);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Ask a question${loaderData ? ` about ${loaderData.deal.name}` : ""} | Payonce` },
  { name: "robots", content: "noindex" },
];

export default function QuestionNew({ loaderData, actionData }: Route.ComponentProps) {
  return <FormPage data={loaderData} actionData={actionData} />;
}
