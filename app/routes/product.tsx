import { Link, data } from "react-router";
import { buyButtonState, initialSelectedPlanId } from "../../domain/deal-state";
import { accessLabel, planText, refundText } from "../../domain/pricing";
import type { DealDetailsJson } from "../../server/services/catalog";
import { CommunitySection, LatestQuestions } from "../discussions/community-section";
import { dealSummary, loadCommunity } from "../discussions/data.server";
import { appContext } from "../context";
import { cx, priceLabel } from "../ui/format";
import { TacoRating } from "../ui/taco-rating";
import { productJsonLdMeta } from "../seo/product-json-ld";
import type { Route } from "./+types/product";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const deal = await ctx.services.catalog.getDealDetails(params.slug);
  if (!deal) throw data(null, { status: 404 });
  // The community section and 'Latest questions' panel (app/discussions).
  const community = await loadCommunity(ctx, deal, request);
  return { deal, summary: dealSummary(deal), community };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const deal = loaderData?.deal;
  if (!deal) return [{ title: "Not found | Payonce" }];
  const story = deal.products[0]?.story;
  const title = `${story?.meta_title ?? deal.public_name ?? deal.name} | Payonce`;
  return [
    { title },
    { name: "description", content: deal.card_description },
    { property: "og:title", content: title },
    { property: "og:type", content: "product" },
    { property: "og:description", content: deal.card_description },
    ...(deal.media_url ? [{ property: "og:image", content: deal.media_url }] : []),
    ...productJsonLdMeta(deal, matches),
  ];
};

function Breadcrumbs({ deal }: { deal: DealDetailsJson }) {
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

function PlanCard({
  plan,
  highlighted,
}: {
  plan: DealDetailsJson["plans"][number];
  highlighted: boolean;
}) {
  return (
    <li
      className={cx(
        "rounded-2xl border bg-white p-4",
        highlighted ? "border-brand-500 ring-2 ring-brand-400/40" : "border-black/10",
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft">
            {planText(plan)}
          </p>
          <h3 className="font-bold">{plan.public_name}</h3>
        </div>
        {plan.highlight ? (
          <span className="rounded-full bg-brand-400 px-2 py-0.5 text-[11px] font-bold uppercase">
            Recommended
          </span>
        ) : null}
      </div>
      <div className="mt-2 flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-extrabold">
          {plan.is_free || plan.price === 0 ? "FREE" : priceLabel(plan.price)}
        </span>
        {plan.discount_percent > 0 ? (
          <>
            <s className="text-ink-soft">{priceLabel(plan.original_price)}</s>
            <span className="rounded-md bg-brand-100 px-1.5 py-0.5 text-xs font-bold text-brand-700">
              -{plan.discount_percent}%
            </span>
          </>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-ink-soft">{accessLabel(plan.access)}</p>
    </li>
  );
}

function PricingPanel({ deal }: { deal: DealDetailsJson }) {
  const activePlans = deal.plans.filter((p) => p.is_active);
  const selected = initialSelectedPlanId(activePlans, null, deal.default_plan?.id ?? null);
  const button = buyButtonState(deal.buy_button, activePlans, selected);
  return (
    <aside
      id="pricing"
      className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
    >
      <div className="rounded-3xl border border-black/5 bg-brand-50 p-5 shadow-card">
        <h2 className="text-lg font-bold">Plans &amp; pricing</h2>
        {deal.has_ended ? (
          <p className="mt-3 text-2xl font-extrabold">Sold out</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {deal.plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} highlighted={plan.highlight} />
            ))}
          </ul>
        )}
        <button
          type="button"
          disabled={button.disabled}
          className="mt-4 w-full rounded-full bg-brand-400 px-6 py-3 text-base font-bold text-ink shadow-sm hover:bg-brand-500 disabled:cursor-not-allowed disabled:bg-stone-200 disabled:text-ink-soft"
        >
          {button.text}
        </button>
        <p className="mt-3 text-center text-sm text-ink-soft">{refundText(deal.refundable_days)}</p>
      </div>
    </aside>
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { deal, summary, community } = loaderData;
  const story = deal.products[0]?.story ?? null;
  const hero =
    story?.images[0] ?? (deal.media_url ? { image: deal.media_url, alt_text: deal.name } : null);
  const review = deal.deal_review;
  return (
    <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <Breadcrumbs deal={deal} />
      {/* Phones read top to bottom: story, then pricing, then FAQs; at lg pricing is the sticky
          right column beside both. */}
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="min-w-0 space-y-8 lg:col-start-1">
          <header id="overview" className="space-y-3">
            <div className="flex items-center gap-3">
              {deal.product_logo ? (
                <img src={deal.product_logo} alt="" className="h-10 w-10 rounded-xl" />
              ) : null}
              <h1 className="text-3xl font-black tracking-tight sm:text-4xl">
                {deal.public_name || deal.name}
              </h1>
            </div>
            {story?.value_prop ? (
              <p className="text-xl font-semibold text-ink sm:text-2xl">{story.value_prop}</p>
            ) : null}
            {story?.subheader ? <p className="text-ink-soft">{story.subheader}</p> : null}
            <a href="#reviews" className="inline-flex items-center gap-2 hover:underline">
              <TacoRating rating={review.average_rating} size="lg" />
              <span className="text-sm text-ink-soft">
                <span className="font-bold text-ink">{review.average_rating.toFixed(2)}</span> ·{" "}
                {review.review_count} {review.review_count === 1 ? "review" : "reviews"}
              </span>
            </a>
          </header>
          {hero ? (
            <img
              src={hero.image}
              alt={hero.alt_text}
              width={832}
              height={468}
              className="aspect-[16/9] w-full rounded-3xl bg-brand-50 object-cover shadow-card"
            />
          ) : null}
          <p className="text-lg leading-relaxed text-ink-soft">{deal.card_description}</p>
        </div>

        <PricingPanel deal={deal} />

        <div className="min-w-0 space-y-8 lg:col-start-1">
          <LatestQuestions slug={deal.slug} questions={community.latestQuestions} />
          <CommunitySection deal={summary} data={community} />
        </div>
      </div>
    </main>
  );
}
