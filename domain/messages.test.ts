import { describe, expect, it } from "vitest";
import * as messages from "./messages";

// Pins every message character for character. A failure means user-visible text changed: check
// the spec's quote first, then update both.
describe("messages", () => {
  it("keep the spec's exact strings", () => {
    const strings = Object.fromEntries(
      Object.entries(messages).filter(([, value]) => typeof value === "string"),
    );
    expect(strings).toEqual({
      ACCOUNT_SETUP_EMAIL: "Before you can redeem your products, we'll need to confirm your email.",
      ACCOUNT_SETUP_EMAIL_AND_PASSWORD:
        "Before you can redeem your products, we'll need to confirm your email and set an account password.",
      ACCOUNT_SETUP_PASSWORD: "Complete your account setup by adding a password.",
      ADDONS_ADD_FAILED: "Failed to add add-ons to cart.",
      ADDRESS_LINE_1_TOO_LONG: "Address line 1 can't be longer than 255 characters.",
      ADDRESS_LINE_2_TOO_LONG: "Address line 2 can't be longer than 255 characters.",
      ALREADY_PRIMARY_EMAIL: "This is already your primary email.",
      APPROVE: "Approve",
      APPROVE_AND_ANSWER: "Approve & answer",
      APPROVE_EDITS: "Approve edits",
      AT_A_GLANCE: "At-a-glance",
      A_BIT: "a bit!",
      BANNER_BLACK_FRIDAY: "72 hour sale only",
      BANNER_COMING_SOON: "Coming soon",
      BANNER_LAST_CALL: "96 hour sale only",
      BANNER_NEW: "New!",
      BANNER_SOLD_OUT: "Sold out",
      BE_THE_FIRST: "be the first!",
      FOUNDER_RECORD_ANSWERED: "Questions answered",
      FOUNDER_RECORD_ANSWER_TIME: "Median first answer",
      FOUNDER_RECORD_DEALS: "Deals",
      FOUNDER_RECORD_NO_DATA: "Not enough data yet",
      FOUNDER_RECORD_REFUNDS: "Refund rate",
      FOUNDER_RECORD_TITLE: "Founder's record",
      FOUNDER_RECORD_UPDATES: "Rating before and after each update",
      BUSINESS_NAME_REQUIRED: "Please add your business name",
      BUSINESS_NAME_TOO_LONG: "Business name can't be longer than 255 characters.",
      BUY_COMING_SOON: "Coming soon",
      BUY_NOW: "Buy now",
      BUY_SOLD_OUT: "Sold out",
      CANNOT_DELETE_MISSING_ID: "Cannot delete data at this time, missing ID.",
      CITY_TOO_LONG: "City can't be longer than 255 characters.",
      COMMENT_SUBMITTED_THANKS:
        "Thank you for submitting! To keep our community as helpful as possible, we moderate all comments and reviews.",
      CONTINUE_WITH_PLUS: "Continue with Plus membership",
      COPIED: "Copied!",
      COPY_FAILED: "Failed to copy",
      COUNTRY_REQUIRED: "Please select a country.",
      DEAL_ENDS_IN: "Deal ends in",
      DECLINED: "Declined",
      DELETE_FAILED: "Something went wrong, please try again.",
      DRAFT_SUFFIX: " (Draft)",
      EDIT_TO_RESUBMIT: "Edit it and it goes back to moderation, or delete it.",
      EDIT_YOUR_REVIEW: "Edit your review",
      EITHER_COMMENT_OR_VIDEO: "Either comment or video is required",
      EMAIL_ADDED: "Email has been added.",
      EMAIL_ALREADY_VERIFIED: "Email already verified, no need to resend verification email",
      EMAIL_CAPTURE_SUCCESS: "Success! Check your inbox for the coupon code and start saving now!",
      EMAIL_COUPON_ALREADY_USED:
        "The email address you entered used this coupon in a previous transaction. Limit one per email.",
      EMAIL_FORMAT_INVALID: "Please enter a valid email address.",
      EMAIL_NOT_VERIFIED: "This email is not verified. Please verify it first.",
      GOOGLE_SIGN_IN_REFUSED:
        "This email is not the verified main email of a Payonce account. Log in with your email and password instead.",
      EMAIL_REMOVED: "Email has been removed.",
      EMAIL_REQUIRED: "Email is required, please fix and try again.",
      EMAIL_SUBMIT_FAILED: "Unable to submit your email, please try again.",
      EMAIL_UPDATE_DEFAULT_ERROR: "Please fix the errors and try again.",
      EMAIL_VALIDATE_FAILED: "Unable to validate email, please try again.",
      ENDS_IN: "Ends in",
      BADGE_FOUNDER: "Founder",
      BADGE_PLUS: "PLUS",
      BADGE_VERIFIED_PURCHASER: "Verified purchaser",
      LICENCE_CODE_HELD: "This licence code is on hold while its payment is disputed.",
      LICENCE_CODE_REVOKED:
        "This licence code was revoked: its purchase was refunded or charged back.",
      LICENCE_CODE_UNKNOWN: "No licence code of your deals matches this code.",
      MODERATION_REASON_LABEL: "Reason from the moderator:",
      MODERATION_REASON_FIELD: "Reason for the author (optional)",
      PUBLISHED: "Published",
      NO_REVIEWS_YET: "No reviews yet",
      REPORT: "Report",
      REPORT_LOGIN: "Log in to report a post.",
      REPORT_THANKS: "Thank you. Our moderators will look at this post.",
      REPORT_ALREADY: "You have already reported this post.",
      REPORT_OWN: "You cannot report your own post.",
      REPORT_NOT_PUBLISHED: "Only published posts can be reported.",
      REPORT_DETAILS_REQUIRED: "Tell us what is wrong with this post.",
      PARTNER_API_KEY_INVALID: "Invalid API key.",
      VERIFY_TO_VOTE: "Verify your e-mail address to vote.",
      VIEW_MORE: "View more",
      LOG_IN: "Log in",
      MODERATION_FILTER_PENDING: "Pending",
      EXPECTED_RESPONSE_TIME: "within 24 hours",
      FIELD_ERROR_DEFAULT: "Something went wrong",
      FIELD_REQUIRED: "This field is required.",
      FOLLOW_US: "Follow us",
      FORM_ERROR: "Whoops! Something went wrong on our end. Please try submitting again.",
      FOUNDER_TEAM: "Founder Team",
      FROM_THE_FOUNDERS: "From the founders",
      GET_10_OFF: "Get 10% off",
      GET_10_OFF_TITLE: "Get 10% Off",
      GET_NOW: "Get now",
      GET_NOW_FOR_FREE: "Get now for FREE",
      GIFT_CARD_APPLIED: "Gift card has been applied to your credits.",
      GIFT_CARD_NOT_FOUND: "Code could not be found",
      INVALID_ABN: "Invalid ABN format, it should be in the form of 12 345 678 910 or 12345678910",
      INVALID_CHOICE: "Select a valid choice.",
      INVALID_PAYMENT_METHOD_ID: "Invalid payment method id. Please try again later",
      INVALID_PLAN_ID: "Invalid plan ID provided.",
      INVALID_POSTAL_CODE: "Invalid postal code.",
      LATEST_QUESTIONS: "Latest questions",
      LIFETIME_ACCESS: "Lifetime access",
      LINK_COPIED: "Link copied to clipboard!",
      LINK_COPY_FAILED: "Failed to copy link to clipboard.",
      LOADING_VIDEO_REVIEWS: "Loading video reviews...",
      LOG_IN_TO_JOIN: "Log in to join the conversation",
      MISSING_CARD_ID: "Missing card id. Please try again later",
      MISSING_PAYMENT_METHOD: "Missing payment method",
      MOSAIC_COMING_SOON: "Coming Soon",
      MOSAIC_DROPS_SOON: "Drops soon",
      MOSAIC_ENDED: "Ended",
      MOSAIC_LIVE: "Live",
      NEEDS_ANSWER: "Needs answer",
      NEEDS_MODERATION: "Needs moderation",
      NEEDS_REPLY: "Needs reply",
      NON_REFUNDABLE_DEAL: "Non-refundable deal",
      NOTIFY_ME_WHEN_IT_RETURNS: "notify me when it returns",
      NOTIFICATIONS_SAVED: "Your notification settings were saved.",
      NOTIFICATIONS_UNSUBSCRIBED: "You're unsubscribed from these e-mails.",
      NOT_FOUND_HEADING: "404",
      NOT_FOUND_TEXT: "Weird, we couldn't find that page",
      NO_ACTIVE_SUBSCRIPTION: "No active subscription found",
      NO_PAYMENT_METHOD: "No payment method found",
      NO_PREVIOUS_SUBSCRIPTION: "No previous subscription found",
      NO_SUBSCRIPTION_OR_REASON: "No subscription or reason found",
      NO_THANKS_BROWSE: "No thanks, browse all deals",
      ONE_YEAR_ACCESS: "1-year access",
      ONLY_LOGGED_IN_USERS: "Only logged in users can ask and respond to questions",
      CAMPAIGN_DISCOUNT: "Campaign discount",
      PLUS_MEMBER_PRICE_DISCOUNT: "Plus member price \u221210%",
      PLUS_MEMBERS_ONLY: "For Plus members only.",
      ONLY_LOGGED_IN_USERS_REVIEWS: "Only logged in users can write and respond to reviews",
      PASSWORDS_MUST_MATCH: "Your passwords must match",
      PASSWORD_REQUIRED: "Password is required, please fix and try again.",
      PASSWORD_TOO_SHORT: "Your password must be at least 8 characters",
      PASSWORD_VALIDATION_FAILED: "Password validation failed. Please try again.",
      PAYMENT_METHOD_CREATE_FAILED: "Unable to create payment method, please try again later.",
      PENDING_MODERATION: "Pending moderation",
      PLAN_TEXT_ANNUAL: "Annual subscription of",
      PLAN_TEXT_LIFETIME: "lifetime deal",
      PLAN_TEXT_ONE_TIME: "One time payment of",
      PRESS_B_TO_BUY: "Press B anytime to buy",
      PRICE_FREE: "FREE",
      PRIMARY_EMAIL_CANNOT_BE_REMOVED:
        "Primary email cannot be removed. Please remove another email or add a new primary email and retry",
      QUESTIONS_AND_REVIEWS: "Questions & reviews",
      QUESTION_CREATED: "Success! Your question is pending moderation.",
      RATING_INVALID: "Choose a rating from 1 to 5.",
      RELATED_CARDS_TITLE: "Related",
      RESOURCES_LIST_TITLE: "Recap & resources",
      RESTOCK_IDLE: "Notify me when it returns",
      RESTOCK_LOADING: "Subscribing...",
      RESTOCK_SUBSCRIBED: "You'll be notified!",
      REVIEW_CREATED: "Success! Your review is pending moderation.",
      REWARD_REDEEM_FAILED: "There was an error redeeming your reward. Please try again.",
      REWARD_REMOVE_FAILED: "There was an error removing your reward. Please try again.",
      ROADBLOCK_BUTTON_DEFAULT: "Buy now!",
      SEARCH_PLACEHOLDER: "Search",
      SET_CURRENCY_FAILED: "Failed to set currency",
      SHARE_LINK_FAILED: "Failed to generate share link. Please try again.",
      SHOULD_SUBSCRIBE_AFTER_LOGIN: "should subscribe after login",
      SHOW_ALL_FEATURES: "Show all included features",
      SHOW_LESS_FEATURES: "Show less features",
      SHOW_MORE: "Show more",
      SIGNUP_EMAIL_INVALID: "A valid email is required",
      SOLD_OUT_EXCLAMATION: "Sold out!",
      SOLD_OUT_TITLE_CASE: "Sold Out",
      SOMETHING_WENT_WRONG: "Something went wrong",
      SOMETHING_WENT_WRONG_PERIOD: "Something went wrong.",
      SOMETHING_WENT_WRONG_TRY_AGAIN: "Something went wrong, please try again.",
      SPOTLIGHT_BODY: "Sick of subscriptions? Get quality business software with no monthly fees.",
      SPOTLIGHT_BUTTON: "Browse deals",
      SPOTLIGHT_HEADLINE: "Pay once, not monthly",
      SPOTLIGHT_SOCIAL_PROOF: "Helping 1M+ entrepreneurs since 2010",
      STARTING_AT_ZERO: "Starting at $0",
      STARTS_IN: "Starts in",
      STATE_TOO_LONG: "State can't be longer than 255 characters.",
      STRIPE_NOT_INITIALIZED: "Stripe is not initialized, please refresh the page.",
      SUBSCRIBED_DEFAULT_SUCCESS: "You're now subscribed to receive notifications!",
      SUBSCRIBE_BUTTON: "Get 10% off",
      SUBSCRIBE_NOTE: "We respect your data and privacy. Unsubscribe anytime.",
      SUBSCRIBE_SUBTITLE: "Sign up to get the hottest software deals sent straight to your inbox",
      SUBSCRIBE_TITLE: "Get 10% off your first order",
      SUBSCRIPTION_UPDATED: "Subscription updated",
      TAX_BUSINESS_NAME_REQUIRED: "A business name must be associated with a tax ID.",
      TAX_COUNTRY_REQUIRED: "Please select the country where your business is located",
      TAX_ID_REQUIRED: "Please add your tax ID",
      TERMS_TITLE: "Plans & features",
      TRANSFER_INITIATED: "Product transfer initiated",
      TWENTY_FOUR_PLUS_HOURS: "24+ hours",
      UPDATES_SUBMITTED: "Success! Your updates have been submitted for review.",
      USER_CREATION_FAILED: "Unable to login with this email.  Please refresh and try again.",
      USE_CASE_CTA_DEFAULT: "Start building now",
      USE_CASE_LINK_DEFAULT: "Get started",
      VERIFICATION_SENT: "Verification sent! Now check your email to verify this email address.",
      VIDEO_LOAD_FAILED: "Failed to load video. Please try again.",
      VIDEO_TOO_LARGE: "The video must be 50 MB or smaller.",
      VIDEO_TYPE_INVALID: "Upload a video file (MP4, MOV, WebM, OGG, AVI or MPEG).",
      VIEW_ALL_DEALS: "View all deals",
      VIEW_RECOMMENDED_DEALS: "View recommended deals",
      WAITLIST_ADDING: "Adding you to the waitlist...",
      WAITLIST_EMAIL_ALREADY_REGISTERED:
        "Email already registered. Please login or use a different email and try again.",
      WAITLIST_EMAIL_INVALID: "A valid email address is required.",
      WAITLIST_ON_THE_LIST: "You're on the list! We'll notify you when it returns.",
      WAITLIST_SUBMITTED: "You're in! Thanks for signing up.",
      // Cart and checkout (our wording)
      COUPON_NOT_FOUND: "This code is not valid.",
      COUPON_EXPIRED: "This coupon has expired.",
      COUPON_NOT_STARTED: "This coupon is not active yet.",
      COUPON_USED_UP: "This coupon has reached its usage limit.",
      COUPON_NOT_FOR_EMAIL: "This coupon belongs to another email address.",
      COUPON_NOT_FOR_CART: "It does not apply to any item in your cart.",
      COUPON_CODE_REQUIRED: "Enter a coupon code.",
      DEAL_OR_GROUP_REQUIRED: "Every deal needs a deal id or a deal group id.",
      DEAL_NOT_FOUND: "This deal could not be found.",
      PLAN_NOT_AVAILABLE: "This plan is not available.",
      PLAN_OWNED: "You own this plan",
      DEAL_NOT_FOR_SALE: "This deal is not for sale.",
      DEAL_SOLD_OUT: "This deal is sold out.",
      DEAL_NOT_STARTED: "This deal is not available yet.",
      PLUS_REQUIRED: "This plan is for Plus members. Join Plus to buy it.",
      QUANTITY_FIXED: "The quantity of this plan cannot be changed.",
      CART_ITEM_NOT_FOUND: "This item is not in your cart.",
      CART_EMPTY: "Your cart is empty.",
      CHECKOUT_LOGIN_REQUIRED: "Please log in to pay for your order.",
      PAYMENT_METHOD_REQUIRED: "Choose a payment method.",
      CARD_DECLINED: "Your card was declined. No payment was taken.",
      CARD_NEEDS_AUTHENTICATION: "Your bank asks you to confirm this payment (3D Secure).",
      CARD_AUTHENTICATION_FAILED:
        "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
      PAYMENT_PROCESSING:
        "Your payment is processing. Your order appears in your products as soon as it clears.",
      CART_CHANGED_AFTER_PAYMENT:
        "Your cart changed while the payment was being confirmed, so the payment was refunded. Please check your cart and pay again.",
      PAYMENT_NOT_FOUND: "We could not find this payment. Please try again.",
      CARD_NUMBER_INVALID: "Your card number is invalid.",
      CARD_EXPIRY_INCOMPLETE: "Your card's expiration date is incomplete.",
      CARD_EXPIRY_PAST: "Your card's expiration date is in the past.",
      CARD_CVC_INCOMPLETE: "Your card's security code is incomplete.",
      CARD_UNAVAILABLE: "Not available · join the waitlist",
      PAYMENT_FAILED: "The payment could not be completed. No payment was taken.",
      PLUS_ALREADY_MEMBER: "You are already a Plus member.",
      GIFT_CARD_ALREADY_REDEEMED: "This gift card has already been redeemed.",
      ORDER_PAID: "Thank you! Your order is complete.",
      CHECKOUT_ITEMS_UNAVAILABLE:
        "Some items in your cart can no longer be bought. Remove them to continue.",
      WEBHOOK_URL_CREDENTIALS:
        "Leave the user name and password out of the URL: every request is signed instead.",
      WEBHOOK_URL_INVALID: "Enter a URL that starts with http:// or https://.",
      WEBHOOK_URL_PRIVATE:
        "This URL points to a private or local network address. Use an address reachable from the internet.",
      WEBHOOK_URL_UNRESOLVED: "We could not find this host. Check the URL.",
      REFUND_UPGRADED_LINE:
        "This plan was upgraded: refund the upgraded plan instead, which refunds both.",
      TRANSFER_UPGRADED_LINE:
        "This plan was upgraded: transfer the upgraded plan instead, which moves both.",
      REFUND_LINES_NOT_IN_ORDER: "These lines are not in this order.",
      REFUND_CHOOSE_LINES: "Choose at least one line to refund.",
      UPGRADE_ADDON: "Add-ons cannot be upgraded: upgrade the product they belong to.",
      UPGRADE_REFUNDED: "A refunded product cannot be upgraded.",
      UPGRADE_ALREADY_UPGRADED: "This product was already upgraded.",
      UPGRADE_TRANSFER_PENDING: "This product has a transfer in progress.",
      UPGRADE_DISPUTED: "This product's payment is disputed, so it cannot be upgraded.",
      UPGRADE_PLAN_UNKNOWN: "Choose a plan of this deal.",
      UPGRADE_NOT_HIGHER: "Choose a plan above the one you own.",
      UPGRADE_KEY_REQUIRED: "Send an Idempotency-Key header.",
      UPGRADE_KEY_REUSED: "This Idempotency-Key was used for another request.",
      UPGRADE_DONE: "Your product was upgraded.",
      UPGRADE_CHANGED_AFTER_PAYMENT:
        "This product changed while the payment was being confirmed, so the payment was refunded.",
      PROVENANCE_REFUNDED: "Refunded since",
      PROVENANCE_TRANSFER: "Received by transfer",
      PROVENANCE_UPDATED_AFTER_REPLY: "Updated after the founder's reply",
      VERIFIED_OWNER: "Verified owner",
      FILTER_VERIFIED_OWNERS: "Verified owners only",
      FILTER_VIDEO_REVIEWS: "Video reviews only",
      RATING_HISTORY_HEADING: "Ratings over time",
      ASK_OWNER_QUESTIONS: "E-mail me new questions about the deals I own",
      OWNER_QUESTIONS_SAVED: "Your choice is saved.",
    });
  });

  it("keeps two spaces in the user-creation failure", () => {
    expect(messages.USER_CREATION_FAILED).toContain("email.  Please");
  });

  it("fill their placeholders", () => {
    expect(messages.deleteSuccess("Review")).toBe("Review has been deleted!");
    expect(messages.deleteSuccess("Comment")).toBe("Comment has been deleted!");
    expect(messages.showingCount(20, 134, "reviews")).toBe("Showing 20 of 134 reviews");
    expect(messages.shareAndGet("$10")).toBe("Share & get $10");
    expect(messages.emailCaptureInvalid("10%")).toBe(
      "A valid email address is required to get 10% off.",
    );
    expect(messages.showingResultsFor("export")).toBe("Showing results for export");
    expect(messages.getDiscountOff("15%")).toBe("Get 15% off");
    expect(messages.getDiscountOffTitle("15%")).toBe("Get 15% Off");
    expect(messages.getDiscountOffFirstOrder("15%")).toBe("Get 15% off your first order");
    expect(messages.planXOfN(2, 5)).toBe("Plan 2 of 5");
    expect(messages.offerEnds("in 3 days")).toBe("Offer ends in 3 days");
    expect(messages.hurryOfferEnds("in 5 hours")).toBe("Hurry! Offer ends in 5 hours");
    expect(messages.dropsInClock("05:03:02")).toBe("Drops in 05:03:02");
    expect(messages.dropsInDays(1)).toBe("Drops in 1 day");
    expect(messages.dropsInDays(3)).toBe("Drops in 3 days");
    expect(messages.hurryOnlyRemaining(7)).toBe("Hurry! Only 7 remaining");
    expect(messages.hurryPercentClaimed(80)).toBe("Hurry! 80% claimed");
    expect(messages.remaining(7)).toBe("7 remaining");
    expect(messages.percentClaimed(80)).toBe("80% claimed");
    expect(messages.startingAt("$49")).toBe("Starting at $49");
    expect(messages.planTextCountUnit(3, "YEAR")).toBe("3 YEAR DEAL");
    expect(messages.referralNotWithCampaign("Black Friday")).toBe(
      "Referral codes can't be combined with the Black Friday discount.",
    );
    expect(messages.refundWithinDays(1)).toBe("Refund within 1 day");
    expect(messages.refundWithinDays(30)).toBe("Refund within 30 days");
    expect(messages.moneyBackGuarantee(60)).toBe("60-day money-back guarantee");
    expect(messages.redeemWithinDays(60)).toBe("Redeem within 60 days");
    expect(messages.invalidPostalCode("A1A 1A1")).toBe(
      "Invalid postal code. Use the format A1A 1A1.",
    );
    expect(messages.chargedIn("US dollars", "USD", "euros")).toBe(
      "Charged in US dollars (USD); prices were shown to you in euros.",
    );
    expect(messages.chargedIn("US dollars", "USD", null)).toBe("Charged in US dollars (USD).");
    expect(messages.cannotUpdateDetails("billing", 500)).toBe(
      "Cannot update billing details at this time. Please try again later. 500 error.",
    );
    expect(messages.cannotUpdateDetails("tax", 400)).toBe(
      "Cannot update tax details at this time. Please try again later. 400 error.",
    );
    expect(messages.cannotChangePaymentMethod("add")).toBe(
      "Cannot add payment method at this time. Please try again later",
    );
    expect(messages.cannotChangePaymentMethod("remove")).toBe(
      "Cannot remove payment method at this time. Please try again later",
    );
    expect(messages.emailNotAssociated()).toBe("Email not associated to an Payonce account");
    expect(messages.couponNotApplied("It has expired.")).toBe(
      "Coupon could not be applied to your cart. It has expired.",
    );
    expect(messages.couponRemoved("SAVE10")).toBe("Coupon SAVE10 removed from your cart.");
    expect(messages.tooLong(250)).toBe("Ensure this field has no more than 250 characters.");
    expect(messages.paysForItselfIn(1)).toBe("Pays for itself in 1 month");
    expect(messages.paysForItselfIn(3)).toBe("Pays for itself in 3 months");
    expect(messages.paysForItselfAgainst(3, "Asana and Trello")).toBe(
      "Pays for itself in 3 months against Asana and Trello",
    );
  });

  it("name the cart's discounts and the charged currency (issue 30)", () => {
    expect(messages.campaignDiscountName("Lifetime Fest", 15)).toBe("Lifetime Fest \u221215%");
    expect(messages.campaignDiscountName("Lifetime Fest", null)).toBe("Lifetime Fest");
    expect(messages.PLUS_MEMBER_PRICE_DISCOUNT).toBe("Plus member price \u221210%");
    expect(messages.namedDiscount("Lifetime Fest \u221215%", "$8.85")).toBe(
      "Lifetime Fest \u221215%: \u2212$8.85",
    );
    expect(messages.chargedInUsd("$50.15")).toBe("You'll be charged $50.15 USD");
  });

  it("word review provenance, rating history and owners' answers (issue 33)", () => {
    expect(messages.provenanceOwner("Tier 2", 34)).toBe("Tier 2 owner, reviewed after 34 days");
    expect(messages.provenanceOwner("Tier 1", 1)).toBe("Tier 1 owner, reviewed after 1 day");
    expect(messages.provenanceOwner(null, null)).toBe("Verified owner");
    expect(messages.earlierRating(2, "Jan 5, 2026")).toBe("Earlier rating: 2 tacos (Jan 5, 2026)");
    expect(messages.lifetimeAverage("4.2", 12)).toBe("Lifetime average 4.2 from 12 ratings");
    expect(messages.averageSinceUpdate("4.8", 1, "Mar 1, 2026")).toBe(
      "4.8 since the latest update (Mar 1, 2026), from 1 rating",
    );
    expect(messages.ownersFaster("2 hours", "1 day")).toBe(
      "Owners answer faster: typically within 2 hours, founders within 1 day",
    );
    expect(messages.foundersFaster("2 hours", "1 day")).toBe(
      "Founders answer faster: typically within 2 hours, owners within 1 day",
    );
    expect(messages.ownersAnswerLine(3, "5 hours")).toBe(
      "Owners answered 3 questions, typically within 5 hours",
    );
    const mail = messages.questionForOwnersEmail("Taskflow", "Does it sync?", "https://x/q");
    expect(mail.subject).toBe("A question about Taskflow, which you own");
    expect(mail.text).toContain("Does it sync?");
    expect(mail.text).toContain("https://x/q");
  });

  it("has a test for every template", () => {
    const templates = Object.entries(messages)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name)
      .sort();
    expect(templates).toEqual(
      [
        "averageSinceUpdate",
        "campaignDiscountName",
        "cannotChangePaymentMethod",
        "cannotUpdateDetails",
        "chargedIn",
        "chargedInUsd",
        "couponNotApplied",
        "couponRemoved",
        "deleteSuccess",
        "earlierRating",
        "dropsInClock",
        "dropsInDays",
        "emailCaptureInvalid",
        "emailNotAssociated",
        "foundersFaster",
        "getDiscountOff",
        "getDiscountOffFirstOrder",
        "getDiscountOffTitle",
        "hurryOfferEnds",
        "hurryOnlyRemaining",
        "hurryPercentClaimed",
        "invalidPostalCode",
        "lifetimeAverage",
        "moneyBackGuarantee",
        "namedDiscount",
        "offerEnds",
        "ownersAnswerLine",
        "ownersFaster",
        "paysForItselfAgainst",
        "paysForItselfIn",
        "percentClaimed",
        "planTextCountUnit",
        "planXOfN",
        "provenanceOwner",
        "questionForOwnersEmail",
        "redeemWithinDays",
        "referralNotWithCampaign",
        "refundWithinDays",
        "remaining",
        "shareAndGet",
        "showingCount",
        "showingResultsFor",
        "startingAt",
        "tooLong",
      ].sort(),
    );
  });
});
