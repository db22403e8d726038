import { Link } from "react-router";
import { BENTO_SUB_COLLECTIONS } from "../../domain/constants";
import { readableTextColor } from "../../domain/contrast";
import { mosaicCardStatus } from "../../domain/countdown";
import type { SubCollectionJson } from "../../server/services/storefront/deal-json";
import { cx } from "../ui/format";
import { useNow } from "../ui/use-now";
import { Section, SectionHeading } from "./section";
import type { CollectionProps } from "./types";

// Warm fallbacks for tiles without a configured colour or image, rotated by position.
const TILE_COLOURS = ["#ffefc2", "#dff3ea", "#e3ecff", "#fde2e4", "#efe6ff", "#fff1db"];

export function Tile({
  sub,
  index,
  className,
  children,
  disabled = false,
}: {
  sub: SubCollectionJson;
  index: number;
  className?: string;
  children?: React.ReactNode;
  disabled?: boolean;
}) {
  const background =
    sub.component_background_color ?? TILE_COLOURS[index % TILE_COLOURS.length] ?? "#ffefc2";
  const image = sub.mosaic_background_image;
  // Over an image a dark scrim carries white text; on a plain colour the text follows the colour.
  const text = image ? "#ffffff" : readableTextColor(background);
  const style = { background };
  const body = (
    <>
      {image ? (
        <img
          src={image}
          alt=""
          loading="lazy"
          className={cx(
            "absolute inset-0 h-full w-full object-cover opacity-90 transition duration-300 group-hover:scale-[1.03]",
            disabled && "blur-sm",
          )}
        />
      ) : null}
      {image ? (
        <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/25 to-transparent" />
      ) : null}
      <div className="relative mt-auto p-4" style={{ color: text }}>
        {children}
        <h3 className={cx("text-lg font-bold leading-tight sm:text-xl", image && "drop-shadow")}>
          {sub.title}
        </h3>
        {sub.subheader ? <p className="mt-1 line-clamp-2 text-sm">{sub.subheader}</p> : null}
      </div>
    </>
  );
  const classes = cx(
    "group relative flex min-h-40 overflow-hidden rounded-2xl shadow-card",
    !disabled && "transition hover:-translate-y-0.5 hover:shadow-card-hover",
    className,
  );
  if (disabled) {
    return (
      <div className={classes} style={style} aria-disabled="true">
        {body}
      </div>
    );
  }
  return (
    <Link to={sub.url} className={classes} style={style}>
      {body}
    </Link>
  );
}

/** Shop by collection: one tile per sub-collection. */
export function ShopByCollection({ data }: CollectionProps) {
  if (data.sub_collections.length === 0) return null;
  return (
    <Section>
      <SectionHeading data={data} showLink={false} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {data.sub_collections.map((sub, i) => (
          <Tile key={sub.id} sub={sub} index={i} className="min-h-32 sm:min-h-40" />
        ))}
      </div>
    </Section>
  );
}

/** Bento box: exactly the first 4 sub-collections, one large and three smaller; nothing under 4. */
export function BentoBox({ data }: CollectionProps) {
  const subs = data.sub_collections.slice(0, BENTO_SUB_COLLECTIONS);
  if (subs.length < BENTO_SUB_COLLECTIONS) return null;
  return (
    <Section>
      <SectionHeading data={data} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4 lg:grid-rows-2">
        {subs.map((sub, i) => (
          <Tile
            key={sub.id}
            sub={sub}
            index={i}
            className={cx(
              i === 0 && "col-span-2 min-h-56 lg:row-span-2 lg:min-h-80",
              i === 3 && "col-span-2 lg:col-span-1",
            )}
          />
        ))}
      </div>
    </Section>
  );
}

const STATUS_STYLE = {
  live: "bg-emerald-500 text-white",
  drops_soon: "bg-brand-400 text-ink",
  coming_soon: "bg-white/90 text-ink",
  ended: "bg-ink/80 text-white",
} as const;

/**
 * Collection mosaic: the first 4 sub-collections with their drop status (Coming Soon, Live, Ended,
 * Drops soon). Cards that are not live are blurred and not clickable, and show teaser titles.
 */
export function CollectionMosaic({ data, now: serverNow }: CollectionProps) {
  const subs = data.sub_collections.slice(0, BENTO_SUB_COLLECTIONS);
  // "Drops in HH:MM:SS" ticks each second once hydrated; a drop going live unblurs its card.
  const now = useNow(serverNow);
  if (subs.length < BENTO_SUB_COLLECTIONS) return null;
  return (
    <Section>
      <SectionHeading data={data} showLink={false} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {subs.map((sub, i) => {
          const status = mosaicCardStatus(
            sub.start_date ? new Date(sub.start_date) : null,
            sub.end_date ? new Date(sub.end_date) : null,
            now,
          );
          return (
            <Tile
              key={sub.id}
              sub={sub}
              index={i}
              disabled={status.status !== "live"}
              className="min-h-48 sm:min-h-56"
            >
              <span
                className={cx(
                  "mb-2 inline-block rounded-full px-2.5 py-1 text-[11px] font-bold uppercase tracking-wide",
                  STATUS_STYLE[status.status],
                )}
              >
                {status.dropsIn ?? status.label}
              </span>
            </Tile>
          );
        })}
      </div>
    </Section>
  );
}
