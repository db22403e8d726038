import { LATEST_QUESTIONS_SHOWN } from "../../domain/constants";
import { appContext } from "../context";
import { LatestQuestions } from "../discussions/community-section";
import { DiscussionBreadcrumbs } from "../discussions/page-parts";
import { dealBreadcrumbLd, dealSeo } from "../seo/deal-seo";
import { seoMeta } from "../seo/meta";
import { notFound } from "../ui/not-found.server";
import { selectedVideo, VideoList, VideoPlayer, videoKey } from "../videos/video-gallery";
import type { Route } from "./+types/product-videos";

/**
 * /products/{slug}/videos/ (spec 001 section 2): the deal's video collection with a player, the
 * list to choose from (?video=) and the deal's latest questions. 404 without a collection.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, publicConfig } = context.get(appContext);
  const deal = await services.catalog.getDealDetails(params.slug);
  const collection = deal?.video_collection;
  if (!deal || !collection || collection.videos.length === 0) throw await notFound({ services });
  const chosen = new URL(request.url).searchParams.get("video");
  const { index } = selectedVideo(collection.videos, chosen);
  // The newest approved questions, as any visitor sees them.
  const questions = await services.discussions.list("question", String(deal.id), null, {
    page: 1,
    sort: "date",
    order: "desc",
    itemsPerPage: LATEST_QUESTIONS_SHOWN,
  });
  return {
    deal: { slug: deal.slug, name: deal.public_name || deal.name },
    seo: dealSeo(deal, publicConfig.publicUrl),
    collection,
    selectedIndex: index,
    questions: questions.items.map((q) => ({
      id: q.id,
      title: q.title,
      comment: q.comment,
      replyCount: q.replyCount,
      path: q.displayPath,
    })),
    origin: publicConfig.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Not found | Payonce" }];
  const { deal, collection, selectedIndex, origin, seo } = loaderData;
  const video = collection.videos[selectedIndex];
  const path = `/products/${deal.slug}/videos/`;
  return seoMeta({
    title: `${collection.label} | ${deal.name}`,
    description: video ? `${video.title}. ${collection.label}.` : collection.label,
    path,
    origin,
    image: seo.image,
    type: "video.other",
    jsonLd: [dealBreadcrumbLd(seo, [{ name: collection.label, path }])],
  });
};

export default function ProductVideos({ loaderData }: Route.ComponentProps) {
  const { deal, collection, selectedIndex, questions } = loaderData;
  const video = collection.videos[selectedIndex];
  const base = `/products/${deal.slug}/videos/`;
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <DiscussionBreadcrumbs
        crumbs={[{ label: deal.name, to: `/products/${deal.slug}/` }, { label: collection.label }]}
      />
      <h1 className="mt-3 text-2xl font-black tracking-tight sm:text-3xl">{collection.label}</h1>
      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="min-w-0">{video ? <VideoPlayer video={video} /> : null}</div>
        <aside aria-label={`${collection.videos.length} videos`} className="space-y-3">
          <p className="text-sm font-semibold text-ink-soft">
            {collection.videos.length} {collection.videos.length === 1 ? "video" : "videos"}
          </p>
          <VideoList
            videos={collection.videos}
            selectedIndex={selectedIndex}
            hrefOf={(v, i) => `${base}?video=${encodeURIComponent(videoKey(v, i))}`}
          />
        </aside>
        <div className="min-w-0 lg:col-start-1">
          <LatestQuestions slug={deal.slug} questions={questions} />
        </div>
      </div>
    </main>
  );
}
