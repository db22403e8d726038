import { Link } from "react-router";
import { readableTextColor } from "../../domain/contrast";
import type {
  CampaignJson,
  CollectionPageJson,
} from "../../server/services/storefront/modular-pages";
import { CampaignBanner } from "../ui/campaign-banner";
import { Breadcrumbs, dealCount, EmptyState, ListingResults, pageHref } from "../ui/deal-listing";
import { cx } from "../ui/format";
import { SubscribeBanner } from "../ui/subscribe-banner";
import { Tile } from "./tiles";

/** A collection's own page: heading, its sub-collections as tiles, and its deals, paged. */
export function CollectionPage({
  collection,
  campaign,
  now,
  signedIn,
}: {
  collection: CollectionPageJson;
  campaign: CampaignJson | null;
  now: string;
  signedIn: boolean;
}) {
  const { listing } = collection;
  const subs = collection.collection?.sub_collections ?? [];
  const background = collection.collection?.component_background_color;
  // A data-given background decides the text colour (WCAG AA), every line of the header alike.
  const color = typeof background === "string" ? readableTextColor(background) : null;
  return (
    <>
      <CampaignBanner campaign={campaign} now={now} />
      <main className="pb-8">
        <header
          className="border-b border-black/5 bg-brand-50"
          style={
            typeof background === "string" && color
              ? { backgroundColor: background, color }
              : undefined
          }
          data-testid="collection-header"
        >
          <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
            <Breadcrumbs
              inheritColor={color != null}
              crumbs={[
                { label: "Home", url: "/" },
                { label: "Collections", url: "/browse" },
                { label: collection.title, url: collection.url },
              ]}
            />
            <h1
              className={cx(
                "mt-3 text-3xl font-black tracking-tight sm:text-5xl",
                color == null && "text-ink",
              )}
            >
              {collection.title}
            </h1>
            {collection.subheader ? (
              <p
                className={cx(
                  "mt-2 max-w-2xl text-base sm:text-lg",
                  color == null && "text-ink-soft",
                )}
              >
                {collection.subheader}
              </p>
            ) : null}
            <p className={cx("mt-3 text-sm font-semibold", color == null && "text-ink-soft")}>
              {dealCount(listing.count)}
            </p>
          </div>
        </header>
        <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
          {subs.length > 0 && listing.page === 1 ? (
            <div className="mb-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {subs.map((sub, i) => (
                <Tile key={sub.id} sub={sub} index={i} className="min-h-32 sm:min-h-40" />
              ))}
            </div>
          ) : null}
          <ListingResults
            listing={listing}
            now={new Date(now)}
            href={pageHref(collection.url)}
            empty={
              <EmptyState title="Nothing here right now">
                <p>New deals land every week.</p>
                <Link
                  to="/browse"
                  className="mt-4 inline-block rounded-full bg-ink px-5 py-2.5 font-semibold text-white"
                >
                  Browse all deals
                </Link>
              </EmptyState>
            }
          />
        </div>
      </main>
      {signedIn ? null : <SubscribeBanner campaign={campaign} />}
    </>
  );
}
