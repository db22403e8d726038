import { dataNumber, dataString } from "../../../domain/blocks";
import type { BlockProps } from "../block-props";
import { BlockSection, blockTitle } from "../shell";

/**
 * Only https pages and this site's own paths are framed (a javascript: or data: URL never
 * reaches the iframe; a protocol-relative //host is not a site path).
 */
export const embeddableUrl = (url: string | null): string | null =>
  url && (/^https:\/\//i.test(url) || /^\/(?!\/)/.test(url)) ? url : null;

/**
 * embed, generic_embed_block and simple_embed_block: a url renders a sandboxed iframe; otherwise
 * the html, which the loader has already run through sanitize-html (see sanitize.server.ts), so
 * nothing unsafe reaches the page however the block was edited.
 */
export function EmbedBlock(props: BlockProps) {
  const url = embeddableUrl(dataString(props.block.data, "url"));
  const html = dataString(props.block.data, "html");
  if (!url && !html) return null;
  const title = blockTitle(props);
  const height = dataNumber(props.block.data, "height");
  return (
    <BlockSection props={props} title={title}>
      {url ? (
        <iframe
          src={url}
          title={title ?? dataString(props.block.data, "iframe_title") ?? "Embedded content"}
          sandbox="allow-scripts allow-same-origin allow-popups allow-presentation allow-forms"
          referrerPolicy="strict-origin-when-cross-origin"
          loading="lazy"
          allowFullScreen
          className={
            height ? "w-full rounded-2xl border-0" : "aspect-video w-full rounded-2xl border-0"
          }
          style={height ? { height } : undefined}
        />
      ) : (
        <div
          className="prose max-w-none [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitize.server.ts)
          dangerouslySetInnerHTML={{ __html: html ?? "" }}
        />
      )}
    </BlockSection>
  );
}
