import { describe, expect, it } from "vitest";
import {
  EmailSettingsSchema,
  LoginSchema,
  PasswordResetConfirmSchema,
  PasswordResetSchema,
  SessionSignupSchema,
  SetPasswordSchema,
  SignupSchema,
} from "./auth";
import { fieldErrors } from "./common";

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

describe("LoginSchema", () => {
  it("needs an email and a password", () => {
    expect(LoginSchema.parse({ email: " a@b.co ", password: "x" })).toEqual({
      email: "a@b.co",
      password: "x",
    });
    expect(errorsOf(LoginSchema.safeParse({}))).toEqual({
      email: ["This field is required."],
      password: ["This field is required."],
    });
    expect(errorsOf(LoginSchema.safeParse({ email: "  ", password: "" }))).toEqual({
      email: ["This field is required."],
      password: ["This field is required."],
    });
  });
  it("keeps next", () => {
    expect(LoginSchema.parse({ email: "a@b.co", password: "x", next: "/cart" }).next).toBe("/cart");
  });
});

describe("SignupSchema", () => {
  const valid = {
    email: "new@example.com",
    password: "longenough",
    password_confirm: "longenough",
  };

  it("accepts a valid sign-up", () => {
    expect(SignupSchema.parse(valid)).toEqual(valid);
  });
  it("uses the spec's messages", () => {
    expect(errorsOf(SignupSchema.safeParse({ ...valid, email: "nope" }))).toEqual({
      email: ["A valid email is required"],
    });
    expect(errorsOf(SignupSchema.safeParse({ ...valid, email: undefined }))).toEqual({
      email: ["A valid email is required"],
    });
    expect(
      errorsOf(SignupSchema.safeParse({ ...valid, password: "short", password_confirm: "short" })),
    ).toEqual({
      password: ["Your password must be at least 8 characters"],
    });
    expect(errorsOf(SignupSchema.safeParse({ ...valid, password_confirm: "different" }))).toEqual({
      password_confirm: ["Your passwords must match"],
    });
    const long = "x".repeat(101);
    expect(
      errorsOf(SignupSchema.safeParse({ ...valid, password: long, password_confirm: long })),
    ).toEqual({
      password: ["Ensure this field has no more than 100 characters."],
    });
    expect(
      SignupSchema.safeParse({
        ...valid,
        password: "x".repeat(100),
        password_confirm: "x".repeat(100),
      }).success,
    ).toBe(true);
  });
  it("reports every field at once", () => {
    expect(
      errorsOf(SignupSchema.safeParse({ email: "bad", password: "", password_confirm: "x" })),
    ).toEqual({
      email: ["A valid email is required"],
      password: ["This field is required."],
      password_confirm: ["Your passwords must match"],
    });
  });
});

describe("password schemas", () => {
  it("set password and reset confirm need matching passwords", () => {
    expect(
      SetPasswordSchema.safeParse({ password: "longenough", password_confirm: "longenough" })
        .success,
    ).toBe(true);
    expect(
      errorsOf(SetPasswordSchema.safeParse({ password: "longenough", password_confirm: "other" })),
    ).toEqual({
      password_confirm: ["Your passwords must match"],
    });
    expect(
      errorsOf(
        PasswordResetConfirmSchema.safeParse({
          token: "",
          password: "longenough",
          password_confirm: "longenough",
        }),
      ),
    ).toEqual({ token: ["This field is required."] });
  });
  it("reset needs an email", () => {
    expect(PasswordResetSchema.parse({ email: "a@b.co" })).toEqual({ email: "a@b.co" });
    expect(errorsOf(PasswordResetSchema.safeParse({}))).toEqual({
      email: ["A valid email is required"],
    });
  });
});

describe("SessionSignupSchema", () => {
  it("auto logs in by default", () => {
    expect(SessionSignupSchema.parse({ email: "a@b.co" }).auto_login_user).toBe(true);
    expect(
      SessionSignupSchema.parse({ email: "a@b.co", auto_login_user: "false" }).auto_login_user,
    ).toBe(false);
  });
});

describe("EmailSettingsSchema", () => {
  it("needs email and password to add", () => {
    expect(errorsOf(EmailSettingsSchema.safeParse({ action: "add" }))).toEqual({
      email: ["Email is required, please fix and try again."],
      password: ["Password is required, please fix and try again."],
    });
    expect(
      EmailSettingsSchema.safeParse({ action: "add", email: "a@b.co", password: "pw" }).success,
    ).toBe(true);
  });
  it("needs only an email for the other actions", () => {
    expect(EmailSettingsSchema.safeParse({ action: "primary", email: "a@b.co" }).success).toBe(
      true,
    );
    expect(errorsOf(EmailSettingsSchema.safeParse({ action: "explode", email: "a@b.co" }))).toEqual(
      {
        action: ["Select a valid choice."],
      },
    );
  });
});
