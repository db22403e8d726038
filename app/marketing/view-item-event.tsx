import { useEffect } from "react";
import { useLocation } from "react-router";
import { postJson } from "./api";

const PRODUCT_PAGE = /^\/products\/([^/]+)\/?$/;

/**
 * Sends the product page's view_item analytics event (spec 001 section 7) once per product page
 * visit; the server records it with the session's experiment variants. It lives in the root
 * layout, keyed on the URL, so the product page needs no wiring and its cached HTML no script.
 */
export function ViewItemEvent() {
  const { pathname, search } = useLocation();
  const slug = PRODUCT_PAGE.exec(pathname)?.[1];
  const ref = new URLSearchParams(search).get("ref");
  useEffect(() => {
    if (!slug) return;
    postJson("/api/analytics/events/", {
      name: "view_item",
      deal_slug: decodeURIComponent(slug),
      ...(ref ? { properties: { ref: ref.slice(0, 200) } } : {}),
    }).catch(() => {
      // Analytics never disturbs the page.
    });
  }, [slug, ref]);
  return null;
}
