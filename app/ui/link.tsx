// React Router's <Link>, with a server render that skips its hooks (issue 14, server render CPU).
//
// On the server a Link only ever becomes its <a>: the click handler, prefetch state and refs are
// client business. React Router's Link still runs ~10 hooks per link to get there (route-relative
// resolution through useResolvedPath, usePrefetchBehavior, useLinkClickHandler), about 60 µs
// each; the product page has ~70 links. For the common case, an app-absolute path ("/deals/x/")
// with no prefetch, mask or relative routing, the server writes the same <a> directly: the same
// props in the same order, the href React Router's resolution gives (absolute paths do not depend
// on the route) and `data-discover`. Anything else renders React Router's own Link. The browser
// bundle is React Router's Link itself, so hydration and client navigation are unchanged
// (app/ui/link.server.test.tsx compares the markup of both).
import { forwardRef } from "react";
import {
  createPath,
  type LinkProps,
  parsePath,
  Link as RouterLink,
  resolvePath,
} from "react-router";

/** What <Link to> becomes for an app-absolute path: React Router's resolveTo without a route. */
export function absoluteHref(to: string): string {
  const toPathname = parsePath(to).pathname ?? "";
  const path = resolvePath(to);
  if (toPathname !== "/" && toPathname.endsWith("/") && !path.pathname.endsWith("/")) {
    path.pathname += "/";
  }
  return createPath(path);
}

/** "/x", not "//host" or a "scheme:" URL (React Router's ABSOLUTE_URL_REGEX), nor "\x". */
const appAbsolute = (to: LinkProps["to"]): to is string =>
  typeof to === "string" && to.startsWith("/") && !/^[\\/]{2}/.test(to);

export const ServerLink = forwardRef<HTMLAnchorElement, LinkProps>(function ServerLink(props, ref) {
  const {
    onClick,
    discover = "render",
    prefetch = "none",
    relative,
    reloadDocument,
    replace,
    mask,
    state,
    target,
    to,
    preventScrollReset,
    viewTransition,
    defaultShouldRevalidate,
    ...rest
  } = props;
  if (!appAbsolute(to) || prefetch !== "none" || relative !== undefined || mask !== undefined) {
    return <RouterLink ref={ref} {...props} />;
  }
  // React Router's order: the rest, href, target, data-discover (event handlers and refs are not
  // written by the server).
  return (
    <a
      {...rest}
      href={absoluteHref(to)}
      target={target}
      data-discover={discover === "render" ? "true" : undefined}
    />
  );
});

/** React Router's Link; on the server, ServerLink. */
export const Link: typeof RouterLink = import.meta.env.SSR ? ServerLink : RouterLink;
