import { Link } from "react-router";
import { isPrivatePath } from "../../domain/seo";
import { Logo } from "./logo";

const COLUMNS: { title: string; links: [string, string][] }[] = [
  {
    title: "Shop",
    links: [
      ["Browse all deals", "/browse"],
      ["Freebies", "/collections/freebies"],
      ["Rising stars", "/collections/rising-stars"],
      ["Payonce Plus", "/plus"],
    ],
  },
  {
    title: "Account",
    links: [
      ["Your products", "/account/products/"],
      ["Profile", "/account/profile/"],
      ["Cart", "/cart"],
    ],
  },
  {
    title: "Company",
    links: [
      ["About", "/about/"],
      ["Sell on Payonce", "/partners/"],
      ["Help center", "/help/"],
      ["Terms & privacy", "/legal/"],
    ],
  },
];

/** The Account column's last link: "Log in" for visitors, the e-mail settings once signed in. */
const accountLinks = (signedIn: boolean): [string, string][] => [
  ...(COLUMNS[1]?.links ?? []),
  signedIn ? ["Email settings", "/account/email/"] : ["Log in", "/accounts/login/"],
];

export function SiteFooter({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <footer className="mt-16 bg-ink text-white/80">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="space-y-3">
          <Logo inverted />
          <p className="text-2xl font-bold text-white">
            Pay once, <span className="text-brand-400">not monthly</span>
          </p>
          <p className="max-w-xs text-sm text-white/60">
            Lifetime deals on the software your business runs on. No subscriptions, no surprises.
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-white">
              {col.title}
            </h2>
            <ul className="space-y-2 text-sm">
              {(col.title === "Account" ? accountLinks(signedIn) : col.links).map(([label, to]) => (
                <li key={to}>
                  <Link
                    to={to}
                    rel={isPrivatePath(to) ? "nofollow" : undefined}
                    className="hover:text-brand-400"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-white/50 sm:px-6">
          © 2026 Payonce. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
