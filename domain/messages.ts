/**
 * Every user-visible message of the spec, quoted exactly. Placeholders become small functions.
 * Strings marked "our wording" are where the spec is silent; everything else is verbatim and
 * pinned by messages.test.ts.
 */

// ---------------------------------------------------------------------------------------------
// Discussions (spec 000)
// ---------------------------------------------------------------------------------------------

export const PENDING_MODERATION = "Pending moderation";
export const NEEDS_MODERATION = "Needs moderation";
export const NEEDS_ANSWER = "Needs answer";
export const NEEDS_REPLY = "Needs reply";
// Our wording (decision 067): an author's own declined item, the moderator's reason, their review.
export const DECLINED = "Declined";
export const MODERATION_REASON_LABEL = "Reason from the moderator:";
export const EDIT_YOUR_REVIEW = "Edit your review";
export const EDIT_TO_RESUBMIT = "Edit it and it goes back to moderation, or delete it.";
export const PUBLISHED = "Published";
export const MODERATION_REASON_FIELD = "Reason for the author (optional)";
/** The Helpful button of a signed-in member whose e-mail is not verified (the server's 403). */
export const VERIFY_TO_VOTE = "Verify your e-mail address to vote.";
export const APPROVE_AND_ANSWER = "Approve & answer";
export const APPROVE_EDITS = "Approve edits";
export const APPROVE = "Approve";
export const FOUNDER_TEAM = "Founder Team";
export const LATEST_QUESTIONS = "Latest questions";
export const LOG_IN_TO_JOIN = "Log in to join the conversation";
export const ONLY_LOGGED_IN_USERS = "Only logged in users can ask and respond to questions";
/** Beside a Plus-gated plan's price, before Buy now opens the Plus shelf (ours). */
export const PLUS_MEMBERS_ONLY = "For Plus members only.";
/** The same prompt on reviews (spec 000 words it for questions only). */
export const ONLY_LOGGED_IN_USERS_REVIEWS = "Only logged in users can write and respond to reviews";
export const REVIEW_CREATED = "Success! Your review is pending moderation.";
export const QUESTION_CREATED = "Success! Your question is pending moderation.";
export const UPDATES_SUBMITTED = "Success! Your updates have been submitted for review.";
export const EITHER_COMMENT_OR_VIDEO = "Either comment or video is required";
export const FORM_ERROR = "Whoops! Something went wrong on our end. Please try submitting again.";
export const FIELD_ERROR_DEFAULT = "Something went wrong";
export const DELETE_FAILED = "Something went wrong, please try again.";
export const COMMENT_SUBMITTED_THANKS =
  "Thank you for submitting! To keep our community as helpful as possible, we moderate all comments and reviews.";
/** "{Review or Question or Reply or Comment} has been deleted!" */
export const deleteSuccess = (kind: string): string => `${kind} has been deleted!`;
/** "Showing X of Y reviews or questions" (spec 000 section 2, not quoted there). */
export const showingCount = (shown: number, total: number, kind: string): string =>
  `Showing ${shown} of ${total} ${kind}`;
/** Labels the spec names without quotes (spec 000 sections 2 and 6). */
export const BADGE_FOUNDER = "Founder";
export const BADGE_PLUS = "PLUS";
export const BADGE_VERIFIED_PURCHASER = "Verified purchaser";
export const VIEW_MORE = "View more";
export const LOG_IN = "Log in";
/** The moderation filter's label for unapproved items. */
export const MODERATION_FILTER_PENDING = "Pending";
/** Expected response time for reviews and questions. */
export const EXPECTED_RESPONSE_TIME = "within 24 hours";
export const BE_THE_FIRST = "be the first!";
/** A deal without approved reviews, in place of "0.0 · 0 reviews" (ours). */
export const NO_REVIEWS_YET = "No reviews yet";

// Reporting abuse (issue 33, decision 069): our wording, the spec has none.
/** The Report action's name on a card. */
export const REPORT = "Report";
/** Why Report is disabled for a visitor. */
export const REPORT_LOGIN = "Log in to report a post.";
/** The report dialog's thanks. */
export const REPORT_THANKS = "Thank you. Our moderators will look at this post.";
/** A second report of the same post by the same person (409). */
export const REPORT_ALREADY = "You have already reported this post.";
/** Reporting one's own post (403). */
export const REPORT_OWN = "You cannot report your own post.";
/** Reporting a post that is not published (a moderator's view of a pending one: 403). */
export const REPORT_NOT_PUBLISHED = "Only published posts can be reported.";
/** "Something else" without a word of why. */
export const REPORT_DETAILS_REQUIRED = "Tell us what is wrong with this post.";

// ---------------------------------------------------------------------------------------------
// Sharing and currency (spec 000)
// ---------------------------------------------------------------------------------------------

export const SHARE_LINK_FAILED = "Failed to generate share link. Please try again.";
export const LINK_COPIED = "Link copied to clipboard!";
export const LINK_COPY_FAILED = "Failed to copy link to clipboard.";
export const shareAndGet = (discount: string): string => `Share & get ${discount}`;
export const SET_CURRENCY_FAILED = "Failed to set currency";

// ---------------------------------------------------------------------------------------------
// Account setup and e-mail settings (spec 000 section 8, spec 001 sections 5 and 8)
// ---------------------------------------------------------------------------------------------

export const ACCOUNT_SETUP_EMAIL_AND_PASSWORD =
  "Before you can redeem your products, we'll need to confirm your email and set an account password.";
export const ACCOUNT_SETUP_PASSWORD = "Complete your account setup by adding a password.";
export const ACCOUNT_SETUP_EMAIL =
  "Before you can redeem your products, we'll need to confirm your email.";
export const USER_CREATION_FAILED =
  "Unable to login with this email.  Please refresh and try again.";
export const SIGNUP_EMAIL_INVALID = "A valid email is required";
export const PASSWORD_TOO_SHORT = "Your password must be at least 8 characters";
export const PASSWORDS_MUST_MATCH = "Your passwords must match";
export const EMAIL_REQUIRED = "Email is required, please fix and try again.";
export const PASSWORD_REQUIRED = "Password is required, please fix and try again.";
export const EMAIL_ALREADY_VERIFIED =
  "Email already verified, no need to resend verification email";
export const PRIMARY_EMAIL_CANNOT_BE_REMOVED =
  "Primary email cannot be removed. Please remove another email or add a new primary email and retry";
export const ALREADY_PRIMARY_EMAIL = "This is already your primary email.";
export const EMAIL_NOT_VERIFIED = "This email is not verified. Please verify it first.";
/** Google's address is on an account, but not as its verified primary (decision 050). */
export const GOOGLE_SIGN_IN_REFUSED =
  "This email is not the verified main email of a Payonce account. Log in with your email and password instead.";
export const EMAIL_UPDATE_DEFAULT_ERROR = "Please fix the errors and try again.";
export const PASSWORD_VALIDATION_FAILED = "Password validation failed. Please try again.";
export const SOMETHING_WENT_WRONG_TRY_AGAIN = "Something went wrong, please try again.";
export const VERIFICATION_SENT =
  "Verification sent! Now check your email to verify this email address.";
export const EMAIL_ADDED = "Email has been added.";
export const EMAIL_REMOVED = "Email has been removed.";

// ---------------------------------------------------------------------------------------------
// Email capture, sign-ups, waitlist (spec 000 sections 5 and 8, spec 001 sections 4, 5 and 8)
// ---------------------------------------------------------------------------------------------

export const emailCaptureInvalid = (discount: string): string =>
  `A valid email address is required to get ${discount} off.`;
export const EMAIL_CAPTURE_SUCCESS =
  "Success! Check your inbox for the coupon code and start saving now!";
export const EMAIL_SUBMIT_FAILED = "Unable to submit your email, please try again.";
export const EMAIL_COUPON_ALREADY_USED =
  "The email address you entered used this coupon in a previous transaction. Limit one per email.";
export const EMAIL_VALIDATE_FAILED = "Unable to validate email, please try again.";
export const WAITLIST_EMAIL_ALREADY_REGISTERED =
  "Email already registered. Please login or use a different email and try again.";
export const WAITLIST_EMAIL_INVALID = "A valid email address is required.";
export const EMAIL_FORMAT_INVALID = "Please enter a valid email address.";
export const SUBSCRIBED_DEFAULT_SUCCESS = "You're now subscribed to receive notifications!";
export const RESTOCK_IDLE = "Notify me when it returns";
export const RESTOCK_LOADING = "Subscribing...";
export const RESTOCK_SUBSCRIBED = "You'll be notified!";
export const NOTIFY_ME_WHEN_IT_RETURNS = "notify me when it returns";
export const WAITLIST_ADDING = "Adding you to the waitlist...";
export const WAITLIST_ON_THE_LIST = "You're on the list! We'll notify you when it returns.";
export const WAITLIST_SUBMITTED = "You're in! Thanks for signing up.";
/** The local-storage flag's meaning; shown to no one, kept here with its kin. */
export const SHOULD_SUBSCRIBE_AFTER_LOGIN = "should subscribe after login";

// ---------------------------------------------------------------------------------------------
// Storefront copy (spec 001 section 2)
// ---------------------------------------------------------------------------------------------

export const NOT_FOUND_HEADING = "404";
export const NOT_FOUND_TEXT = "Weird, we couldn't find that page";
export const GET_10_OFF = "Get 10% off";
export const GET_10_OFF_TITLE = "Get 10% Off";
export const NO_THANKS_BROWSE = "No thanks, browse all deals";
export const PRESS_B_TO_BUY = "Press B anytime to buy";
export const SEARCH_PLACEHOLDER = "Search";
/** "Showing results for ..." */
export const showingResultsFor = (query: string): string => `Showing results for ${query}`;
export const FROM_THE_FOUNDERS = "From the founders";
export const QUESTIONS_AND_REVIEWS = "Questions & reviews";
export const VIDEO_LOAD_FAILED = "Failed to load video. Please try again.";
export const COPIED = "Copied!";
export const COPY_FAILED = "Failed to copy";
export const FOLLOW_US = "Follow us";
export const AT_A_GLANCE = "At-a-glance";
export const USE_CASE_LINK_DEFAULT = "Get started";
export const USE_CASE_CTA_DEFAULT = "Start building now";
export const RESOURCES_LIST_TITLE = "Recap & resources";
export const RELATED_CARDS_TITLE = "Related";
export const SPOTLIGHT_HEADLINE = "Pay once, not monthly";
export const SPOTLIGHT_BODY =
  "Sick of subscriptions? Get quality business software with no monthly fees.";
export const SPOTLIGHT_BUTTON = "Browse deals";
export const SPOTLIGHT_SOCIAL_PROOF = "Helping 1M+ entrepreneurs since 2010";
export const VIEW_RECOMMENDED_DEALS = "View recommended deals";
export const SUBSCRIBE_TITLE = "Get 10% off your first order";
export const SUBSCRIBE_SUBTITLE =
  "Sign up to get the hottest software deals sent straight to your inbox";
export const SUBSCRIBE_BUTTON = "Get 10% off";
export const SUBSCRIBE_NOTE = "We respect your data and privacy. Unsubscribe anytime.";
/** The subscribe copy with the active campaign's discount in place of 10%. */
export const getDiscountOff = (discount: string): string => `Get ${discount} off`;
export const getDiscountOffTitle = (discount: string): string => `Get ${discount} Off`;
export const getDiscountOffFirstOrder = (discount: string): string =>
  `Get ${discount} off your first order`;
export const ROADBLOCK_BUTTON_DEFAULT = "Buy now!";
export const TERMS_TITLE = "Plans & features";
export const LOADING_VIDEO_REVIEWS = "Loading video reviews...";
export const SHOW_MORE = "Show more";
export const SHOW_ALL_FEATURES = "Show all included features";
export const SHOW_LESS_FEATURES = "Show less features";
/** "Plan X of N" on the mobile pricing carousel. */
export const planXOfN = (x: number, n: number): string => `Plan ${x} of ${n}`;
export const VIEW_ALL_DEALS = "View all deals";
export const CONTINUE_WITH_PLUS = "Continue with Plus membership";

// ---------------------------------------------------------------------------------------------
// Deal state: banners, buy button, countdown, limited quantity (spec 001 sections 4 and 9)
// ---------------------------------------------------------------------------------------------

export const BANNER_COMING_SOON = "Coming soon";
export const BANNER_SOLD_OUT = "Sold out";
export const BANNER_LAST_CALL = "96 hour sale only";
export const BANNER_BLACK_FRIDAY = "72 hour sale only";
export const offerEnds = (relativeTime: string): string => `Offer ends ${relativeTime}`;
export const BANNER_NEW = "New!";
/** Our wording: the spec says a banner timer under one day shows a hurry message, not which. */
export const hurryOfferEnds = (relativeTime: string): string => `Hurry! Offer ends ${relativeTime}`;

export const DRAFT_SUFFIX = " (Draft)";
export const BUY_COMING_SOON = "Coming soon";
export const BUY_SOLD_OUT = "Sold out";
export const GET_NOW_FOR_FREE = "Get now for FREE";
export const GET_NOW = "Get now";
export const BUY_NOW = "Buy now";
export const SOLD_OUT_EXCLAMATION = "Sold out!";
export const SOLD_OUT_TITLE_CASE = "Sold Out";

export const STARTS_IN = "Starts in";
export const ENDS_IN = "Ends in";
export const DEAL_ENDS_IN = "Deal ends in";
export const A_BIT = "a bit!";
/** Spec 000: a countdown with exactly one day left reads 24+ hours. */
export const TWENTY_FOUR_PLUS_HOURS = "24+ hours";

export const MOSAIC_COMING_SOON = "Coming Soon";
export const MOSAIC_ENDED = "Ended";
export const MOSAIC_LIVE = "Live";
export const MOSAIC_DROPS_SOON = "Drops soon";
/** "Drops in HH:MM:SS" under 24 hours. */
export const dropsInClock = (hhmmss: string): string => `Drops in ${hhmmss}`;
/** "Drops in N day(s)": our wording is "1 day" and "N days". */
export const dropsInDays = (days: number): string =>
  `Drops in ${days} ${days === 1 ? "day" : "days"}`;

export const hurryOnlyRemaining = (n: number): string => `Hurry! Only ${n} remaining`;
export const hurryPercentClaimed = (n: number): string => `Hurry! ${n}% claimed`;
export const remaining = (n: number): string => `${n} remaining`;
export const percentClaimed = (n: number): string => `${n}% claimed`;

// ---------------------------------------------------------------------------------------------
// Pricing (spec 001 section 9)
// ---------------------------------------------------------------------------------------------

export const PRICE_FREE = "FREE";
export const STARTING_AT_ZERO = "Starting at $0";
export const startingAt = (price: string): string => `Starting at ${price}`;
export const PLAN_TEXT_LIFETIME = "lifetime deal";
export const planTextCountUnit = (count: number, unit: string): string => `${count} ${unit} DEAL`;
export const PLAN_TEXT_ANNUAL = "Annual subscription of";
export const PLAN_TEXT_ONE_TIME = "One time payment of";
export const LIFETIME_ACCESS = "Lifetime access";
export const ONE_YEAR_ACCESS = "1-year access";
export const NON_REFUNDABLE_DEAL = "Non-refundable deal";
/** Our wording: the spec says only "refund within N days". */
export const refundWithinDays = (days: number): string =>
  `Refund within ${days} ${days === 1 ? "day" : "days"}`;
/** Our wording: the spec says only "money-back guarantee" for 60 days or more. */
export const moneyBackGuarantee = (days: number): string => `${days}-day money-back guarantee`;
/** Our wording for free-redemption types ("redeem-within-60-days"). */
export const redeemWithinDays = (days: number): string => `Redeem within ${days} days`;

// ---------------------------------------------------------------------------------------------
// Billing, tax, cards (spec 001 sections 5 and 8)
// ---------------------------------------------------------------------------------------------

export const INVALID_POSTAL_CODE = "Invalid postal code.";
/** "Invalid postal code." plus a format hint; the hint's wording is ours. */
export const invalidPostalCode = (example: string): string =>
  `${INVALID_POSTAL_CODE} Use the format ${example}.`;
export const BUSINESS_NAME_TOO_LONG = "Business name can't be longer than 255 characters.";
/** The spec abbreviates these as "Address line 1..." etc.; completed like the business name. */
export const ADDRESS_LINE_1_TOO_LONG = "Address line 1 can't be longer than 255 characters.";
export const ADDRESS_LINE_2_TOO_LONG = "Address line 2 can't be longer than 255 characters.";
export const CITY_TOO_LONG = "City can't be longer than 255 characters.";
export const STATE_TOO_LONG = "State can't be longer than 255 characters.";
export const TAX_BUSINESS_NAME_REQUIRED = "A business name must be associated with a tax ID.";
export const INVALID_ABN =
  "Invalid ABN format, it should be in the form of 12 345 678 910 or 12345678910";
export const TAX_COUNTRY_REQUIRED = "Please select the country where your business is located";
export const TAX_ID_REQUIRED = "Please add your tax ID";
export const BUSINESS_NAME_REQUIRED = "Please add your business name";
/** "Cannot update {billing|tax} details at this time. Please try again later. {status} error." */
export const cannotUpdateDetails = (kind: "billing" | "tax", status: number | string): string =>
  `Cannot update ${kind} details at this time. Please try again later. ${status} error.`;
export const CANNOT_DELETE_MISSING_ID = "Cannot delete data at this time, missing ID.";
/** "Cannot {add|remove|update} payment method at this time. Please try again later" */
export const cannotChangePaymentMethod = (action: "add" | "remove" | "update"): string =>
  `Cannot ${action} payment method at this time. Please try again later`;
export const MISSING_CARD_ID = "Missing card id. Please try again later";
export const MISSING_PAYMENT_METHOD = "Missing payment method";
export const INVALID_PAYMENT_METHOD_ID = "Invalid payment method id. Please try again later";
export const STRIPE_NOT_INITIALIZED = "Stripe is not initialized, please refresh the page.";
export const PAYMENT_METHOD_CREATE_FAILED =
  "Unable to create payment method, please try again later.";

// ---------------------------------------------------------------------------------------------
// Plus, transfers, coupons, gift cards, rewards, add-ons (spec 001 section 8)
// ---------------------------------------------------------------------------------------------

export const SOMETHING_WENT_WRONG = "Something went wrong";
export const NO_ACTIVE_SUBSCRIPTION = "No active subscription found";
export const NO_PREVIOUS_SUBSCRIPTION = "No previous subscription found";
export const NO_PAYMENT_METHOD = "No payment method found";
export const NO_SUBSCRIPTION_OR_REASON = "No subscription or reason found";
export const SUBSCRIPTION_UPDATED = "Subscription updated";
export const TRANSFER_INITIATED = "Product transfer initiated";
/** "Email not associated to an {product} account" */
export const emailNotAssociated = (product = "Payonce"): string =>
  `Email not associated to an ${product} account`;
/** "Coupon could not be applied to your cart. {reason}" */
export const couponNotApplied = (reason: string): string =>
  `Coupon could not be applied to your cart. ${reason}`;
/** The spec quotes only "removed from"; the rest of the notice is our wording. */
export const couponRemoved = (code: string): string => `Coupon ${code} removed from your cart.`;
export const GIFT_CARD_NOT_FOUND = "Code could not be found";
export const SOMETHING_WENT_WRONG_PERIOD = "Something went wrong.";
export const GIFT_CARD_APPLIED = "Gift card has been applied to your credits.";
export const REWARD_REDEEM_FAILED = "There was an error redeeming your reward. Please try again.";
export const REWARD_REMOVE_FAILED = "There was an error removing your reward. Please try again.";
export const INVALID_PLAN_ID = "Invalid plan ID provided.";
export const ADDONS_ADD_FAILED = "Failed to add add-ons to cart.";

// ---------------------------------------------------------------------------------------------
// Generic field validation: our wording (the spec shows none), in the API's Django-like style
// ---------------------------------------------------------------------------------------------

export const FIELD_REQUIRED = "This field is required.";
export const tooLong = (max: number): string =>
  `Ensure this field has no more than ${max} characters.`;
export const RATING_INVALID = "Choose a rating from 1 to 5.";
export const VIDEO_TOO_LARGE = "The video must be 50 MB or smaller.";
/** Our wording: the spec says only that video types are accepted. */
export const VIDEO_TYPE_INVALID = "Upload a video file (MP4, MOV, WebM, OGG, AVI or MPEG).";
export const INVALID_CHOICE = "Select a valid choice.";
export const COUNTRY_REQUIRED = "Please select a country.";

// ---------------------------------------------------------------------------------------------
// Cart and checkout: our wording where the spec shows none; docs/decisions/001-cart-and-checkout.md
// ---------------------------------------------------------------------------------------------

export const COUPON_NOT_FOUND = "This code is not valid.";
export const COUPON_EXPIRED = "This coupon has expired.";
export const COUPON_NOT_STARTED = "This coupon is not active yet.";
export const COUPON_USED_UP = "This coupon has reached its usage limit.";
export const COUPON_NOT_FOR_EMAIL = "This coupon belongs to another email address.";
export const COUPON_NOT_FOR_CART = "It does not apply to any item in your cart.";
export const COUPON_CODE_REQUIRED = "Enter a coupon code.";
/** Spec 001 section 6: the referral coupon applies only when the campaign allows it (our words). */
export const referralNotWithCampaign = (campaign: string) =>
  `Referral codes can't be combined with the ${campaign} discount.`;
export const DEAL_OR_GROUP_REQUIRED = "Every deal needs a deal id or a deal group id.";
export const DEAL_NOT_FOUND = "This deal could not be found.";
export const PLAN_NOT_AVAILABLE = "This plan is not available.";
export const DEAL_NOT_FOR_SALE = "This deal is not for sale.";
export const DEAL_SOLD_OUT = "This deal is sold out.";
export const DEAL_NOT_STARTED = "This deal is not available yet.";
export const PLUS_REQUIRED = "This plan is for Plus members. Join Plus to buy it.";
export const QUANTITY_FIXED = "The quantity of this plan cannot be changed.";
export const CART_ITEM_NOT_FOUND = "This item is not in your cart.";
export const CART_EMPTY = "Your cart is empty.";
export const CHECKOUT_LOGIN_REQUIRED = "Please log in to pay for your order.";
export const PAYMENT_METHOD_REQUIRED = "Choose a payment method.";
export const CARD_DECLINED = "Your card was declined. No payment was taken.";
export const CARD_NEEDS_AUTHENTICATION = "Your bank asks you to confirm this payment (3D Secure).";
/** 3-D Secure was refused or abandoned: nothing was taken, the cart is as it was. */
export const CARD_AUTHENTICATION_FAILED =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";
/** A payment still on its way (a bank transfer, a card the bank holds for review). */
export const PAYMENT_PROCESSING =
  "Your payment is processing. Your order appears in your products as soon as it clears.";
/** A payment completed after the cart changed (3-D Secure, a late webhook): it is given back. */
export const CART_CHANGED_AFTER_PAYMENT =
  "Your cart changed while the payment was being confirmed, so the payment was refunded. Please check your cart and pay again.";
export const PAYMENT_NOT_FOUND = "We could not find this payment. Please try again.";
// The test gateway's card form (issue 29): our wording where the spec is silent, as Stripe's
// card form words it.
export const CARD_NUMBER_INVALID = "Your card number is invalid.";
export const CARD_EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";
export const CARD_EXPIRY_PAST = "Your card's expiration date is in the past.";
export const CARD_CVC_INCOMPLETE = "Your card's security code is incomplete.";
export const PAYMENT_FAILED = "The payment could not be completed. No payment was taken.";
export const PLUS_ALREADY_MEMBER = "You are already a Plus member.";
export const GIFT_CARD_ALREADY_REDEEMED = "This gift card has already been redeemed.";
export const ORDER_PAID = "Thank you! Your order is complete.";
export const CHECKOUT_ITEMS_UNAVAILABLE =
  "Some items in your cart can no longer be bought. Remove them to continue.";

// Tier upgrades (issue 30), our wording where the spec is silent
export const UPGRADE_ADDON = "Add-ons cannot be upgraded: upgrade the product they belong to.";
export const UPGRADE_REFUNDED = "A refunded product cannot be upgraded.";
export const UPGRADE_ALREADY_UPGRADED = "This product was already upgraded.";
export const UPGRADE_TRANSFER_PENDING = "This product has a transfer in progress.";
export const UPGRADE_DISPUTED = "This product's payment is disputed, so it cannot be upgraded.";
export const UPGRADE_PLAN_UNKNOWN = "Choose a plan of this deal.";
export const UPGRADE_NOT_HIGHER = "Choose a plan above the one you own.";
export const UPGRADE_KEY_REQUIRED = "Send an Idempotency-Key header.";
export const UPGRADE_KEY_REUSED = "This Idempotency-Key was used for another request.";
export const UPGRADE_DONE = "Your product was upgraded.";
/** An upgrade paid through 3-D Secure after the line changed (another upgrade, a refund). */
export const UPGRADE_CHANGED_AFTER_PAYMENT =
  "This product changed while the payment was being confirmed, so the payment was refunded.";

// Shopper experience (issue 15), our wording where the spec is silent
/** A deal card for a deal paused with no return date: not sold, the page offers the waitlist. */
export const CARD_UNAVAILABLE = "Not available · join the waitlist";

// Partner webhooks and licence redemption (issue 30), our wording
export const WEBHOOK_URL_INVALID = "Enter a URL that starts with http:// or https://.";
export const WEBHOOK_URL_CREDENTIALS =
  "Leave the user name and password out of the URL: every request is signed instead.";
export const WEBHOOK_URL_PRIVATE =
  "This URL points to a private or local network address. Use an address reachable from the internet.";
export const WEBHOOK_URL_UNRESOLVED = "We could not find this host. Check the URL.";
export const PARTNER_API_KEY_INVALID = "Invalid API key.";
export const LICENCE_CODE_UNKNOWN = "No licence code of your deals matches this code.";
export const LICENCE_CODE_HELD = "This licence code is on hold while its payment is disputed.";
export const LICENCE_CODE_REVOKED =
  "This licence code was revoked: its purchase was refunded or charged back.";

/** A cart line's campaign discount (issue 30): "Lifetime Fest -15%", or the name for a fixed one. */
export const campaignDiscountName = (name: string, percent: number | null) =>
  percent == null ? name : `${name} \u2212${percent}%`;
/** A campaign discount whose campaign has no public name (issue 30). */
export const CAMPAIGN_DISCOUNT = "Campaign discount";
/** A cart line's Plus discount (issue 30). */
export const PLUS_MEMBER_PRICE_DISCOUNT = "Plus member price \u221210%";
/** A named discount on a cart line (issue 30): "Lifetime Fest -15%: -$8.85". */
export const namedDiscount = (label: string, amount: string) => `${label}: \u2212${amount}`;
/** Near a price shown in another currency (issue 30): the charge is in US dollars. */
export const chargedInUsd = (usd: string) => `You'll be charged ${usd} USD`;
// After the sale (issue 30), our wording where the spec is silent
/**
 * The currency an order was charged in, and the one the buyer's pages showed when it was
 * another (order e-mail, receipt): names in words, codes in brackets.
 */
export const chargedIn = (chargedName: string, chargedCode: string, shownName: string | null) =>
  shownName
    ? `Charged in ${chargedName} (${chargedCode}); prices were shown to you in ${shownName}.`
    : `Charged in ${chargedName} (${chargedCode}).`;

// Refunds after the sale (issue 30), our wording where the spec is silent
/** An upgraded line's licence moved to the line that replaced it: that one is refunded. */
export const REFUND_UPGRADED_LINE =
  "This plan was upgraded: refund the upgraded plan instead, which refunds both.";
/** A line replaced by an upgrade moves with the line that replaced it. */
export const TRANSFER_UPGRADED_LINE =
  "This plan was upgraded: transfer the upgraded plan instead, which moves both.";
/** Staff chose lines that are not in the order they are refunding. */
export const REFUND_LINES_NOT_IN_ORDER = "These lines are not in this order.";
/** Staff asked for a line refund without choosing a line. */
export const REFUND_CHOOSE_LINES = "Choose at least one line to refund.";
/** The buy button of a plan the reader owns already (issue 32): our wording. */
export const PLAN_OWNED = "You own this plan";
// Payback against the subscriptions a deal replaces (issue 34), our wording
/** A card's short payback line: "Pays for itself in 3 months". */
export const paysForItselfIn = (months: number) =>
  `Pays for itself in ${months} ${months === 1 ? "month" : "months"}`;
/** The product page's payback line: "Pays for itself in 3 months against Asana and Trello". */
export const paysForItselfAgainst = (months: number, names: string) =>
  `${paysForItselfIn(months)} against ${names}`;

// ---------------------------------------------------------------------------------------------
// Notification e-mails (issue 33): our wording; docs/decisions/068-notification-emails.md
// ---------------------------------------------------------------------------------------------

export const NOTIFICATIONS_SAVED = "Your notification settings were saved.";
export const NOTIFICATIONS_UNSUBSCRIBED = "You're unsubscribed from these e-mails.";

// A founder's public record (issue 34, decision 077).
export const FOUNDER_RECORD_TITLE = "Founder's record";
export const FOUNDER_RECORD_REFUNDS = "Refund rate";
export const FOUNDER_RECORD_ANSWERED = "Questions answered";
export const FOUNDER_RECORD_ANSWER_TIME = "Median first answer";
export const FOUNDER_RECORD_UPDATES = "Rating before and after each update";
export const FOUNDER_RECORD_DEALS = "Deals";
export const FOUNDER_RECORD_NO_DATA = "Not enough data yet";

// Review provenance and owner answers (issue 33), our wording where the spec is silent
/** A review's provenance label: the plan the author owns and how long they had owned it. */
export const provenanceOwner = (plan: string | null, days: number | null) => {
  const who = plan ? `${plan} owner` : "Verified owner";
  if (days === null) return who;
  return `${who}, reviewed after ${days} ${days === 1 ? "day" : "days"}`;
};
/** The author's purchase of the deal was refunded after they reviewed it. */
export const PROVENANCE_REFUNDED = "Refunded since";
/** The author owns the deal through a product transfer rather than a purchase. */
export const PROVENANCE_TRANSFER = "Received by transfer";
/** The author edited the review after the founders had replied to it. */
export const PROVENANCE_UPDATED_AFTER_REPLY = "Updated after the founder's reply";
/** The label of an owner's answer to a question (the words). */
export const VERIFIED_OWNER = "Verified owner";
/** A review's earlier rating, kept visible after the reviewer changed it. */
export const earlierRating = (rating: number, date: string) =>
  `Earlier rating: ${rating} ${rating === 1 ? "taco" : "tacos"} (${date})`;
/** The reviews list's filters (issue 33). */
export const FILTER_VERIFIED_OWNERS = "Verified owners only";
export const FILTER_VIDEO_REVIEWS = "Video reviews only";
/** The product page's rating history (issue 33). */
export const RATING_HISTORY_HEADING = "Ratings over time";
export const lifetimeAverage = (average: string, count: number) =>
  `Lifetime average ${average} from ${count} ${count === 1 ? "rating" : "ratings"}`;
export const averageSinceUpdate = (average: string, count: number, date: string) =>
  `${average} since the latest update (${date}), from ${count} ${count === 1 ? "rating" : "ratings"}`;
/** The e-mail to an owner who opted in to be asked new questions (issue 33). */
export const questionForOwnersEmail = (dealName: string, title: string, link: string) => ({
  subject: `A question about ${dealName}, which you own`,
  text: `Someone asked about ${dealName}:\n\n${title}\n\nYou own it, so you may know the answer: ${link}\n\nYou get these because you chose to be asked questions on the deals you own.`,
});
/** Who answers a deal's questions faster (issue 33): medians of the first answers. */
export const ownersFaster = (owners: string, founders: string) =>
  `Owners answer faster: typically within ${owners}, founders within ${founders}`;
export const foundersFaster = (founders: string, owners: string) =>
  `Founders answer faster: typically within ${founders}, owners within ${owners}`;
export const ownersAnswerLine = (count: number, owners: string) =>
  `Owners answered ${count} ${count === 1 ? "question" : "questions"}, typically within ${owners}`;
/** The owner's opt-in on their products page (issue 33). */
export const ASK_OWNER_QUESTIONS = "E-mail me new questions about the deals I own";
export const OWNER_QUESTIONS_SAVED = "Your choice is saved.";
