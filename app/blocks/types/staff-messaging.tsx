import { staffMessageFor } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { SmartLink, safeHref } from "../parts/links";
import { BlockSection } from "../shell";

/** Staff messaging: the deal's current staff message, to its audience only. */
export function StaffMessagingBlock(props: BlockProps) {
  // The page's deal holds the message this viewer may see (app/product/page-view.ts forViewer);
  // the audience rule is applied again, so a deal with every message renders the same.
  const message = staffMessageFor(props.deal.staff_messages, props.viewer);
  if (!message) return null;
  const author = message.author as { name?: string; avatar?: string; title?: string } | null;
  const cta = safeHref(message.cta_url);
  return (
    <BlockSection props={props}>
      <aside
        className="rounded-3xl border border-brand-200 bg-brand-50 p-5"
        aria-label="A note from Payonce"
      >
        <div className="flex items-center gap-3">
          {author?.avatar ? (
            <img src={author.avatar} alt="" loading="lazy" className="h-10 w-10 rounded-full" />
          ) : null}
          <div>
            <p className="text-sm font-bold">{author?.name ?? "Payonce"}</p>
            {author?.title ? <p className="text-xs text-ink-soft">{author.title}</p> : null}
          </div>
        </div>
        {message.title ? <h2 className="mt-3 text-lg font-bold">{message.title}</h2> : null}
        <p className="mt-1 text-ink-soft">{message.message}</p>
        {cta && message.cta_text ? (
          <SmartLink href={cta} className="mt-3 inline-block font-semibold underline">
            {message.cta_text}
          </SmartLink>
        ) : null}
      </aside>
    </BlockSection>
  );
}
