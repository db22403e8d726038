import { describe, expect, it } from "vitest";
import { isValidEmail } from "./email";
import { emailField } from "./schemas/common";
import { emailCaptureSchema } from "./schemas/marketing";

const GOOD = [
  "buyer@payonce.test",
  "first.last@example.com",
  "o'brien+tag@mail.example.co.uk",
  "  padded@example.com  ",
  "UPPER@EXAMPLE.ORG",
  "a_b-c@sub-domain.example.io",
];
const BAD = [
  "",
  "   ",
  "plainaddress",
  "@example.com",
  "user@",
  "user@example",
  "user@example.c",
  ".dot@example.com",
  "dot.@example.com",
  "two..dots@example.com",
  "user@-example.com",
  "user name@example.com",
  "user@exa mple.com",
  "user@@example.com",
];

describe("isValidEmail", () => {
  it.each(GOOD)("accepts %j", (address) => expect(isValidEmail(address)).toBe(true));
  it.each(BAD)("rejects %j", (address) => expect(isValidEmail(address)).toBe(false));

  it("agrees with the zod schemas on every address of the table", () => {
    const field = emailField("invalid");
    const capture = emailCaptureSchema("10%").shape.email;
    for (const address of [...GOOD, ...BAD]) {
      expect(field.safeParse(address).success, address).toBe(isValidEmail(address));
      expect(capture.safeParse(address).success, address).toBe(isValidEmail(address));
    }
  });
});
