import type { CommentKind } from "../../db/schema/discussions";

export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/g, "");
}

export const LIST_SEGMENT: Record<CommentKind, "reviews" | "questions"> = {
  review: "reviews",
  question: "questions",
};

/** `/products/{slug}/reviews/{slugified-title}-{id}/`; a title without letters: `review-{id}`. */
export function displayPath(
  dealSlug: string,
  kind: CommentKind,
  id: number,
  title: string,
): string {
  const slug = slugify(title) || kind;
  return `/products/${dealSlug}/${LIST_SEGMENT[kind]}/${slug}-${id}/`;
}
