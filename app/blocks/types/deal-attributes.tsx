import { Link } from "react-router";
import { AT_A_GLANCE } from "../../../domain/messages";
import type { BlockProps } from "../block-props";
import { safeHref } from "../parts/links";
import { BlockSection, blockTitle } from "../shell";

/** "At-a-glance": alternative to, integrations, best for, and the product's own site. */
export function DealAttributesBlock(props: BlockProps) {
  const { deal } = props;
  const rows = (["alternative_to", "integrations", "best_for"] as const)
    .map((type) => deal.attributes[type])
    .filter((a): a is NonNullable<typeof a> => Boolean(a && a.values.length > 0));
  const host = safeHref(deal.product_url ?? null);
  if (rows.length === 0 && !host) return null;
  return (
    <BlockSection props={props} title={blockTitle(props, AT_A_GLANCE)}>
      <dl className="divide-y divide-black/5 rounded-2xl bg-white shadow-card">
        {rows.map((a) => (
          <div key={a.type} className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-semibold text-ink-soft">{a.name}</dt>
            <dd className="flex flex-wrap gap-2">
              {(a.values as { slug: string; name: string }[]).map((v) =>
                a.type === "best_for" ? (
                  <Link
                    key={v.slug}
                    to={`/collections/best-for/${v.slug}/`}
                    className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold hover:bg-brand-100"
                  >
                    {v.name}
                  </Link>
                ) : (
                  <span key={v.slug} className="rounded-full bg-stone-100 px-3 py-1 text-sm">
                    {v.name}
                  </span>
                ),
              )}
            </dd>
          </div>
        ))}
        {host ? (
          <div className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-semibold text-ink-soft">Product website</dt>
            <dd>
              <a
                href={host}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className="font-semibold underline"
              >
                {new URL(host, "https://x.invalid").host.replace(/^www\./, "") || host}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </BlockSection>
  );
}
