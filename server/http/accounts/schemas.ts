import { z } from "zod";

/** The answers of the account routes (users, sessions), as clients rely on them. */

/** spec 001 section 3, User (server/web/presenters.ts userJson); anonymous: nulls and false. */
export const userResponse = z
  .looseObject({
    id: z.number().nullable(),
    email: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    username: z.string().nullable(),
    avatar: z.string().nullable(),
    is_authenticated: z.boolean(),
    email_verified: z.boolean(),
    is_staff: z.boolean(),
    has_plus: z.boolean(),
    comment_blacklist: z.boolean(),
    number_of_purchases: z.number(),
    require_password_reset: z.string().nullable(),
  })
  .describe("The user (anonymous: is_authenticated false)");

export const userAnswer = z.looseObject({ user: userResponse });

export const emailListResponse = z
  .array(
    z.looseObject({
      id: z.number(),
      email: z.string(),
      verified: z.boolean(),
      primary: z.boolean(),
    }),
  )
  .describe("The account's e-mail addresses, primary first");

export const profileResponse = z.looseObject({
  user: userResponse,
  emailaddress_list: emailListResponse,
  account_setup: z.looseObject({
    needs_password: z.boolean(),
    needs_email_verification: z.boolean(),
    message: z.string().nullable(),
  }),
});

export const sessionResponse = z.looseObject({
  session_key: z.string().nullable(),
  currency: z.string(),
  exchange_rate: z.number(),
  country: z.string(),
  country_currency: z.string(),
  country_currency_symbol: z.string(),
  country_by_ip: z.string().nullable(),
  campaigns: z.array(z.string()),
  user: userResponse,
});

/** A Google sign-in page that explains a failure (HTML, for the browser that followed it). */
export const htmlPage = z.string().describe("An HTML page explaining the failure");
