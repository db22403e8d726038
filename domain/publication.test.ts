import { describe, expect, it } from "vitest";
import { isDealPublic, mayReadDeal, publicationScope } from "./publication";

const live = { isDraft: false, dealStatus: "Public" };
const draft = { isDraft: true, dealStatus: "Public" };
const privateDeal = { isDraft: false, dealStatus: "Private" };
const shopper = { isStaff: false, isStaffModerator: false };
const staff = { isStaff: true, isStaffModerator: false };
const staffModerator = { isStaff: false, isStaffModerator: true };

describe("the publication rule", () => {
  it("a deal is public when neither a draft nor private; ended deals stay public", () => {
    expect(isDealPublic(live)).toBe(true);
    expect(isDealPublic({ isDraft: false, dealStatus: "Ended" })).toBe(true);
    expect(isDealPublic(draft)).toBe(false);
    expect(isDealPublic(privateDeal)).toBe(false);
  });

  it("anonymous readers and shoppers see public deals only", () => {
    for (const deal of [draft, privateDeal]) {
      expect(mayReadDeal(deal, null, false)).toBe(false);
      expect(mayReadDeal(deal, shopper, false)).toBe(false);
    }
    expect(mayReadDeal(live, null, false)).toBe(true);
    expect(mayReadDeal(live, shopper, false)).toBe(true);
  });

  it("staff, staff moderators and the deal's partners see it unpublished", () => {
    for (const deal of [draft, privateDeal]) {
      expect(mayReadDeal(deal, staff, false)).toBe(true);
      expect(mayReadDeal(deal, staffModerator, false)).toBe(true);
      expect(mayReadDeal(deal, shopper, true)).toBe(true);
    }
  });

  it("an anonymous reader is never a partner", () => {
    expect(mayReadDeal(draft, null, true)).toBe(false);
    expect(publicationScope(null)).toBe("public");
    expect(publicationScope(shopper)).toBe("public_or_partner");
    expect(publicationScope(staff)).toBe("all");
  });
});
