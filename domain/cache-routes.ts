/**
 * Caching declared per route (issue 32): one table says, for every page (by its React Router
 * route id, app/routes.ts) and every API GET route (by method and Fastify URL), whether its
 * answer is cached, for which audience, what scope's page events invalidate it, and when it
 * expires. The page cache, the API answer cache, the HTTP caching headers (Surrogate-Key) and the
 * CDN purge all read it; app/cache-routes.test.ts fails when a route is missing from it. Pure.
 */
import { PAGE_CACHE_MAX_TTL_MS } from "./constants";

/**
 * What invalidates a cached answer: a deal's own pages go with that deal's page events; listing
 * pages (any deal may be listed there) with every deal's. Site-wide events take everything.
 */
export type CacheScope = "deal" | "listings";

/** When a cached answer expires besides its scope's events (domain/page-cache.ts `nextBoundary`). */
export type CacheExpiry = {
  /** Never kept longer (relative times such as "in 3 days" age too). */
  maxTtlMs: number;
  /** Whose time boundaries end it early: the deal's dates, or every listed deal's and block's. */
  boundaries: CacheScope;
};

/** A route whose answers are never shared, and why. */
export type NotCached = { cached: false; why: string };

export type CachedPageRoute = {
  cached: true;
  /** Readers share a page by domain/audience.ts `audienceKey` (null: rendered for them alone). */
  audience: "audienceKey";
  scope: CacheScope;
  expiry: CacheExpiry;
};

export type CachedApiRoute = {
  cached: true;
  /** The answer cache holds anonymous answers only: a signed-in answer is personal. */
  audience: "anonymous only";
  scope: CacheScope;
  expiry: CacheExpiry;
};

export type PageRoute = { path: string | null } & (CachedPageRoute | NotCached);
export type ApiRoute = CachedApiRoute | NotCached;

const dealPage: CachedPageRoute = {
  cached: true,
  audience: "audienceKey",
  scope: "deal",
  expiry: { maxTtlMs: PAGE_CACHE_MAX_TTL_MS, boundaries: "deal" },
};
const listingPage: CachedPageRoute = {
  cached: true,
  audience: "audienceKey",
  scope: "listings",
  expiry: { maxTtlMs: PAGE_CACHE_MAX_TTL_MS, boundaries: "listings" },
};
const no = (why: string): NotCached => ({ cached: false, why });

const PERSONAL = "the reader's own data";
const STAFF = "staff back office";
const FORM = "a form page (CSRF token, errors, redirects)";

/**
 * Every page route by id: its path (as in app/routes.ts; null for the index) and its caching.
 * Ids are React Router's: the `id` given, else the file without its extension.
 */
export const PAGE_ROUTES = {
  "routes/home": { path: null, ...listingPage },
  "routes/product": { path: "products/:slug", ...dealPage },
  "routes/product-videos": {
    path: "products/:slug/videos",
    ...no("rarely read; not worth a scope"),
  },
  "routes/discussions/reviews": { path: "products/:slug/reviews", ...dealPage },
  "routes/discussions/review-new": { path: "products/:slug/reviews/new", ...no(FORM) },
  "routes/discussions/review-edit": { path: "products/:slug/reviews/:id/edit", ...no(FORM) },
  // An item page shows its replies and votes: no page event follows a reply's moderation yet.
  "routes/discussions/review": { path: "products/:slug/reviews/:item", ...no("item page") },
  "routes/discussions/questions": { path: "products/:slug/questions", ...dealPage },
  "routes/discussions/question-new": { path: "products/:slug/questions/new", ...no(FORM) },
  "routes/discussions/question-edit": { path: "products/:slug/questions/:id/edit", ...no(FORM) },
  "routes/discussions/question": { path: "products/:slug/questions/:item", ...no("item page") },
  "routes/accounts/login": { path: "accounts/login", ...no(FORM) },
  "routes/accounts/signup": { path: "accounts/signup", ...no(FORM) },
  "routes/accounts/logout": { path: "accounts/logout", ...no(FORM) },
  "routes/accounts/password-reset": { path: "accounts/password/reset", ...no(FORM) },
  "routes/accounts/password-reset-confirm": {
    path: "accounts/password/reset/:token",
    ...no(FORM),
  },
  "routes/account/profile": { path: "account/profile", ...no(PERSONAL) },
  "routes/account/email": { path: "account/email", ...no(PERSONAL) },
  "routes/account/email-verify": { path: "account/email/verify/:token", ...no(PERSONAL) },
  "routes/account/password-update": { path: "account/password/update", ...no(PERSONAL) },
  "routes/account/billing": { path: "account/billing", ...no(PERSONAL) },
  "routes/account/tax": { path: "account/tax", ...no(PERSONAL) },
  "routes/account/cards": { path: "account/cards", ...no(PERSONAL) },
  "routes/account/plus": { path: "account/plus", ...no(PERSONAL) },
  "routes/account/products": { path: "account/products", ...no(PERSONAL) },
  "routes/staff-outbox": { path: "staff/outbox", ...no(STAFF) },
  "routes/staff/dashboard": { path: "staff", ...no(STAFF) },
  "routes/staff/deals": { path: "staff/deals", ...no(STAFF) },
  "routes/staff/deal": { path: "staff/deals/:id", ...no(STAFF) },
  "routes/staff/moderation": { path: "staff/moderation", ...no(STAFF) },
  "routes/staff/orders": { path: "staff/orders", ...no(STAFF) },
  "routes/staff/order": { path: "staff/orders/:id", ...no(STAFF) },
  "routes/staff/payments": { path: "staff/payments", ...no(STAFF) },
  "routes/staff/audit": { path: "staff/audit", ...no(STAFF) },
  "routes/staff/users": { path: "staff/users", ...no(STAFF) },
  "routes/staff/coupons": { path: "staff/coupons", ...no(STAFF) },
  "routes/staff/giftcards": { path: "staff/giftcards", ...no(STAFF) },
  "routes/staff/pages": { path: "staff/pages", ...no(STAFF) },
  "routes/staff/page": { path: "staff/pages/:slug", ...no(STAFF) },
  "routes/staff/collections": { path: "staff/collections", ...no(STAFF) },
  "routes/staff/collection": { path: "staff/collections/:id", ...no(STAFF) },
  "routes/staff/campaigns": { path: "staff/campaigns", ...no(STAFF) },
  "routes/staff/campaign": { path: "staff/campaigns/:id", ...no(STAFF) },
  "routes/staff/changes": { path: "staff/changes", ...no(STAFF) },
  "routes/staff/flags": { path: "staff/flags", ...no(STAFF) },
  "routes/staff/authors": { path: "staff/authors", ...no(STAFF) },
  "routes/partners/portal": { path: "partners", ...no("a partner's own portal") },
  "product/plus-offer.route": { path: "plus/offer", ...no("JSON resource route") },
  "routes/email-unsubscribe": { path: "email/unsubscribe/:token", ...no(PERSONAL) },
  "routes/email-notifications": {
    path: "email/notifications/:token/:topic",
    ...no(PERSONAL),
  },
  "routes/cart": { path: "cart", ...no(PERSONAL) },
  "routes/order": { path: "orders/:id", ...no(PERSONAL) },
  "routes/payments/test-gateway-challenge": {
    path: "payments/test-gateway/challenge",
    ...no("a payment's own page"),
  },
  "routes/plus": { path: "plus", ...no("reads the member's plan") },
  // What a profile shows changes with writes no page event follows (decision 053).
  "routes/profile": { path: "profile/:username", ...no("profiles follow no page event") },
  // A founder's record changes with any of their deals: no per-founder scope, so the listings'
  // (every deal's page events move it; decision 077).
  "routes/founder": { path: "founders/:slug", ...listingPage },
  // Written in the code (app/info/content): they change only with a deploy.
  "info-community-guidelines": { path: "community-guidelines", ...listingPage },
  "info-about": { path: "about", ...listingPage },
  "info-help": { path: "help", ...listingPage },
  "info-legal": { path: "legal", ...listingPage },
  "routes/browse": { path: "browse", ...listingPage },
  "collection-best-for": { path: "collections/best-for/:slug", ...listingPage },
  collection: { path: "collections/:slug", ...listingPage },
  "taxonomy-group": { path: ":group", ...listingPage },
  "taxonomy-category": { path: ":group/:category", ...listingPage },
  "taxonomy-subcategory": { path: ":group/:category/:subcategory", ...listingPage },
  "routes/not-found": { path: "*", ...no("not found") },
} as const satisfies Record<string, PageRoute>;

export type PageRouteId = keyof typeof PAGE_ROUTES;

const dealAnswer: CachedApiRoute = {
  cached: true,
  audience: "anonymous only",
  scope: "deal",
  expiry: { maxTtlMs: PAGE_CACHE_MAX_TTL_MS, boundaries: "deal" },
};
const PUBLIC_READ = "public read, not in the answer cache (yet)";

/**
 * Every API (and other server) GET route by "GET <Fastify URL>". The pages' catch-all (`/*`) is
 * PAGE_ROUTES' business.
 */
export const API_ROUTES = {
  "GET /healthz": no("health check"),
  "GET /readyz": no("health check"),
  "GET /metrics": no("operators' metrics, read live"),
  "GET /api/sessions/": no(PERSONAL),
  "GET /api/users/profile/": no(PERSONAL),
  "GET /api/users/emails/": no(PERSONAL),
  "GET /api/users/notifications/": no(PERSONAL),
  "GET /api/users/header/": no(PERSONAL),
  "GET /api/users/owner_questions/": no(PERSONAL),
  "GET /api/users/login/google/": no("sign-in redirect"),
  "GET /api/users/login/google/callback/": no("sign-in redirect"),
  "GET /api/staff/outbox/": no(STAFF),
  "GET /api/staff/payments/": no(STAFF),
  "GET /api/staff/deals/": no(STAFF),
  "GET /api/staff/deals/:id/": no(STAFF),
  "GET /api/staff/deals/:id/blocks/": no(STAFF),
  "GET /api/staff/alternatives/": no(STAFF),
  "GET /api/staff/pages/": no(STAFF),
  "GET /api/staff/pages/:slug/": no(STAFF),
  "GET /api/staff/collections/": no(STAFF),
  "GET /api/staff/collections/:id/": no(STAFF),
  "GET /api/staff/campaigns/": no(STAFF),
  "GET /api/staff/coupons/": no(STAFF),
  "GET /api/staff/giftcards/": no(STAFF),
  "GET /api/staff/users/": no(STAFF),
  "GET /api/staff/orders/": no(STAFF),
  "GET /api/staff/orders/:id/": no(STAFF),
  "GET /api/staff/moderation/": no(STAFF),
  "GET /api/staff/changes/": no(STAFF),
  "GET /api/staff/audit/": no(STAFF),
  "GET /api/staff/flags/": no(STAFF),
  "GET /api/staff/authors/": no(STAFF),
  "GET /api/partners/deals/": no("partner portal"),
  "GET /api/partners/deals/:id/questions/": no("partner portal"),
  "GET /api/partners/deals/:id/reviews/": no("partner portal"),
  "GET /api/partners/deals/:id/changes/": no("partner portal"),
  "GET /api/partners/webhook/": no("partner portal"),
  "GET /api/v2/deals/:dealId/reviews/": dealAnswer,
  "GET /api/v2/deals/:dealId/reviews/:id/": no(PUBLIC_READ),
  "GET /api/v2/deals/:dealId/review_stats/": no(PUBLIC_READ),
  "GET /api/v2/deals/:dealId/questions/": dealAnswer,
  "GET /api/v2/deals/:dealId/questions/:id/": no(PUBLIC_READ),
  "GET /api/v2/deals/:dealId/question_stats/": no(PUBLIC_READ),
  "GET /api/v2/deals/:dealId/user_status/": no(PERSONAL),
  "GET /api/v2/deals/:dealId/founder_responsiveness/": no(PUBLIC_READ),
  "GET /api/founders/:founderSlug/": {
    cached: true,
    audience: "anonymous only",
    scope: "listings",
    expiry: { maxTtlMs: PAGE_CACHE_MAX_TTL_MS, boundaries: "listings" },
  },
  "GET /api/v2/deals/:dealId/reviews_summary/": no(PUBLIC_READ),
  // Issue 33: a review's approval, edit, decline or deletion is a page event of its deal.
  "GET /api/v2/deals/:dealId/rating_history/": dealAnswer,
  "GET /comments/whitelist_author_ajx/": no(STAFF),
  "GET /comments/blacklist_author_ajx/": no(STAFF),
  "GET /media/:key": no("media files (their own cache headers)"),
  "GET /api/v2/deals/:dealId/questions/similar/": no(PUBLIC_READ),
  "GET /api/v2/deals/:slug/details/": dealAnswer,
  "GET /api/v2/deals/": {
    cached: true,
    audience: "anonymous only",
    scope: "listings",
    expiry: { maxTtlMs: PAGE_CACHE_MAX_TTL_MS, boundaries: "listings" },
  },
  "GET /api/dealattribute/personal/": no(PERSONAL),
  "GET /api/modular/page/:pageId/": no(PUBLIC_READ),
  "GET /api/smartcollections/zone/:zone/": no(PUBLIC_READ),
  "GET /media/demo/:name": no("media files (their own cache headers)"),
  "GET /media/og/:name": no("media files (their own cache headers)"),
  "GET /api/currency-rates/": no(PUBLIC_READ),
  "GET /s/:code": no("short link redirect"),
  "GET /api/experiments/": no(PERSONAL),
  "GET /sitemap.xml": no(PUBLIC_READ),
  "GET /sitemaps/:name": no(PUBLIC_READ),
  "GET /robots.txt": no("static text"),
  "GET /api/geoip_country/": no(PERSONAL),
  "GET /api/users/billing/": no(PERSONAL),
  "GET /api/users/cards/": no(PERSONAL),
  "GET /api/plus/subscription/": no(PERSONAL),
  "GET /api/plus/cancel-reasons/": no("static list"),
  "GET /api/users/products/": no(PERSONAL),
  "GET /api/users/products/download/": no(PERSONAL),
  "GET /license/validate/email/:email/": no(PERSONAL),
  "GET /api/users/products/:invoice_item/upgrade/": no(PERSONAL),
  "GET /api/cart/": no(PERSONAL),
  "GET /api/rewards/campaigns/": no(PERSONAL),
  "GET /api/rewards/share-campaigns/": no(PERSONAL),
  "GET /api/orders/:id/": no(PERSONAL),
  "GET /api/orders/:id/receipt/": no(PERSONAL),
  "GET /api/openapi.json": no("static document"),
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** A page route matched against a path: its id, entry and parameters. */
export type MatchedPage = { id: PageRouteId; route: PageRoute; params: Record<string, string> };

const SEGMENT = /^[A-Za-z0-9_.~-]{1,200}$/;
type Compiled = { id: PageRouteId; route: PageRoute; segments: string[]; score: number };

// Ranked as React Router ranks routes: a static segment above a dynamic one, a splat last.
const COMPILED: Compiled[] = Object.entries(PAGE_ROUTES)
  .map(([id, route]) => {
    const segments = route.path === null ? [] : route.path.split("/");
    const score = segments.reduce(
      (n, s) => n + (s === "*" ? -2 : s.startsWith(":") ? 3 : 10),
      route.path === null ? 2 : 0,
    );
    return { id: id as PageRouteId, route: route as PageRoute, segments, score };
  })
  .sort((a, b) => b.score - a.score);

/** The page route a path is, or null when none matches (a splat matches anything). */
export function matchPageRoute(pathname: string): MatchedPage | null {
  const parts = pathname.split("/").filter((s) => s !== "");
  for (const c of COMPILED) {
    const params: Record<string, string> = {};
    if (c.segments.at(-1) === "*") {
      if (parts.length < c.segments.length - 1) continue;
    } else if (parts.length !== c.segments.length) continue;
    let ok = true;
    for (let i = 0; i < c.segments.length && ok; i++) {
      const s = c.segments[i] as string;
      if (s === "*") break;
      const p = parts[i] as string;
      if (s.startsWith(":")) {
        if (SEGMENT.test(p)) params[s.slice(1)] = p;
        else ok = false;
      } else ok = s === p;
    }
    if (ok) return { id: c.id, route: c.route, params };
  }
  return null;
}

/** The table entry of an API GET route (Fastify's URL pattern), or null when undeclared. */
export function apiRoute(method: string, url: string): ApiRoute | null {
  return (API_ROUTES as Record<string, ApiRoute>)[`${method} ${url}`] ?? null;
}

/** The key every cached answer carries: a site-wide event purges it. */
export const ALL_KEY = "all";
/** The key of listing answers: every deal's event purges it. */
export const LISTINGS_KEY = "listings";

/**
 * A deal's surrogate key (shared caches purge by it, issue 32): by its slug, or by its id for
 * answers addressed by id (`#<id>` in a page scope).
 */
export const dealKey = (slugOrHashId: string) =>
  `deal-${slugOrHashId.startsWith("#") ? slugOrHashId.slice(1) : slugOrHashId}`;

/**
 * The surrogate keys (Surrogate-Key, Cache-Tag) of an answer of this scope: its deal's (or the
 * listings') and the site-wide one. `deal` is the deal's slug or `#<id>` for a deal scope.
 */
export function surrogateKeys(scope: CacheScope, deal?: string): string[] {
  if (scope === "deal" && deal) return [dealKey(deal), ALL_KEY];
  return [LISTINGS_KEY, ALL_KEY];
}

/**
 * The keys a page event purges: a deal's event its own keys (slug and id) and the listings (any
 * deal may be listed there); a site-wide event everything.
 */
export function purgeKeys(event: { kind: "deal"; dealKeys: string[] } | { kind: "all" }): string[] {
  if (event.kind === "all") return [ALL_KEY];
  return [...event.dealKeys.map(dealKey), LISTINGS_KEY];
}
