import { Form, Link, NavLink, useLocation } from "react-router";
import { SEARCH_PLACEHOLDER } from "../../domain/messages";
import { authHref } from "../../domain/seo";
import { CurrencySelector } from "../marketing/currency-selector";
import type { HeaderUser } from "../root-data";
import { Logo } from "./logo";
import { LogoutForm } from "./logout-form";
import { usePersonalFill } from "./personal-fill";
import { usePhoneTopLayer } from "./use-phone-top-layer";

export type { HeaderUser };

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 20 20"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="9" cy="9" r="6" />
      <path d="m14 14 4 4" strokeLinecap="round" />
    </svg>
  );
}

function CartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path
        d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="20" r="1.3" />
      <circle cx="17" cy="20" r="1.3" />
    </svg>
  );
}

function SearchForm({ className }: { className?: string }) {
  return (
    <Form
      method="get"
      action="/browse"
      role="search"
      aria-label="Search deals"
      className={className}
    >
      <label className="relative block">
        <span className="sr-only">Search deals</span>
        <span className="search-icon">
          <SearchIcon />
        </span>
        <input
          type="search"
          name="query"
          placeholder={SEARCH_PLACEHOLDER}
          className="search-input"
        />
      </label>
    </Form>
  );
}

/**
 * The header's reader: from the root loader, or, on a page kept for an audience, from the fill
 * (app/ui/personal-fill.tsx); null while that is pending.
 */
function useHeaderReader(user: NonNullable<HeaderUser>) {
  const fill = usePersonalFill();
  if (!user.pending) return user;
  if (fill.state !== "filled" || !fill.viewer) return null;
  const v = fill.viewer;
  return {
    name: v.name,
    email: v.email,
    isStaff: v.is_staff,
    hasPlus: v.has_plus,
    emailVerified: v.email_verified,
  };
}

function AccountMenu({ user: shown }: { user: NonNullable<HeaderUser> }) {
  // Pending: the same boxes, empty (no layout shift when the name arrives).
  const user = useHeaderReader(shown) ?? { ...shown, emailVerified: true };
  return (
    <details className="group relative">
      <summary
        aria-label={user.name ? undefined : "Your account"}
        className="flex cursor-pointer list-none items-center gap-2 rounded-full px-2 py-1.5 text-sm font-medium hover:bg-stone-100 [&::-webkit-details-marker]:hidden"
      >
        <span
          className="relative grid h-7 w-7 place-items-center rounded-full bg-ink text-xs font-bold text-white"
          aria-hidden={user.name ? undefined : true}
        >
          {/* A no-break space while pending: the same line box as the letter that replaces it. */}
          {user.name.slice(0, 1).toUpperCase() || "\u00a0"}
          {user.emailVerified === false ? (
            <span
              className="absolute -right-0.5 -top-0.5 h-2.5 w-2.5 rounded-full bg-brand-500 ring-2 ring-white"
              title="Email not verified"
            />
          ) : null}
        </span>
        {/* A fixed width: the name filled after load moves nothing beside it. */}
        <span className="hidden w-32 truncate sm:inline-block" data-testid="header-name">
          {user.name || "\u00a0"}
        </span>
      </summary>
      <div className="absolute right-0 z-30 mt-2 w-52 rounded-xl border border-black/5 bg-white p-1.5 text-sm shadow-card-hover">
        <p className="truncate px-3 py-2 text-xs text-ink-soft">{user.email}</p>
        {user.emailVerified === false ? (
          <Link
            to="/account/email/"
            className="block rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-700 hover:bg-brand-100"
          >
            Verify your email
          </Link>
        ) : null}
        <Link to="/account/profile/" className="block rounded-lg px-3 py-2 hover:bg-stone-100">
          Account
        </Link>
        <Link to="/account/email/" className="block rounded-lg px-3 py-2 hover:bg-stone-100">
          Email settings
        </Link>
        {user.isStaff ? (
          <Link to="/staff/outbox/" className="block rounded-lg px-3 py-2 hover:bg-stone-100">
            Staff outbox
          </Link>
        ) : null}
        <Link to="/account/products/" className="block rounded-lg px-3 py-2 hover:bg-stone-100">
          Your products
        </Link>
        <Link to="/account/billing/" className="block rounded-lg px-3 py-2 hover:bg-stone-100">
          Billing & payments
        </Link>
        <LogoutForm className="block w-full rounded-lg px-3 py-2 text-left hover:bg-stone-100" />
      </div>
    </details>
  );
}

export function SiteHeader({
  user,
  currency = "USD",
  cartCount = 0,
}: {
  user: HeaderUser;
  /** The session's display currency (app/marketing). */
  currency?: string;
  /** Lines in the visitor's cart (app/cart). */
  cartCount?: number;
}) {
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  const fill = usePersonalFill();
  // On a page kept for an audience the count is the reader's, filled after load.
  if (user?.pending && fill.state === "filled" && fill.viewer) cartCount = fill.viewer.cart_count;
  usePhoneTopLayer();
  return (
    // Phones: slides away scrolling down (the section tabs take its place), back scrolling up.
    <header className="sticky top-0 z-20 border-b border-black/5 bg-white/90 backdrop-blur transition-transform duration-200 max-md:in-data-[phone-top=sections]:-translate-y-full">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:gap-6 sm:px-6">
        <Logo />
        <nav className="hidden md:block">
          <NavLink
            to="/browse"
            className={({ isActive }) =>
              `text-sm font-semibold ${isActive ? "text-ink" : "text-ink-soft hover:text-ink"}`
            }
          >
            Browse
          </NavLink>
        </nav>
        <SearchForm className="hidden flex-1 sm:block sm:max-w-md" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <CurrencySelector currency={currency} className="hidden sm:block" />
          <Link
            to="/browse"
            className="rounded-full px-3 py-2 text-sm font-semibold text-ink-soft hover:text-ink md:hidden"
          >
            Browse
          </Link>
          <Link
            to="/cart"
            rel="nofollow"
            className="relative rounded-full p-2 text-ink hover:bg-stone-100"
            aria-label={
              cartCount ? `Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}` : "Cart"
            }
          >
            <CartIcon />
            {/* Cart count (the cart's own lines; add-ons ride with their plan). */}
            {cartCount > 0 ? (
              <span
                className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-brand-400 px-1 text-[11px] font-black text-ink ring-2 ring-white"
                data-testid="cart-count"
              >
                {cartCount > 99 ? "99+" : cartCount}
              </span>
            ) : null}
          </Link>
          {user ? (
            <AccountMenu user={user} />
          ) : (
            <Link
              to={authHref("login", next)}
              rel="nofollow"
              className="rounded-full bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-black"
            >
              Log in
            </Link>
          )}
        </div>
      </div>
      <div className="flex items-center gap-2 px-4 pb-3 sm:hidden">
        <SearchForm className="min-w-0 flex-1" />
        <CurrencySelector currency={currency} />
      </div>
    </header>
  );
}
