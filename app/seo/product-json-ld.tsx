import type { MetaDescriptor } from "react-router";
import { type ProductLdDeal, productJsonLd } from "../../domain/structured-data";

type RootMatch = { id: string; loaderData?: unknown; data?: unknown } | undefined;

/** The public origin the root loader publishes (publicConfig.publicUrl), never the Host header. */
function originOf(matches: readonly RootMatch[]): string {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { origin?: string } | undefined;
  return data?.origin ?? "";
}

/**
 * The deal page's JSON-LD Product as a meta descriptor: React Router renders
 * `{"script:ld+json": ...}` as <script type="application/ld+json"> in the head, escaped.
 * Use in the product route's meta: `...productJsonLdMeta(loaderData?.deal, matches)`.
 */
export function productJsonLdMeta(
  deal: ProductLdDeal | null | undefined,
  matches: readonly RootMatch[],
): MetaDescriptor[] {
  if (!deal) return [];
  return [{ "script:ld+json": productJsonLd(deal, originOf(matches)) }];
}
