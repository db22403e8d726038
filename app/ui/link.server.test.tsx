import { type ReactElement, useId } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Link as RouterLink } from "react-router";
import { describe, expect, it } from "vitest";
import { Link, ServerLink } from "./link";

// The server's Link writes what React Router's Link writes (hydration compares the two): the same
// markup for every kind of `to` and prop the app uses, rendered at a nested route (where relative
// paths would resolve against the route) with a search and hash in the location.
let page: ReactElement = <></>;
const Stub = createRoutesStub([{ path: "/products/:slug/reviews/", Component: () => page }]);
const render = (element: ReactElement) => {
  page = element;
  return renderToString(<Stub initialEntries={["/products/taskflow/reviews/?page=2#top"]} />);
};

const Ids = () => <span id={useId()} />;

const cases: [string, Record<string, unknown>][] = [
  ["/", {}],
  ["/products/taskflow/", { className: "a b", "aria-label": "TaskFlow" }],
  ["/products/taskflow", { children: "x" }],
  ["/browse/?query=a%20b&sort=new#results", { title: "t" }],
  ["/products/taskflow/reviews/?page=", {}],
  ["/a/../b/./c/", { target: "_blank", rel: "noopener" }],
  ["/a//b?#", {}],
  ["/deals/x/#", { discover: "none" }],
  ["/accounts/login/?next=/cart/", { reloadDocument: true, replace: true, state: { a: 1 } }],
  ["/products/x/", { preventScrollReset: true, viewTransition: true, onClick: () => {} }],
  // Not the fast path: React Router's own Link renders these.
  ["reviews/", {}],
  ["../", { relative: "path" }],
  ["https://example.com/x", {}],
  ["//example.com/x", {}],
  ["/products/x/", { prefetch: "intent" }],
];

describe("Link on the server", () => {
  it("is ServerLink when rendering on the server", () => {
    expect(Link).toBe(ServerLink);
  });

  it.each(cases)("writes what React Router's Link writes for %s", (to, props) => {
    const children = (props.children as string | undefined) ?? "label";
    const ours = render(
      <ServerLink to={to} {...props}>
        {children}
      </ServerLink>,
    );
    const theirs = render(
      <RouterLink to={to} {...props}>
        {children}
      </RouterLink>,
    );
    expect(ours).toContain("<a ");
    expect(ours).toBe(theirs);
  });

  it("keeps useId's tree position for what follows a link", () => {
    const tree = (L: typeof ServerLink) => (
      <div>
        <L to="/x/">
          <Ids />
        </L>
        <L to="/y/">y</L>
        <Ids />
      </div>
    );
    expect(render(tree(ServerLink))).toBe(render(tree(RouterLink)));
  });
});
