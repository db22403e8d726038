import type { MetaDescriptor } from "react-router";
import { seoMeta } from "../ui/seo";
import { type ProfileView, profilePath } from "./types";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Title, description, absolute canonical and Open Graph / Twitter tags of a profile, through the
 * same seoMeta the storefront pages use (og:url is the canonical URL).
 */
export function profileMeta(data: ProfileView | undefined): MetaDescriptor[] {
  if (!data) return [{ title: "Page not found | Payonce" }];
  const { user, counts } = data;
  const section = data.tabInUrl ? ` ${data.tab}` : "";
  const page = data.page > 1 ? `, page ${data.page}` : "";
  return seoMeta({
    title: `${user.name}${section ? `:${section}` : ""}${page}`,
    description: `${user.name} on Payonce: ${plural(counts.reviews, "review", "reviews")}, ${plural(counts.questions, "question", "questions")} and ${plural(counts.answers, "answer", "answers")} about lifetime software deals.`,
    path: profilePath(user.username, data.tabInUrl ? data.tab : null, data.page),
    origin: data.origin,
    // Avatars are small squares that networks will not show large: the site's 1200x630 preview.
    image: null,
    type: "profile",
  });
}
