import { appContext } from "../context";
import { infoPageFor } from "../info/content";
import { InfoPage } from "../info/info-page";
import { notFound } from "../ui/not-found.server";
import { seoMeta } from "../ui/seo";
import type { Route } from "./+types/info";

// The community guidelines and the footer's company pages: one module, one route per address.
export async function loader({ context, request }: Route.LoaderArgs) {
  const page = infoPageFor(new URL(request.url).pathname);
  if (!page) throw await notFound(context.get(appContext));
  return { key: page.key, origin: context.get(appContext).publicConfig.publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = loaderData ? infoPageFor(`/${loaderData.key}/`) : null;
  if (!page || !loaderData) return [{ title: "Page not found | Payonce" }];
  return seoMeta({
    title: page.title,
    description: page.description,
    path: page.path,
    origin: loaderData.origin,
  });
};

export default function Info({ loaderData }: Route.ComponentProps) {
  const page = infoPageFor(`/${loaderData.key}/`);
  return page ? <InfoPage page={page} /> : null;
}
