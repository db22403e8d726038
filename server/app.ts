import { existsSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { ServerBuild } from "react-router";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { accountRoutes } from "./http/accounts/accounts";
import { notificationRoutes } from "./http/accounts/notifications";
import { personalHeaderRoutes } from "./http/accounts/personal-header";
import { sessionRoutes } from "./http/accounts/sessions";
import { userRoutes } from "./http/accounts/users";
// Account: billing, cards, Plus, products (h/account).
import { billingRoutes } from "./http/commerce/billing";
import { cardRoutes } from "./http/commerce/cards";
import { cartRoutes } from "./http/commerce/cart";
import { checkoutRoutes } from "./http/commerce/checkout";
import { orderRoutes } from "./http/commerce/orders";
import { plusRoutes } from "./http/commerce/plus";
import { productRoutes } from "./http/commerce/purchases";
import { rewardRoutes } from "./http/commerce/rewards";
import { upgradeRoutes } from "./http/commerce/upgrades";
import { registerCompression } from "./http/compression";
import { discussionRoutes } from "./http/discussions/discussions";
import { registerErrorHandling } from "./http/errors";
import { createFastPath } from "./http/fast-path";
import { healthRoutes } from "./http/health";
import { registerInputGuard } from "./http/input-guard";
import { safeErrorForLog, serializeRequestForLog } from "./http/log-safety";
import { registerLoginCsrf } from "./http/login-csrf";
import { currencyRoutes } from "./http/marketing/currency";
import { signupRoutes } from "./http/marketing/deal-notifications";
import { emailSignupRoutes } from "./http/marketing/email-capture";
import { growthRoutes } from "./http/marketing/experiments";
import { shortLinkRoutes } from "./http/marketing/short-links";
import { createMetrics, registerMetrics } from "./http/metrics";
import { partnerRoutes } from "./http/partners/partners";
import { partnerWebhookRoutes } from "./http/partners/webhooks";
import { stripeWebhookRoutes } from "./http/payments/stripe-webhook";
import { type PageHandler, reactRouterPlugin } from "./http/react-router";
import { registerRequestIds, requestIdOf } from "./http/request-ids";
import { responseSerializer } from "./http/schemas";
import { registerSecurityHeaders } from "./http/security-headers";
import { staffAlternativeRoutes } from "./http/staff/alternatives";
import { staffCatalogRoutes } from "./http/staff/catalog";
import { staffDealRoutes } from "./http/staff/deals";
import { staffFlagRoutes } from "./http/staff/flags";
import { staffOperationRoutes } from "./http/staff/operations";
import { staffRoutes } from "./http/staff/outbox";
import { staffPaymentRoutes } from "./http/staff/payments";
import { dealAttributeRoutes } from "./http/storefront/deal-attributes";
import { dealRoutes } from "./http/storefront/deals";
import { founderRoutes } from "./http/storefront/founders";
import { mediaRoutes } from "./http/storefront/media";
import { modularRoutes } from "./http/storefront/modular-pages";
import { ogImageRoutes } from "./http/storefront/og-image";
import { seoRoutes } from "./http/storefront/seo";
import { reactRouterBuildDir } from "./paths";
import type { Clock } from "./providers/clock";
import { createServices, type Services } from "./services";
import { pageCookies } from "./web/cookies";
import { sessionPlugin } from "./web/session-plugin";

export type AppDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  /** The React Router server build; without it only the API and /healthz are served (API tests). */
  reactRouterBuild?: ServerBuild;
  /** Renders pages where no build exists (API tests of the page cache); the build wins. */
  pageHandler?: PageHandler;
  /** Where the JSON log lines go (standard output by default; tests capture them). */
  logStream?: { write(line: string): void };
};

export type App = FastifyInstance & { services: Services };

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole HTTP app without listening, so tests can use inject(). */
declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered, method by method (the caching table's test reads it). */
    registeredRoutes: { method: string; url: string }[];
  }
}

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, database, clock } = deps;
  const app = Fastify({
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // No e-mailed token in the access log's URL, no SQL parameter value in an error.
            serializers: {
              req: (request: FastifyRequest) => serializeRequestForLog(request),
              err: safeErrorForLog,
            },
            redact: [
              "req.headers.cookie",
              "req.headers.authorization",
              'res.headers["set-cookie"]',
            ],
          },
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For/-Proto/-Host are believed only from the proxies TRUST_PROXY names. A hop
    // count is passed as a function: Fastify 5.12 trusts nothing for a bare number.
    trustProxy:
      typeof config.trustProxy === "number" ? hopsTrusted(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered (method and URL pattern): the caching table's test checks each
  // GET route is declared there (domain/cache-routes.ts).
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate("registeredRoutes", registeredRoutes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) registeredRoutes.push({ method, url: route.url });
  });

  app.setValidatorCompiler(validatorCompiler);
  // Answers as sent; the test suite also checks each against its route's response schema.
  app.setSerializerCompiler(responseSerializer(config.env === "test"));

  const services = createServices({ db: database.db, clock, config });
  app.decorate("services", services);
  app.decorate("limits", services.limits);

  // 1. External plugins.
  // helmet's headers, computed once (server/http/security-headers.ts), not per request.
  const { headers: securityHeaders, pagePolicy } = registerSecurityHeaders(app, {
    // No inline script runs unless the page names it: a page rendered for one reader adds its
    // response's `'nonce-…'` to script-src, a page kept for an audience the `'sha256-…'` of each
    // of its inline scripts (decision 056); API answers run no script at all.
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // In Stripe mode, Stripe.js (the card form) loads from js.stripe.com and talks to
        // api.stripe.com; without Stripe the page runs our own scripts only.
        scriptSrc: config.stripeSecretKey ? ["'self'", "https://js.stripe.com"] : ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        frameSrc: ["'self'", "https:"],
        mediaSrc: ["'self'", "https:"],
        connectSrc: config.stripeSecretKey ? ["'self'", "https://api.stripe.com"] : ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Not helmet's "no-referrer": under it a browser sends `Origin: null` on a plain HTML form
    // POST, and both our CSRF rule and React Router's action check need the real origin.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: config.cookieSecure,
  });
  // Cache hits answered before Fastify's routing and hooks (server/http/fast-path.ts).
  // Operators' metrics (server/http/metrics.ts): the fast path observes its hits too.
  const metrics = createMetrics({ database, backlog: services.backlog });
  const fastPath = createFastPath({
    pageCache: services.pageCache,
    config,
    securityHeaders,
    log: app.log,
    metrics,
  });
  app.decorate("fastPath", fastPath);
  fastPath.install(app);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: "Payonce API", version: "1" },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "sessionid" },
          csrf: { type: "apiKey", in: "header", name: "X-CSRFToken" },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // 2. App-wide behaviour.
  registerRequestIds(app);
  registerMetrics(app, { metrics, token: config.metricsToken });
  registerErrorHandling(app);
  // Pages and JSON answers by Accept-Encoding (static assets come precompressed).
  registerCompression(app);
  // Before the session is loaded: a NUL anywhere in the input is a 400, never a database error.
  registerInputGuard(app);
  await app.register(sessionPlugin, { sessions: services.sessions, config });
  // After the session plugin's CSRF check, which only guards requests that carry a session.
  registerLoginCsrf(app, config.publicUrl);
  // Every request with a loaded session checks the audience the fast path remembers for it.
  app.addHook("onRequest", async (request) => fastPath.confirm(request));

  // 3. Routes.
  await app.register(healthRoutes, { config, database });
  await app.register(sessionRoutes, { config, services });
  await app.register(userRoutes, { config, services });
  await app.register(accountRoutes, { config, services });
  await app.register(notificationRoutes, { services });
  await app.register(staffRoutes, { services });
  await app.register(staffPaymentRoutes, { services });
  // Staff back office and partner portal (issue 16).
  await app.register(staffDealRoutes, { services });
  await app.register(staffCatalogRoutes, { services });
  await app.register(staffAlternativeRoutes, { services });
  await app.register(staffOperationRoutes, { services });
  await app.register(staffFlagRoutes, { services });
  await app.register(partnerRoutes, { services });
  await app.register(partnerWebhookRoutes, { services });
  await app.register(discussionRoutes, { services });
  await app.register(dealRoutes, { services });
  await app.register(dealAttributeRoutes, { services });
  await app.register(founderRoutes, { services });
  await app.register(personalHeaderRoutes);
  await app.register(modularRoutes, { services });
  await app.register(mediaRoutes);
  await app.register(ogImageRoutes, { services });
  await app.register(emailSignupRoutes, { services });
  await app.register(currencyRoutes, { config, services });
  await app.register(signupRoutes, { services });
  await app.register(shortLinkRoutes, { services });
  await app.register(growthRoutes, { services });
  await app.register(seoRoutes, { services, config });
  // Account: billing, cards, Plus, products (h/account).
  await app.register(billingRoutes, { services });
  await app.register(cardRoutes, { services });
  await app.register(plusRoutes, { services });
  await app.register(productRoutes, { services, publicUrl: config.publicUrl });
  await app.register(upgradeRoutes, { services });
  // Cart, checkout, orders, gift cards and rewards.
  await app.register(cartRoutes, { services, config });
  await app.register(rewardRoutes, { services });
  await app.register(checkoutRoutes, { services, config });
  await app.register(stripeWebhookRoutes, { services });
  await app.register(orderRoutes, { services });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());

  if (deps.reactRouterBuild || deps.pageHandler) {
    const clientDir = path.join(reactRouterBuildDir, "client");
    if (deps.reactRouterBuild && existsSync(clientDir)) {
      await app.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        // scripts/compress-assets.mjs wrote .br and .gz siblings at build time: sent by the
        // request's Accept-Encoding (with Vary), never compressed per request. They get no
        // routes of their own.
        preCompressed: true,
        globIgnore: ["**/*.br", "**/*.gz"],
        setHeaders(reply, filePath) {
          // Vite fingerprints everything under assets/: safe to cache for a year.
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          reply.header(
            "cache-control",
            immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
          );
        },
      });
    }
    const publicConfig = {
      reportListingUrl: config.reportListingUrl,
      // Canonical and Open Graph URLs are absolute, on the public origin (never the Host header).
      publicUrl: config.publicUrl.replace(/\/$/, ""),
      googleSignIn: Boolean(config.googleClientId && config.googleClientSecret),
      // Which card form the cart and cards pages show (Stripe.js needs the publishable key).
      payments: {
        provider: config.stripeSecretKey ? ("stripe" as const) : ("test" as const),
        publishableKey: config.stripeSecretKey ? (config.stripePublishableKey ?? null) : null,
      },
    };
    const cookies = pageCookies(config);
    await app.register(reactRouterPlugin, {
      build: deps.reactRouterBuild,
      handler: deps.pageHandler,
      config,
      pageCache: services.pageCache,
      pagePolicy,
      mode: config.env === "development" ? "development" : "production",
      loadContext: (request) => ({
        services,
        session: request.session,
        publicConfig,
        cookies,
        // Page actions rate-limit by client address (login, sign-up, reset).
        clientIp: request.ip,
      }),
    });
  }

  app.addHook("onClose", async () => {
    await services.outbox.stop();
    await services.pageCache.close();
    await services.limits.close();
    services.media.close?.();
    await database.close();
  });

  return app as unknown as App;
}
