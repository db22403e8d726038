/**
 * The caching table (domain/cache-routes.ts) declares every page route of app/routes.ts, by
 * React Router's route id, with the same path: a new route fails here until its caching is
 * declared, and a declared route that no longer exists fails too.
 */
import { describe, expect, it } from "vitest";
import { matchPageRoute, PAGE_ROUTES } from "../domain/cache-routes";
import routes from "./routes";

type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] };

const flatten = (entries: readonly Entry[]): Entry[] =>
  entries.flatMap((e) => [e, ...flatten(e.children ?? [])]);

/** React Router's id for a route: the id given, else its file without the extension. */
const routeId = (e: Entry) => e.id ?? e.file.replace(/\.[^/.]+$/, "");

describe("the caching table and app/routes.ts", () => {
  const entries = flatten(routes as unknown as Entry[]);

  it("declares every route, by id, with its path", () => {
    const declared = Object.fromEntries(
      Object.entries(PAGE_ROUTES).map(([id, route]) => [id, route.path]),
    );
    const actual = Object.fromEntries(entries.map((e) => [routeId(e), e.index ? null : e.path]));
    expect(declared).toEqual(actual);
  });

  it.each(entries.filter((e) => !e.index && e.path !== "*").map((e) => [routeId(e), e.path]))(
    "%s matches its own path (%s)",
    (id, path) => {
      const sample = `/${(path ?? "").replace(/:[a-z]+/gi, "sample-1")}/`;
      expect(matchPageRoute(sample)?.id).toBe(id);
    },
  );

  it("ranks static segments above dynamic ones", () => {
    expect(matchPageRoute("/products/taskflow/reviews/new/")?.id).toBe(
      "routes/discussions/review-new",
    );
    expect(matchPageRoute("/")?.id).toBe("routes/home");
    expect(matchPageRoute("/browse")?.id).toBe("routes/browse");
    expect(matchPageRoute("/a/b/c/d/")?.id).toBe("routes/not-found");
    expect(PAGE_ROUTES["routes/profile"].cached).toBe(false);
  });
});
