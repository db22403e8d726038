import { useEffect, useMemo, useRef } from "react";
import { Link } from "react-router";
import { assignAnchorIds, communityTabForHash } from "../../domain/blocks";
import { COMMUNITY_TABS, SECTION_NAV_SCROLL_OFFSET_PX } from "../../domain/constants";
import { editedBlocksPreview } from "../blocks/edited-preview.server";
import { staffPreviewAt } from "../blocks/preview.server";
import { ProductHeader } from "../blocks/product-header";
import { ProductBlocks, ProductFooter, PurchaseColumn } from "../blocks/product-layout";
import { type NavSection, SectionNav } from "../blocks/section-nav";
import { StaffPreviewBanner } from "../blocks/staff-preview-banner";
import { appContext } from "../context";
import { loadCommunity } from "../discussions/community.server";
import { CommunitySection, LatestQuestions } from "../discussions/community-section";
import { reviewRatingRedirect } from "../discussions/form-page.server";
import { loadProductPageData } from "../product/page-data.server";
import { faqsMatching, forViewer } from "../product/page-view";
import { PurchaseProvider } from "../product/purchase-context";
import { loadProductViewer } from "../product/viewer.server";
import { productPageMeta, productSeoExtras } from "../seo/deal-seo";
import { notFound } from "../ui/not-found.server";
import { scrollToSection } from "../ui/scroll-to-section";
import {
  RENDER_WHEN_IDLE_ATTR,
  useRenderSkippedWhenIdle,
} from "../ui/use-render-skipped-when-idle";
import type { Route } from "./+types/product";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // Staff may look at the page as it will be at another moment (?preview_start_date=).
  const previewAt = staffPreviewAt(ctx, request);
  // The page (deal, blocks, zones, testimonials, badges, campaign, community summary) is the same
  // for every visitor and kept between requests; what is personal is in `viewer` and `community`.
  const shared = await loadProductPageData(ctx, params.slug, previewAt ?? undefined);
  if (!shared) throw await notFound(ctx);
  const { deal } = shared;
  // ?rating=1..5 leads into the new-review page with that rating (spec 000 section 5).
  reviewRatingRedirect(new URL(request.url), deal.slug);
  // Kept for the reader's audience (decisions 059, 066): no one's purchase, votes, prompts or
  // buyers' staff message in it. A buyer who sees a message for buyers has the page's data
  // rendered for them after load (user_status `own_staff_message`, app/ui/personal-fill.tsx).
  const sharedView = Boolean(ctx.sharedRender && ctx.session?.user);
  const [community, viewer] = await Promise.all([
    loadCommunity(ctx, deal, request, shared),
    loadProductViewer(ctx, deal, sharedView),
  ]);
  const origin = ctx.publicConfig.publicUrl;
  // The page's view of the deal (app/product/page-view.ts), not the API's entity: what the page
  // renders, once. The head's tags are built from it and `seo`: what the head needs that the page does
  // not show (the meta title, the JSON-LD's reviews and marketplace flag).
  return {
    deal: forViewer(shared.view, viewer),
    seo: productSeoExtras(deal),
    summary: shared.summary,
    community,
    viewer,
    blocks: shared.blocks,
    zones: shared.zones,
    testimonials: shared.testimonials,
    badges: shared.badges,
    campaign: shared.campaign,
    now: (previewAt ?? new Date()).toISOString(),
    preview: previewAt?.toISOString() ?? null,
    hiddenPreview: shared.hiddenPreview,
    reportListingUrl: ctx.publicConfig.reportListingUrl,
    origin,
    // What the page asks to have filled after load (app/ui/personal-fill.tsx).
    personalFill: sharedView ? { dealId: deal.id, commentIds: [] as number[] } : null,
  };
}

/**
 * The block editor's live preview of unsaved blocks (staff only, never stored or cached): the page
 * renders with the posted blocks instead of the stored ones (app/blocks/edited-preview.server.ts).
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  return editedBlocksPreview(context.get(appContext), request, params.slug);
}

/** A preview's answer is the editor's alone: never kept by a browser or a proxy. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
};

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: "Not found | Payonce" }];
  return productPageMeta(loaderData.deal, loaderData.seo, loaderData.origin);
};

/** Edited blocks loaded from a stored one keep its videos (a video block's collection). */
function withStoredVideos<B extends { id: number; video_collection: unknown }>(
  edited: B[],
  stored: readonly B[],
): B[] {
  const videos = new Map(stored.map((b) => [b.id, b.video_collection]));
  return edited.map((b) => (videos.get(b.id) ? { ...b, video_collection: videos.get(b.id) } : b));
}

/** Ids the page's own sections hold; blocks asking for one of them get a suffixed id instead. */
const PAGE_SECTION_IDS = [...COMMUNITY_TABS, "community", "main"];

/**
 * A hash on load scrolls smoothly to its section, 68 px below the top (the sticky header). The
 * community tabs (#faqs, #reviews...) scroll themselves once their tab is chosen. A
 * "scroll-to-price-plan" event scrolls to the pricing section. With prefers-reduced-motion the
 * page jumps instead (WCAG 2.3.3): the preference is read at each scroll, so changing it applies.
 * The scroll re-aims once the blocks passed on the way have rendered (app/ui/scroll-to-section).
 */
function useAnchorScrolling(pricingId: string) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.scrollBehavior;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)");
    const applyBehavior = () => {
      root.style.scrollBehavior = reduced.matches ? "auto" : "smooth";
    };
    applyBehavior();
    reduced.addEventListener("change", applyBehavior);
    const scrollTo = (id: string) => {
      const el = document.getElementById(id);
      if (!el) return;
      scrollToSection(el, { offset: SECTION_NAV_SCROLL_OFFSET_PX, smooth: !reduced.matches });
    };
    const fromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      // Tabs and founder posts (#founder-post-{n}) are the community section's to scroll to.
      if (!id || communityTabForHash(id)) return;
      requestAnimationFrame(() => scrollTo(id));
    };
    const toPricing = () => scrollTo(pricingId);
    fromHash();
    window.addEventListener("hashchange", fromHash);
    window.addEventListener("scroll-to-price-plan", toPricing);
    return () => {
      root.style.scrollBehavior = previous;
      reduced.removeEventListener("change", applyBehavior);
      window.removeEventListener("hashchange", fromHash);
      window.removeEventListener("scroll-to-price-plan", toPricing);
    };
  }, [pricingId]);
}

function Breadcrumbs({ deal }: { deal: Route.ComponentProps["loaderData"]["deal"] }) {
  const { group, category, subcategory } = deal.taxonomy;
  const crumbs: { label: string; to: string }[] = [];
  if (group) crumbs.push({ label: group.name, to: `/${group.slug}/` });
  if (group && category)
    crumbs.push({ label: category.name, to: `/${group.slug}/${category.slug}/` });
  if (group && category && subcategory) {
    crumbs.push({
      label: subcategory.name,
      to: `/${group.slug}/${category.slug}/${subcategory.slug}/`,
    });
  }
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-soft">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((c, i) => (
          <li key={c.to} className="flex items-center gap-1.5">
            {i > 0 ? <span aria-hidden="true">/</span> : null}
            <Link to={c.to} className="hover:text-ink hover:underline">
              {c.label}
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export default function Product({ loaderData, actionData }: Route.ComponentProps) {
  const { deal, summary, community, viewer, zones } = loaderData;
  const edited = actionData ?? null;
  const blocks = edited?.ok
    ? withStoredVideos(edited.blocks, loaderData.blocks)
    : loaderData.blocks;
  const anchors = assignAnchorIds(blocks, PAGE_SECTION_IDS);
  const taken = new Set(anchors.filter(Boolean));
  // #overview and #pricing always exist: the header and the purchase panel hold them unless a
  // block (features, pricing card) does.
  const overviewId = taken.has("overview") ? undefined : "overview";
  const pricingId = taken.has("pricing") ? undefined : "pricing";
  useAnchorScrolling(pricingId ?? "pricing");
  const blocksColumn = useRef<HTMLDivElement>(null);
  useRenderSkippedWhenIdle(blocksColumn, deal.slug);
  const pricingNavId = taken.has("modular-pricing-card") ? "modular-pricing-card" : "pricing";
  const hasFaqs = deal.faqs.length > 0;
  // Memoised: the navigation re-reads the page's sections whenever this list changes.
  const sections = useMemo<NavSection[]>(
    () => [
      { id: "overview", label: "Overview" },
      // On a phone the purchase panel (#pricing) is pricing too, whichever the tab links to.
      { id: pricingNavId, label: "Pricing", also: pricingNavId === "pricing" ? [] : ["pricing"] },
      // The community section's head counts as its open tab (only that tab's panel is shown).
      { id: "reviews", label: "Reviews", also: ["community"] },
      { id: "questions", label: "Questions", also: ["community"] },
      ...(hasFaqs ? [{ id: "faqs", label: "FAQs", also: ["community"] }] : []),
      { id: "from-the-founders", label: "From the founders" },
    ],
    [pricingNavId, hasFaqs],
  );
  const page = {
    testimonials: loaderData.testimonials,
    badges: loaderData.badges,
    campaign: edited?.ok ? (edited.campaign ?? loaderData.campaign) : loaderData.campaign,
    now: loaderData.now,
  };
  return (
    // One purchase store for the panel, the pricing card block and the buy bars.
    <PurchaseProvider deal={deal}>
      <StaffPreviewBanner
        at={loaderData.preview}
        hidden={loaderData.hiddenPreview}
        edited={edited ? (edited.ok ? true : edited.errors) : undefined}
      />
      <SectionNav sections={sections} />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8" data-layout="two-column">
        <Breadcrumbs deal={deal} />
        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
          <div className="min-w-0 lg:col-start-1">
            <ProductHeader
              deal={deal}
              viewer={viewer}
              blocks={blocks}
              anchors={anchors}
              overviewId={overviewId}
              origin={loaderData.origin}
              reportListingUrl={loaderData.reportListingUrl}
            />
          </div>
          <PurchaseColumn deal={deal} viewer={viewer} id={pricingId} />
          {/* Below the first screen the blocks render only near the window (issue 15). */}
          <div
            ref={blocksColumn}
            {...{ [RENDER_WHEN_IDLE_ATTR]: "" }}
            className="render-lazy-children min-w-0 space-y-10 lg:col-start-1"
          >
            <ProductBlocks
              deal={deal}
              viewer={viewer}
              blocks={blocks}
              anchors={anchors}
              zones={zones}
              page={page}
              beforeQuestions={
                <LatestQuestions slug={deal.slug} questions={community.latestQuestions} />
              }
              community={
                <CommunitySection
                  deal={summary}
                  data={{
                    ...community,
                    faqs: faqsMatching(deal.faqs, community.search),
                    posts: deal.founders.posts,
                  }}
                />
              }
            />
          </div>
        </div>
        <ProductFooter deal={deal} viewer={viewer} zones={zones} now={loaderData.now} />
      </main>
    </PurchaseProvider>
  );
}
