import { Link } from "react-router";
import { NOT_FOUND_HEADING, NOT_FOUND_TEXT, NO_THANKS_BROWSE } from "../../domain/messages";

/** The 404 page of spec 001 section 2 (the anonymous e-mail capture is the storefront issue's). */
export function NotFound({ signedIn }: { signedIn: boolean }) {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center">
      <p className="text-8xl font-black tracking-tight text-brand-500">{NOT_FOUND_HEADING}</p>
      <h1 className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{NOT_FOUND_TEXT}</h1>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link
          to="/"
          className="rounded-full bg-brand-400 px-5 py-2.5 font-semibold text-ink hover:bg-brand-500"
        >
          {signedIn ? "See the latest deals" : "Go to the home page"}
        </Link>
        <Link
          to="/browse"
          className="rounded-full border border-black/10 px-5 py-2.5 font-semibold hover:bg-stone-100"
        >
          {NO_THANKS_BROWSE}
        </Link>
      </div>
    </main>
  );
}
