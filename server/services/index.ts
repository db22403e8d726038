import path from "node:path";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Clock } from "../providers/clock";
import { createMailProvider } from "../providers/mail";
import { createLocalMediaProvider, createS3MediaProvider } from "../providers/media";
import { createPaymentGateway } from "../providers/payments";
import { createAccountService } from "./accounts/accounts";
import { createLoginThrottle } from "./accounts/login-throttle";
import { createRecaptcha } from "./accounts/recaptcha";
import { createSessionService } from "./accounts/sessions";
import { createCdnPurge } from "./cache/cdn-purge";
import { createDealDataCache } from "./cache/deal-data";
import { createPageCacheService } from "./cache/page-cache";
import { createPageEvents } from "./cache/page-events";
// Account: billing, cards, Plus, products (h/account).
import { createBillingService } from "./commerce/billing";
import { createCardService } from "./commerce/cards";
import { createCartService } from "./commerce/cart";
import { createCheckoutService } from "./commerce/checkout";
import { createOrderService } from "./commerce/orders";
import { createOwnedPlansService } from "./commerce/owned-plans";
import { createPaymentService, type PaymentService } from "./commerce/payments";
import { createPlusService } from "./commerce/plus";
import { createProductService } from "./commerce/purchases";
import { createReceiptService } from "./commerce/receipts";
import { createRewardService } from "./commerce/rewards";
import { dbTestIntentStore } from "./commerce/test-intent-store";
import { createTransferService } from "./commerce/transfers";
import { createUpgradeService } from "./commerce/upgrades";
import { createDiscussionService } from "./discussions/service";
import { createOutbox } from "./jobs/outbox";
import { createLimits, memoryStore } from "./limits/limits";
import { createRedisLimitStore } from "./limits/redis-store";
import { createCurrencyService } from "./marketing/currency";
import { createSignupService } from "./marketing/deal-notifications";
import { createEmailSignupService } from "./marketing/email-capture";
import { createGrowthService } from "./marketing/experiments";
import { createShortLinkService } from "./marketing/short-links";
import { createPartnerServices } from "./partners";
import { createStaffServices } from "./staff";
import { createCatalogService } from "./storefront/catalog";
import { createPagesService } from "./storefront/modular-pages";
import { createOgImageService } from "./storefront/og-image";
import { createPersonalAttributesService } from "./storefront/personal-attributes";
// Product page buying: the Plus deal's ids for the Plus shelf.
import { createPlusOfferService } from "./storefront/plus-offer";
import { createProductPageService } from "./storefront/product-page";
import { createSearchService } from "./storefront/search";
import { createSitemapService } from "./storefront/sitemap";

/**
 * A dependency's outage as one warn line: its message and the error's own message, never a stack
 * (callers already report once per outage, not once per request).
 */
const logOutage = (err: unknown, message: string) =>
  console.warn(err ? `${message} (${outageReason(err)})` : message);

/**
 * What went wrong, without the SQL: Drizzle's wrapper puts the query text and its parameter
 * values in its message, so its cause (connection refused, terminated, timeout) speaks instead.
 */
function outageReason(err: unknown): string {
  let e = err;
  for (let i = 0; i < 5 && e instanceof Error && e.message.startsWith("Failed query"); i++) {
    e = e.cause;
  }
  if (e instanceof Error) return e.message.startsWith("Failed query") ? "query failed" : e.message;
  return e === undefined ? "query failed" : String(e);
}

export type ServiceDeps = { db: Db; clock: Clock; config: Config };

/** Every use case of the app, wired once per process (or per test file). */
export function createServices(deps: ServiceDeps) {
  const outbox = createOutbox({ db: deps.db, clock: deps.clock });
  // Writers that change a public page say so here; the anonymous page cache listens.
  const pageEvents = createPageEvents();
  // Review videos and posters: in the S3 bucket when S3_* is set (shared by every process and
  // machine), else under DATA_DIR/media.
  const media = deps.config.s3
    ? createS3MediaProvider(deps.config.s3)
    : createLocalMediaProvider(path.join(deps.config.dataDir, "media"));
  const sessions = createSessionService({
    db: deps.db,
    clock: deps.clock,
    ttlDays: deps.config.sessionTtlDays,
  });
  // Every rate limit counts here: in Redis across processes when REDIS_URL is set (in memory
  // while Redis is down), else in memory per process.
  const limits = deps.config.redisUrl
    ? createLimits(
        createRedisLimitStore({
          url: deps.config.redisUrl,
          keyPrefix: deps.config.redisKeyPrefix,
          log: logOutage,
        }),
      )
    : createLimits({ store: memoryStore });
  const loginThrottle = createLoginThrottle(limits);
  // Sign-up, passwords, e-mail settings; it registers the outbox's e-mail handler (SMTP or kept).
  const accounts = createAccountService({
    db: deps.db,
    clock: deps.clock,
    config: deps.config,
    outbox,
    sessions,
    limits,
    loginThrottle,
    recaptcha: createRecaptcha(deps.config),
    mail: createMailProvider(deps.config),
  });
  const search = createSearchService({
    db: deps.db,
    clock: deps.clock,
    campaignPricing: deps.config.campaignPricingExperiment,
  });
  // The test gateway keeps its 3-D Secure answers in the database (every process sees them).
  const gateway = createPaymentGateway(deps.config, dbTestIntentStore(deps.db));
  const cards = createCardService({ db: deps.db, clock: deps.clock, gateway });
  // Cart and checkout: the built-in test gateway unless STRIPE_SECRET_KEY is set.
  const cart = createCartService({
    db: deps.db,
    clock: deps.clock,
    campaignExperimentEnabled: deps.config.campaignPricingExperiment,
  });
  const pageCache = createPageCacheService({
    db: deps.db,
    clock: deps.clock,
    events: pageEvents,
    purge: createCdnPurge({ config: deps.config.cdnPurge, log: logOutage }),
    redisUrl: deps.config.redisUrl,
    redisKeyPrefix: deps.config.redisKeyPrefix,
    log: logOutage,
  });
  const pages = createPagesService({
    db: deps.db,
    clock: deps.clock,
    search,
    campaignPricing: deps.config.campaignPricingExperiment,
  });
  const products = createProductService({
    db: deps.db,
    clock: deps.clock,
    outbox,
    gateway,
  });
  // Checkout and payments complete each other: the browser's return from 3-D Secure is a
  // checkout call that the payment service settles, which makes the order through checkout.
  let payments: PaymentService | undefined;
  const checkout = createCheckoutService({
    db: deps.db,
    clock: deps.clock,
    cart,
    gateway,
    outbox,
    pageEvents,
    completePayment: (user, paymentIntent) => {
      if (!payments) throw new Error("payments not wired");
      return payments.completeFromBrowser(user, paymentIntent);
    },
  });
  // Tier upgrades (issue 30): their payments are settled by payments.ts like a checkout's.
  const upgrades = createUpgradeService({
    db: deps.db,
    clock: deps.clock,
    gateway,
    outbox,
    campaignExperimentEnabled: deps.config.campaignPricingExperiment,
    publicUrl: deps.config.publicUrl,
    settle: (tx, intent) => {
      if (!payments) throw new Error("payments not wired");
      return payments.settle(tx, intent);
    },
    products,
  });
  payments = createPaymentService({
    db: deps.db,
    clock: deps.clock,
    gateway,
    checkout,
    outbox,
    publicUrl: deps.config.publicUrl,
    upgrades: () => upgrades,
    log: (message, fields) => console.warn(JSON.stringify({ msg: message, ...fields })),
  });
  return {
    pageEvents,
    pageCache,
    // A deal's public data between requests, as fresh as the page cache (cache/deal-data.ts).
    dealData: createDealDataCache({ pageCache, clock: deps.clock }),
    search,
    emailSignup: createEmailSignupService({
      db: deps.db,
      clock: deps.clock,
      outbox,
      publicUrl: deps.config.publicUrl,
    }),
    sessions,
    limits,
    loginThrottle,
    accounts,
    catalog: createCatalogService({
      db: deps.db,
      clock: deps.clock,
      campaignPricing: deps.config.campaignPricingExperiment,
    }),
    personalAttributes: createPersonalAttributesService({ db: deps.db }),
    // The plans of a deal the reader owns (the product page's personal fill, issue 32).
    ownedPlans: createOwnedPlansService({ db: deps.db }),
    pages,
    outbox,
    media,
    // Link-preview images (1200x630 JPEG per deal), kept in the media store.
    ogImages: createOgImageService({ db: deps.db, media }),
    // The sitemap index and its parts (fixed id ranges), kept until a page event.
    sitemaps: createSitemapService({
      db: deps.db,
      search,
      collections: pages.sitemapCollections,
      pageEvents,
    }),
    discussions: createDiscussionService({
      db: deps.db,
      clock: deps.clock,
      outbox,
      media,
      pageEvents,
      pageCache,
      publicUrl: deps.config.publicUrl,
    }),
    currency: createCurrencyService({ db: deps.db, clock: deps.clock, pageEvents }),
    signups: createSignupService({
      db: deps.db,
      clock: deps.clock,
      outbox,
      publicUrl: deps.config.publicUrl,
      pageEvents,
    }),
    productPage: createProductPageService({
      db: deps.db,
      clock: deps.clock,
      campaignPricing: deps.config.campaignPricingExperiment,
    }),
    shortLinks: createShortLinkService({
      db: deps.db,
      clock: deps.clock,
      publicUrl: deps.config.publicUrl,
    }),
    // Account: billing, cards, Plus, products (h/account).
    billing: createBillingService({ db: deps.db, clock: deps.clock }),
    cards,
    plus: createPlusService({ db: deps.db, clock: deps.clock, cards, gateway, outbox }),
    products,
    transfers: createTransferService({
      db: deps.db,
      clock: deps.clock,
      outbox,
      publicUrl: deps.config.publicUrl,
    }),
    cart,
    // The payment provider itself (test gateway or Stripe), and our side of its payments.
    gateway,
    payments,
    checkout,
    upgrades,
    orders: createOrderService({ db: deps.db, clock: deps.clock }),
    receipts: createReceiptService({
      db: deps.db,
      orders: createOrderService({ db: deps.db, clock: deps.clock }),
    }),
    rewards: createRewardService({ db: deps.db, clock: deps.clock }),
    growth: createGrowthService({ db: deps.db, clock: deps.clock }),
    plusOffer: createPlusOfferService({ db: deps.db }),
    // Staff back office and partner portal (issue 16).
    staff: createStaffServices({ db: deps.db, pageEvents, products }),
    // Partner webhooks (licence events, sent by the outbox) and licence redemption (issue 30).
    partners: createPartnerServices({
      db: deps.db,
      clock: deps.clock,
      config: deps.config,
      outbox,
      pageEvents,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
