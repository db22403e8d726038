import { Link } from "react-router";
import {
  getDiscountOff,
  NO_THANKS_BROWSE,
  NOT_FOUND_HEADING,
  NOT_FOUND_TEXT,
} from "../../domain/messages";
import { DEFAULT_DISCOUNT_LABEL } from "../../domain/storefront";
import { EmailCapture } from "./email-capture";

/**
 * The 404 page of spec 001 section 2. Signed in: a link to the latest deals on the home page.
 * Anonymous: an e-mail capture for 10% off a first purchase, and a way out to /browse.
 */
export function NotFound({
  signedIn,
  discount = DEFAULT_DISCOUNT_LABEL,
}: {
  signedIn: boolean;
  /** The first-order discount on offer ("10%", a live campaign's "15%"). */
  discount?: string | undefined;
}) {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-8xl font-black tracking-tight text-brand-700 sm:text-9xl">
        {NOT_FOUND_HEADING}
      </h1>
      <p className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{NOT_FOUND_TEXT}</p>
      {signedIn ? (
        <div className="mt-8">
          <p className="text-ink-soft">The deals are still here, though.</p>
          <Link
            to="/"
            className="mt-5 inline-block rounded-full bg-brand-400 px-6 py-3 font-bold text-ink hover:bg-brand-500"
          >
            See the latest deals
          </Link>
        </div>
      ) : (
        <div className="mt-8 w-full max-w-md rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-200 sm:p-8">
          <p className="text-lg font-bold text-ink">Take {discount} off your first purchase</p>
          <p className="mt-1 text-sm text-ink-soft">
            Sign up for the hottest software deals and we'll send you the coupon.
          </p>
          <div className="mt-5">
            <EmailCapture
              button={getDiscountOff(discount)}
              discount={discount}
              component="not_found"
              content="404"
            />
          </div>
          <Link
            to="/browse"
            className="mt-5 inline-block text-sm font-semibold text-ink-soft underline underline-offset-4 hover:text-ink"
          >
            {NO_THANKS_BROWSE}
          </Link>
        </div>
      )}
    </main>
  );
}
