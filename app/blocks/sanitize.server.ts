import sanitizeHtml from "sanitize-html";
import type { BlockJson } from "../../server/services/storefront/product-page";

/** The block types whose json_data.html is shown as HTML. */
export const EMBED_TYPES = new Set(["embed", "generic_embed_block", "simple_embed_block"]);

/**
 * Embed html is staff-edited but still HTML from a database: the loader cleans it with
 * sanitize-html (no scripts, styles, event handlers or javascript: links; iframes only from
 * https), so the browser bundle never carries a sanitiser.
 */
export function sanitizeEmbedHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, "img", "iframe", "figure", "figcaption"],
    allowedAttributes: {
      ...sanitizeHtml.defaults.allowedAttributes,
      img: ["src", "alt", "width", "height", "loading"],
      iframe: ["src", "title", "width", "height", "allowfullscreen", "sandbox"],
    },
    allowedSchemes: ["https", "mailto"],
    allowedSchemesByTag: { img: ["https", "data"] },
    allowedIframeHostnames: ["www.youtube.com", "player.vimeo.com", "www.loom.com"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", {
        rel: "noopener noreferrer nofollow",
        target: "_blank",
      }),
      iframe: sanitizeHtml.simpleTransform("iframe", {
        sandbox: "allow-scripts allow-same-origin allow-presentation",
      }),
    },
  });
}

/** The blocks with every embed's html sanitised (other blocks untouched). */
export function sanitizeBlocks(blocks: BlockJson[]): BlockJson[] {
  return blocks.map((b) => {
    const html = b.data.html;
    if (!EMBED_TYPES.has(b.type) || typeof html !== "string") return b;
    return { ...b, data: { ...b.data, html: sanitizeEmbedHtml(html) } };
  });
}
