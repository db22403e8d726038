import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors, formBoolean, formInt, optionalText, requiredText } from "./common";

describe("fieldErrors", () => {
  it("maps issues to field -> messages, form-level under non_field_errors", () => {
    const schema = z
      .object({ a: z.string({ error: "A!" }), b: z.object({ c: z.number({ error: "C!" }) }) })
      .refine(() => false, { message: "Form!" });
    const result = schema.safeParse({ b: {} });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({ a: ["A!"], "b.c": ["C!"] });
    const formLevel = z
      .object({})
      .refine(() => false, { message: "Form!" })
      .safeParse({});
    if (formLevel.success) throw new Error("expected failure");
    expect(fieldErrors(formLevel.error)).toEqual({ non_field_errors: ["Form!"] });
  });

  it("does not repeat a message", () => {
    const schema = z
      .string()
      .refine(() => false, "Same")
      .refine(() => false, "Same");
    const result = schema.safeParse("x");
    if (result.success) throw new Error("expected failure");
    expect(fieldErrors(result.error)).toEqual({ non_field_errors: ["Same"] });
  });
});

describe("field helpers", () => {
  it("trims required text and reports one message when empty", () => {
    const text = requiredText(5);
    expect(text.parse("  abc  ")).toBe("abc");
    expect(text.safeParse("   ").error?.issues.map((i) => i.message)).toEqual([
      "This field is required.",
    ]);
    expect(text.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([
      "This field is required.",
    ]);
    expect(text.safeParse("abcdef").error?.issues.map((i) => i.message)).toEqual([
      "Ensure this field has no more than 5 characters.",
    ]);
  });
  it("makes missing optional text empty", () => {
    expect(optionalText(5).parse(undefined)).toBe("");
    expect(optionalText(5).parse(null)).toBe("");
    expect(optionalText(5, "Too long").safeParse("abcdef").error?.issues[0]?.message).toBe(
      "Too long",
    );
  });
  it("coerces form booleans and integers", () => {
    const bool = formBoolean();
    expect(bool.parse("true")).toBe(true);
    expect(bool.parse("on")).toBe(true);
    expect(bool.parse("false")).toBe(false);
    expect(bool.parse("0")).toBe(false);
    expect(bool.parse(true)).toBe(true);
    expect(bool.safeParse("maybe").success).toBe(false);
    const int = formInt("Bad", { min: 1, max: 5 });
    expect(int.parse("3")).toBe(3);
    expect(int.parse(4)).toBe(4);
    expect(int.safeParse("6").error?.issues[0]?.message).toBe("Bad");
    expect(int.safeParse("2.5").success).toBe(false);
    expect(int.safeParse("x").success).toBe(false);
    expect(int.safeParse("").success).toBe(false);
  });
});
