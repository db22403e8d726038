import { describe, expect, it } from "vitest";
import {
  authHref,
  dealOgImage,
  isPrivatePath,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  returnPathFor,
} from "./seo";

describe("log-in links (the crawl trap of issue 18)", () => {
  it("send the visitor back to the page they are on", () => {
    expect(authHref("login", "/products/taskflow/?video=x")).toBe(
      "/accounts/login/?next=%2Fproducts%2Ftaskflow%2F%3Fvideo%3Dx",
    );
    expect(authHref("login", "/")).toBe("/accounts/login/");
  });

  it("from an auth page keep that page's own next instead of wrapping it", () => {
    const login = authHref("login", "/products/taskflow/");
    expect(authHref("signup", login)).toBe("/accounts/signup/?next=%2Fproducts%2Ftaskflow%2F");
    expect(authHref("login", authHref("signup", login))).toBe(login);
    expect(authHref("login", "/accounts/login/")).toBe("/accounts/login/");
    expect(returnPathFor("/accounts/password/reset/?next=%2Fcart")).toBe("/cart");
  });

  it("never carry an off-site or auth-page next along", () => {
    expect(returnPathFor("/accounts/login/?next=https%3A%2F%2Fevil.test%2F")).toBe("/");
    expect(returnPathFor("/accounts/login/?next=%2F%2Fevil.test")).toBe("/");
    expect(returnPathFor("/accounts/login/?next=%2Faccounts%2Fsignup%2F")).toBe("/");
  });
});

describe("private paths", () => {
  it("are the personal pages, not the public ones", () => {
    for (const p of ["/accounts/login/", "/account/products/", "/cart", "/cart/", "/orders/3/"]) {
      expect(isPrivatePath(p), p).toBe(true);
    }
    for (const p of ["/", "/products/taskflow/", "/collections/freebies", "/cartoons/"]) {
      expect(isPrivatePath(p), p).toBe(false);
    }
  });
});

describe("deal preview images", () => {
  it("are 1200x630 and change URL when the art or the name changes", () => {
    expect([OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT]).toEqual([1200, 630]);
    const deal = { slug: "taskflow", name: "TaskFlow", media_url: "/media/demo/taskflow.svg" };
    const a = dealOgImage("https://payonce.test", deal);
    expect(a.url).toMatch(/^https:\/\/payonce\.test\/media\/og\/taskflow\.jpg\?v=[0-9a-f]{8}$/);
    expect(a.alt).toBe("TaskFlow on Payonce");
    expect(dealOgImage("https://payonce.test", deal).url).toBe(a.url);
    expect(
      dealOgImage("https://payonce.test", { ...deal, media_url: "/media/x.png" }).url,
    ).not.toBe(a.url);
  });
});
