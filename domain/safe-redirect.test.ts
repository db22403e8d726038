import { describe, expect, it } from "vitest";
import { safeRedirectTarget, shareableLinkPath } from "./safe-redirect";

const FALLBACK = "/fallback";

// Every way we know of to make a "path" leave the site, alone and combined with prefixes.
const ATTACKS = [
  "//evil.com",
  "///evil.com",
  "////evil.com",
  "/.//evil.com",
  "/./evil.com/..//evil.com",
  "/..//evil.com",
  "/../evil.com",
  "/./",
  "/a/../../evil.com",
  "/%2e/%2fevil.com",
  "/%2E%2E//evil.com",
  "/%2f%2fevil.com",
  "/%2F/evil.com",
  "/%252f%252fevil.com",
  "/%5cevil.com",
  "/%5C%5Cevil.com",
  "/\\evil.com",
  "/\\/evil.com",
  "\\\\evil.com",
  "\\/evil.com",
  "/\t/evil.com",
  "/\n/evil.com",
  "/\r/evil.com",
  "/ /evil.com",
  "/\u0000/evil.com",
  "/\u000b/evil.com",
  "/\u007f/evil.com",
  "/\u0085/evil.com",
  "/\u00a0/evil.com",
  "/\u2028/evil.com",
  "/\u3000/evil.com",
  "/\ufeff/evil.com",
  " /evil.com",
  "https://evil.com",
  "http://evil.com/",
  "HTTPS://evil.com",
  "https:evil.com",
  "http:/evil.com",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "vbscript:msgbox",
  "evil.com",
  "evil.com/path",
  "@evil.com",
  "?next=//evil.com",
  "#//evil.com",
  "",
  `/${"a".repeat(2001)}`,
];
const PREFIXES = ["", "/", "/accounts/login/", "/./", "/x/.."];

describe("safeRedirectTarget", () => {
  it.each(ATTACKS)("refuses %j", (attack) => {
    expect(safeRedirectTarget(attack, FALLBACK)).toBe(FALLBACK);
  });

  it("never answers a target that leaves the site, whatever the prefix", () => {
    for (const prefix of PREFIXES) {
      for (const attack of ATTACKS) {
        const target = safeRedirectTarget(prefix + attack, FALLBACK);
        const resolved = new URL(target, "https://payonce.example");
        expect(resolved.origin, JSON.stringify(prefix + attack)).toBe("https://payonce.example");
        expect(target.startsWith("/") && !target.startsWith("//"), target).toBe(true);
        expect(target).not.toMatch(/\\|%2f|%5c|%2e|\s|\p{Cc}/iu);
      }
    }
  });

  it.each([null, undefined, 42, {}, ["/x"]])("refuses the non-string %j", (value) => {
    expect(safeRedirectTarget(value, FALLBACK)).toBe(FALLBACK);
  });

  it.each([
    ["/", "/"],
    ["/cart", "/cart"],
    ["/products/taskflow/?ref=share#reviews", "/products/taskflow/?ref=share#reviews"],
    ["/browse?query=a%2Fb", "/browse?query=a%2Fb"],
    ["/accounts/login/?next=%2F%2Fevil.com", "/accounts/login/?next=%2F%2Fevil.com"],
    ["/a//b", "/a//b"],
    ["/caf\u00e9", "/caf%C3%A9"],
  ])("keeps the same-site path %j as %j", (input, expected) => {
    expect(safeRedirectTarget(input, FALLBACK)).toBe(expected);
  });
});

describe("shareableLinkPath", () => {
  const origin = "https://payonce.example";
  it.each([
    ["/products/taskflow/", "/products/taskflow/"],
    ["/products/taskflow", "/products/taskflow"],
    ["/products/taskflow/?ref=share", "/products/taskflow/?ref=share"],
    [`${origin}/products/taskflow/?ref=q#q42`, "/products/taskflow/?ref=q#q42"],
    ["/products/taskflow/reviews/", "/products/taskflow/reviews/"],
    ["/products/taskflow/reviews/great-tool-12/", "/products/taskflow/reviews/great-tool-12/"],
    ["/products/taskflow/questions/how-to-7", "/products/taskflow/questions/how-to-7"],
  ])("keeps the page %j", (input, expected) => {
    expect(shareableLinkPath(input, origin)).toBe(expected);
  });

  it.each([
    ...ATTACKS,
    "/.//evil.com/login",
    "/accounts/login/",
    "/account/profile/",
    "/products/",
    "/products/taskflow/reviews/a/b/",
    "/products/../accounts/login/",
    `${origin}.evil.com/products/taskflow/`,
    `${origin}//evil.com/products/x/`,
    "https://evil.com/products/taskflow/",
  ])("refuses %j", (input) => {
    expect(shareableLinkPath(input, origin)).toBeNull();
  });
});
