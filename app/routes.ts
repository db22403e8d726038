import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Mirrors the spec's URLs (spec 001 section 2); trailing slashes match the same routes.
export default [
  index("routes/home.tsx"),
  route("products/:slug", "routes/product.tsx"),
  // The deal's video collection (spec 001 section 2); static, so above the :item routes.
  route("products/:slug/videos", "routes/product-videos.tsx"),
  // Discussions (spec 000 section 2): lists, new, edit, and the item page whose last
  // hyphen-separated segment is the id (static segments rank above :item).
  route("products/:slug/reviews", "routes/discussions/reviews.tsx"),
  route("products/:slug/reviews/new", "routes/discussions/review-new.tsx"),
  route("products/:slug/reviews/:id/edit", "routes/discussions/review-edit.tsx"),
  route("products/:slug/reviews/:item", "routes/discussions/review.tsx"),
  route("products/:slug/questions", "routes/discussions/questions.tsx"),
  route("products/:slug/questions/new", "routes/discussions/question-new.tsx"),
  route("products/:slug/questions/:id/edit", "routes/discussions/question-edit.tsx"),
  route("products/:slug/questions/:item", "routes/discussions/question.tsx"),
  // Accounts (spec 001 section 2 /accounts/login/, /account/...; spec 000 section 2).
  route("accounts/login", "routes/accounts/login.tsx"),
  route("accounts/signup", "routes/accounts/signup.tsx"),
  route("accounts/logout", "routes/accounts/logout.tsx"),
  route("accounts/password/reset", "routes/accounts/password-reset.tsx"),
  route("accounts/password/reset/:token", "routes/accounts/password-reset-confirm.tsx"),
  route("account/profile", "routes/account/profile.tsx"),
  route("account/email", "routes/account/email.tsx"),
  route("account/email/verify/:token", "routes/account/email-verify.tsx"),
  route("account/password/update", "routes/account/password-update.tsx"),
  // Account: billing, tax, cards, Plus, products (h/account).
  route("account/billing", "routes/account/billing.tsx"),
  route("account/tax", "routes/account/tax.tsx"),
  route("account/cards", "routes/account/cards.tsx"),
  route("account/plus", "routes/account/plus.tsx"),
  route("account/products", "routes/account/products.tsx"),
  route("staff/outbox", "routes/staff-outbox.tsx"),
  // Staff back office and partner portal (issue 16): pages over the /api/staff/ calls.
  route("staff", "routes/staff/dashboard.tsx"),
  route("staff/deals", "routes/staff/deals.tsx"),
  route("staff/deals/:id", "routes/staff/deal.tsx"),
  route("staff/moderation", "routes/staff/moderation.tsx"),
  route("staff/orders", "routes/staff/orders.tsx"),
  route("staff/orders/:id", "routes/staff/order.tsx"),
  route("staff/payments", "routes/staff/payments.tsx"),
  route("staff/audit", "routes/staff/audit.tsx"),
  route("staff/users", "routes/staff/users.tsx"),
  route("staff/coupons", "routes/staff/coupons.tsx"),
  route("staff/giftcards", "routes/staff/giftcards.tsx"),
  route("staff/pages", "routes/staff/pages.tsx"),
  route("staff/pages/:slug", "routes/staff/page.tsx"),
  route("staff/collections", "routes/staff/collections.tsx"),
  route("staff/collections/:id", "routes/staff/collection.tsx"),
  route("staff/campaigns", "routes/staff/campaigns.tsx"),
  route("staff/campaigns/:id", "routes/staff/campaign.tsx"),
  route("staff/changes", "routes/staff/changes.tsx"),
  route("staff/flags", "routes/staff/flags.tsx"),
  route("staff/authors", "routes/staff/authors.tsx"),
  // Partners of a deal get their portal here; everyone else the public "Sell on Payonce" page.
  route("partners", "routes/partners/portal.tsx"),
  // Product page buying: the Plus deal's ids for the Plus shelf (JSON resource route).
  route("plus/offer", "product/plus-offer.route.ts"),
  // Growth: the coupon e-mail's unsubscribe link.
  route("email/unsubscribe/:token", "routes/email-unsubscribe.tsx"),
  // A notification e-mail's unsubscribe link, one topic (issue 33).
  route("email/notifications/:token/:topic", "routes/email-notifications.tsx"),
  // Storefront (spec 001 section 2): search and browse, collections, taxonomy. One module
  // resolves /{slug}/ (a root-level collection, else a taxonomy group, else a real 404); static
  // paths (/browse, /products/..., /accounts/...) always rank above these dynamic segments.
  // Cart and checkout (spec 001 section 2; contract.md /orders/{id}/). POST /checkout/ is the server's.
  route("cart", "routes/cart.tsx"),
  route("orders/:id", "routes/order.tsx"),
  // The built-in test gateway's 3-D Secure page (issue 29): stands in for the buyer's bank.
  route("payments/test-gateway/challenge", "routes/payments/test-gateway-challenge.tsx"),
  route("plus", "routes/plus.tsx"),
  // A member's public profile (spec 000 section 2); every author name links here.
  route("profile/:username", "routes/profile.tsx"),
  // A founder's public record (issue 34, decision 077); linked from the product page's founders.
  route("founders/:slug", "routes/founder.tsx"),
  // Community guidelines (spec 000 section 2) and the footer's company pages.
  ...["community-guidelines", "about", "help", "legal"].map((path) =>
    route(path, "routes/info.tsx", { id: `info-${path}` }),
  ),
  route("browse", "routes/browse.tsx"),
  route("collections/best-for/:slug", "routes/collection.tsx", { id: "collection-best-for" }),
  route("collections/:slug", "routes/collection.tsx", { id: "collection" }),
  route(":group", "routes/taxonomy.tsx", { id: "taxonomy-group" }),
  route(":group/:category", "routes/taxonomy.tsx", { id: "taxonomy-category" }),
  route(":group/:category/:subcategory", "routes/taxonomy.tsx", { id: "taxonomy-subcategory" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
