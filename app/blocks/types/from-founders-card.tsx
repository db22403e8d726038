import { useState } from "react";
import { Link } from "react-router";
import { founderPostsShown, founderPostText } from "../../../domain/blocks";
import { SOCIAL_NETWORKS } from "../../../domain/constants";
import { founderRecordPath } from "../../../domain/founder-record";
import { FOUNDER_RECORD_TITLE, FROM_THE_FOUNDERS, SHOW_MORE } from "../../../domain/messages";
import type { BlockProps } from "../block-props";
import { formatDate } from "../parts/format-date";
import { safeHref } from "../parts/links";
import { ReadMore } from "../parts/read-more";
import { BlockSection, blockTitle } from "../shell";

const SOCIAL_LABEL: Record<string, string> = {
  facebook: "Facebook",
  youtube: "YouTube",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
};

/**
 * From the founders: the company card, then the founders' posts (5 first, then "Show more"),
 * each cut at 650 characters. The community section's News & Updates tab owns the
 * #founder-post-{n} anchors, so these posts carry founder-card-post-{n} (ids stay unique).
 */
export function FromFoundersCardBlock(props: BlockProps) {
  const { founders } = props.deal;
  const [expanded, setExpanded] = useState(false);
  const posts = founders.posts;
  const company = founders.company_card;
  const records = founders.records ?? [];
  if (posts.length === 0 && !company && records.length === 0) return null;
  const { shown, hasMore } = founderPostsShown(posts, expanded);
  const links = (company?.socialLinks ?? founders.links ?? {}) as Record<string, string>;
  const manager = company?.manager as
    | { name?: string; avatar?: string; title?: string; profile?: string; linkedIn?: string }
    | null
    | undefined;
  return (
    <BlockSection props={props} title={blockTitle(props, FROM_THE_FOUNDERS)}>
      {records.length > 0 ? (
        <ul className="mb-4 flex flex-wrap gap-2">
          {records.map((r) => (
            <li key={r.slug}>
              <Link
                to={founderRecordPath(r.slug)}
                data-testid="founder-record-badge"
                className="inline-flex min-h-10 items-center gap-2 rounded-full border border-black/10 bg-white px-4 text-sm font-semibold text-ink hover:bg-stone-50"
              >
                <span>{r.name}</span>
                {r.badge ? <span className="font-normal text-ink-soft">{r.badge}</span> : null}
                <span className="sr-only">: {FOUNDER_RECORD_TITLE}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {company ? (
        <div className="rounded-3xl bg-white p-5 shadow-card">
          <div className="flex items-center gap-4">
            {company.logo ? (
              <img src={company.logo} alt="" loading="lazy" className="h-14 w-14 rounded-2xl" />
            ) : null}
            <div>
              <p className="text-lg font-bold">{company.companyName}</p>
              {company.verifiedBy ? (
                <p className="text-xs font-semibold text-emerald-700">
                  ✓ Verified by {company.verifiedBy}
                </p>
              ) : null}
            </div>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            {(
              [
                ["Founded", company.foundedDate],
                ["Location", company.location],
                ["Employees", company.employeeCount],
                ["Type", company.companyType],
                ["Funding", company.fundingStage],
              ] as const
            )
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k}>
                  <dt className="text-ink-soft">{k}</dt>
                  <dd className="font-semibold">{v}</dd>
                </div>
              ))}
          </dl>
          {manager?.name ? (
            <div className="mt-4 flex items-center gap-3 border-t border-black/5 pt-4">
              {manager.avatar ? (
                <img
                  src={manager.avatar}
                  alt=""
                  loading="lazy"
                  className="h-10 w-10 rounded-full"
                />
              ) : null}
              <div className="text-sm">
                {manager.profile && safeHref(manager.profile) ? (
                  <Link to={manager.profile} className="font-semibold hover:underline">
                    {manager.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{manager.name}</span>
                )}
                {manager.title ? (
                  <span className="block text-ink-soft">{manager.title}</span>
                ) : null}
              </div>
            </div>
          ) : null}
          <ul className="mt-4 flex flex-wrap gap-2">
            {SOCIAL_NETWORKS.filter((n) => safeHref(links[n])).map((n) => (
              <li key={n}>
                <a
                  href={links[n]}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="social-link"
                >
                  {SOCIAL_LABEL[n]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {shown.length > 0 ? (
        <ol className="mt-4 space-y-4">
          {shown.map((post, i) => (
            <li
              key={post.id}
              id={`founder-card-post-${i + 1}`}
              className="rounded-2xl border border-black/5 bg-white p-4"
            >
              {post.title ? <h3 className="font-bold">{post.title}</h3> : null}
              <p className="mt-1 text-xs text-ink-soft">
                {post.author ?? "The founders"}
                {post.created ? ` · ${formatDate(post.created)}` : ""}
              </p>
              <ReadMore
                moreText={props.block.data.read_more_text}
                lessText={props.block.data.read_less_text}
              >
                <p className="mt-2 whitespace-pre-line break-words text-sm">
                  {founderPostText(post.message ?? "")}
                </p>
              </ReadMore>
            </li>
          ))}
        </ol>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          onClick={() => setExpanded(true)}
          className="mt-4 rounded-full border border-black/15 px-5 py-2 text-sm font-bold hover:bg-stone-50"
        >
          {SHOW_MORE}
        </button>
      ) : null}
    </BlockSection>
  );
}
