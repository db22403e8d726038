import { describe, expect, it } from "vitest";
import { audienceKey, isSignedInAudience, type Reader } from "./audience";

const anonymous: Reader = {
  sessionId: null,
  currency: "USD",
  campaigns: [],
  user: null,
  cartCount: 0,
};
const member = (over: Partial<NonNullable<Reader["user"]>> = {}): Reader => ({
  ...anonymous,
  sessionId: "s1",
  user: { isStaff: false, isStaffModerator: false, hasPlus: false, hasDealRole: false, ...over },
});

describe("audienceKey", () => {
  it("gives signed-in readers one key per Plus membership, never their own", () => {
    const a = audienceKey(member());
    expect(a).not.toBeNull();
    expect(audienceKey({ ...member(), sessionId: "s2" })).toBe(a);
    expect(audienceKey(member({ hasPlus: true }))).not.toBe(a);
    expect(a).not.toBe(audienceKey(anonymous));
    expect(isSignedInAudience(a as string)).toBe(true);
    expect(isSignedInAudience(audienceKey(anonymous) as string)).toBe(false);
  });

  it("keys currency and campaign opt-ins for members as for visitors", () => {
    const eur = audienceKey({ ...member(), currency: "EUR" });
    expect(eur).not.toBe(audienceKey(member()));
    const optIn = audienceKey({ ...member(), campaigns: ["black-friday"] });
    expect(optIn).not.toBe(audienceKey(member()));
  });

  it("keeps staff, moderators, partners and an anonymous cart per person", () => {
    expect(audienceKey(member({ isStaff: true }))).toBeNull();
    expect(audienceKey(member({ isStaffModerator: true }))).toBeNull();
    expect(audienceKey(member({ hasDealRole: true }))).toBeNull();
    expect(audienceKey({ ...anonymous, sessionId: "s3", cartCount: 1 })).toBeNull();
    // A member's cart count is filled: their page is still the audience's.
    expect(audienceKey({ ...member(), cartCount: 2 })).toBe(audienceKey(member()));
  });
});
