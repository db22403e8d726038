import { Link } from "react-router";
import type { SmartCollectionDataJson } from "../../server/services/storefront/deal-json";
import { cx } from "../ui/format";

/** A collection's heading row: title, subheader and a "View all" link to the collection. */
export function SectionHeading({
  data,
  inverted = false,
  showLink = true,
}: {
  data: Pick<SmartCollectionDataJson, "title" | "subheader" | "url">;
  inverted?: boolean;
  showLink?: boolean;
}) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <div>
        <h2
          className={cx(
            "text-xl font-bold tracking-tight sm:text-2xl",
            inverted ? "text-white" : "text-ink",
          )}
        >
          {data.title}
        </h2>
        {data.subheader ? (
          <p className={cx("mt-1 text-sm", inverted ? "text-white/75" : "text-ink-soft")}>
            {data.subheader}
          </p>
        ) : null}
      </div>
      {showLink ? (
        <Link
          to={data.url}
          className={cx(
            "shrink-0 text-sm font-semibold underline-offset-4 hover:underline",
            inverted ? "text-white" : "text-ink",
          )}
        >
          View all →
        </Link>
      ) : null}
    </div>
  );
}

export function Section({
  children,
  className,
}: {
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cx("mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8", className)}>
      {children}
    </section>
  );
}
