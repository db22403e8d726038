import { appContext } from "../context";
import { FounderRecordPage, founderRecordMeta } from "../founders/record-page";
import { loadFounderRecordPage } from "../founders/record-page.server";
import type { Route } from "./+types/founder";

export const loader = ({ context, params }: Route.LoaderArgs) =>
  loadFounderRecordPage(context.get(appContext), params.slug);

export const meta: Route.MetaFunction = ({ loaderData }) => founderRecordMeta(loaderData);

export default function Founder({ loaderData }: Route.ComponentProps) {
  return <FounderRecordPage data={loaderData} />;
}
