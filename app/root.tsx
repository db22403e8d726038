import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import { appContext } from "./context";
import { type HeaderUser, type RootData, useRootData } from "./root-data";
import { NotFound } from "./ui/not-found";
import type { NotFoundData } from "./ui/not-found.server";
import { SiteFooter } from "./ui/site-footer";
import { SiteHeader } from "./ui/site-header";
import "./app.css";
import { cartActorOf } from "../server/web/actor";
import { DisplayCurrencyContext } from "./marketing/display-currency";
import { loadGrowthRootData } from "./marketing/root-data.server";
import { ViewItemEvent } from "./marketing/view-item-event";
import { readCookie } from "./ui/cookies";
import { IconSprite } from "./ui/icons";
import { PersonalFillContext, usePersonalFillState } from "./ui/personal-fill";
import { PlusMemberContext } from "./ui/plus-member";

/** The signed-in user summary every page's header needs; nothing else personal goes here. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const ctx = context.get(appContext);
  const { session } = ctx;
  const u = session?.user ?? null;
  // A page kept for an audience names no one: the header shows a member placeholder of the same
  // size until the page fills it (app/ui/personal-fill.tsx, decision 059).
  const shared = Boolean(ctx.sharedRender && u);
  const user: HeaderUser = shared
    ? { name: "", email: "", isStaff: false, hasPlus: u?.hasPlus === true, pending: true }
    : u
      ? {
          name: [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username || u.email,
          email: u.email,
          isStaff: u.isStaff,
          hasPlus: u.hasPlus,
          emailVerified: u.emailVerified,
        }
      : null;
  // Signed-in pages carry the CSRF token for forms that must work without JavaScript (log out).
  const csrfToken = u && !shared ? readCookie(request.headers.get("cookie"), "csrftoken") : "";
  // The public origin: absolute URLs in structured data (app/seo) without echoing a Host header.
  const origin = ctx.publicConfig.publicUrl;
  // Growth: the session's currency and experiments (one shared value without a session).
  const growth = await loadGrowthRootData(ctx);
  // Cart: the header's item count (no query without a session). A GET reads the count the
  // session load already took; after an action (a POST in this same request) it is counted again.
  const cartCount =
    !session || shared
      ? 0
      : request.method === "GET" && session.cartCountAtLoad !== undefined
        ? session.cartCountAtLoad
        : await ctx.services.cart.count(cartActorOf(session));
  return { user, campaigns: session?.campaigns ?? [], csrfToken, origin, growth, cartCount };
}

// The logo's coin, inline, so the browser's favicon request never becomes a 404.
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="#ffc629" stroke="#f5b400" stroke-width="2"/><text x="16" y="21" font-family="Arial" font-size="13" font-weight="900" text-anchor="middle" fill="#1d1d2c">1×</text></svg>',
  );

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: FAVICON, type: "image/svg+xml" },
];

export const meta: Route.MetaFunction = ({ error }) => [
  {
    // An error page has a title of its own, not the home page's (issue 15).
    title: error
      ? isRouteErrorResponse(error) && error.status === 404
        ? "Page not found | Payonce"
        : "Something went wrong | Payonce"
      : "Payonce: lifetime software deals. Pay once, not monthly",
  },
  {
    name: "description",
    content: "Lifetime deals on the software your business runs on. Pay once, not monthly.",
  },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  // A page kept for an audience: its reader's parts are asked for once after load.
  const fill = usePersonalFillState(data?.user?.pending === true);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffc629" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <IconSprite />
        {/* First tab stop (WCAG 2.4.1): past the header's links straight to the page's content. */}
        <a
          href="#main-content"
          className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
        <PersonalFillContext.Provider value={fill}>
          <PlusMemberContext.Provider value={data?.user?.hasPlus === true}>
            <DisplayCurrencyContext.Provider value={data?.growth.display ?? null}>
              <SiteHeader
                user={data?.user ?? null}
                currency={data?.growth.currency}
                cartCount={data?.cartCount ?? 0}
              />
              <div id="main-content" tabIndex={-1} className="flex-1 scroll-mt-20">
                {children}
              </div>
            </DisplayCurrencyContext.Provider>
          </PlusMemberContext.Provider>
        </PersonalFillContext.Provider>
        <ViewItemEvent />
        <SiteFooter signedIn={Boolean(data?.user)} />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRootData();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const discount = (error.data as Partial<NotFoundData> | null)?.discount;
    return <NotFound signedIn={Boolean(data?.user)} discount={discount} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-black text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">Whoops! Something went wrong on our end.</h1>
      <p className="mt-2 text-ink-soft">Please try again in a moment.</p>
      <a href="/" className="mt-8 inline-block rounded-full bg-brand-400 px-5 py-2.5 font-semibold">
        Back to the home page
      </a>
    </main>
  );
}
