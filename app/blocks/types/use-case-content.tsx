import { dataList, dataString } from "../../../domain/blocks";
import { USE_CASE_CTA_DEFAULT } from "../../../domain/messages";
import type { BlockProps } from "../block-props";
import { formatDate } from "../parts/format-date";
import { safeHref } from "../parts/links";
import { ReadMore } from "../parts/read-more";
import { BlockSection } from "../shell";

/**
 * Use-case content block: a header with Updated and read-time, a share control and a call to
 * action ("Start building now" by default), then the article's sections.
 */
export function UseCaseContentBlock(props: BlockProps & { share?: React.ReactNode }) {
  const title = dataString(props.block.data, "title");
  const sections = dataList<{ heading?: string; text: string }>(
    props.block.data,
    "sections",
  ).filter((s) => s.text);
  if (!title || sections.length === 0) return null;
  const updated = dataString(props.block.data, "updated");
  const words = sections.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
  const minutes = Math.max(1, Math.round(words / 200));
  const cta = safeHref(dataString(props.block.data, "cta_link")) ?? "#pricing";
  return (
    <BlockSection props={props}>
      <article className="rounded-3xl bg-white p-6 shadow-card">
        <header>
          <h2 className="text-2xl font-black tracking-tight">{title}</h2>
          <p className="mt-1 text-sm text-ink-soft">
            {updated ? <>Updated {formatDate(updated)} · </> : null}
            {minutes} min read
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {props.share}
            <a href={cta} className="rounded-full bg-brand-400 px-4 py-1.5 text-sm font-bold">
              {dataString(props.block.data, "cta_text") ?? USE_CASE_CTA_DEFAULT}
            </a>
          </div>
        </header>
        <ReadMore
          moreText={props.block.data.read_more_text}
          lessText={props.block.data.read_less_text}
        >
          {sections.map((s) => (
            <section key={s.heading ?? s.text.slice(0, 20)} className="mt-5">
              {s.heading ? <h3 className="text-lg font-bold">{s.heading}</h3> : null}
              <p className="mt-1 leading-relaxed text-ink-soft">{s.text}</p>
            </section>
          ))}
        </ReadMore>
      </article>
    </BlockSection>
  );
}
