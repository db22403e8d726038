import type { BANNER_TYPES } from "./constants";
import {
  BANNER_HURRY_UNDER_MS,
  BROWSE_DEAL_STATUS_EXPIRED,
  NEW_BANNER_WINDOW_MS,
  PERCENT_CLAIMED_HIDDEN,
  STAGE_INACTIVE,
} from "./constants";
import { relativeTime } from "./countdown";
import {
  BANNER_BLACK_FRIDAY,
  BANNER_COMING_SOON,
  BANNER_LAST_CALL,
  BANNER_NEW,
  BANNER_SOLD_OUT,
  BUY_COMING_SOON,
  BUY_NOW,
  BUY_SOLD_OUT,
  DEAL_ENDS_IN,
  DRAFT_SUFFIX,
  GET_NOW,
  GET_NOW_FOR_FREE,
  hurryOfferEnds,
  hurryOnlyRemaining,
  hurryPercentClaimed,
  offerEnds,
  percentClaimed,
  remaining,
  STARTS_IN,
} from "./messages";

export type BannerType = (typeof BANNER_TYPES)[number];

export interface StageDetails {
  current_stage: string | null;
  next_stage: string | null;
  next_stage_start_date: Date | null;
}

/**
 * A deal's stage at `now`: once its next stage's start has passed, that stage is the current one
 * (issue 34: time moves states, on the real clock and in the staff time-shift preview alike).
 */
export function stageAt<S extends StageDetails>(stage: S, now: Date): S {
  if (stage.next_stage == null || stage.next_stage_start_date == null) return stage;
  if (stage.next_stage_start_date > now) return stage;
  return {
    ...stage,
    current_stage: stage.next_stage,
    next_stage: null,
    next_stage_start_date: null,
  } as S;
}

/**
 * "Coming soon" at `now`: the flag holds until the deal's start; with no start date it holds
 * until staff clear it. One rule for the page, the cards, the API and the cart.
 */
export const comingSoonAt = (isComingSoon: boolean, startDate: Date | null, now: Date): boolean =>
  isComingSoon && (startDate == null || startDate > now);

/** Inactive with no next stage: the deal shows a waitlist instead of buying. */
export const isInactiveIndefinitely = (stage: StageDetails | null | undefined): boolean =>
  stage?.current_stage === STAGE_INACTIVE && !stage.next_stage;

/** The timer shows with an active timer, a stage that is not inactive, and a next stage ahead. */
export const isTimerVisible = (
  activeTimer: boolean,
  stage: StageDetails | null | undefined,
  now: Date,
): boolean =>
  activeTimer &&
  stage?.current_stage !== STAGE_INACTIVE &&
  stage?.next_stage_start_date != null &&
  stage.next_stage_start_date > now;

/**
 * Time-boxed blocks show while start <= now < end; with only a start, after the start. With only
 * an end we show until the end, and with neither always (the spec covers neither case).
 */
export const isWithinWindow = (
  start: Date | null | undefined,
  end: Date | null | undefined,
  now: Date,
): boolean => (start == null || start <= now) && (end == null || now < end);

export interface BannerFacts {
  /** buy_button.is_coming_soon */
  isComingSoon: boolean;
  /** buy_button.is_last_call */
  isLastCall: boolean;
  /** buy_button.is_ended, or the deal otherwise known to be over */
  isEnded: boolean;
  browseDealStatus: string | null;
  startDate: Date | null;
  endDate: Date | null;
  activeTimer: boolean;
  /** The deal and the session are both in the last-call campaign. */
  inLastCallCampaign: boolean;
  /** The deal and the session are both in the Black Friday campaign. */
  inBlackFridayCampaign: boolean;
}

/** Both the deal (opt-in participation) and the session carry the campaign. */
export const inCampaign = (
  campaignSlug: string | null | undefined,
  dealParticipation: readonly string[],
  sessionCampaigns: readonly string[],
): boolean =>
  campaignSlug != null &&
  dealParticipation.includes(campaignSlug) &&
  sessionCampaigns.includes(campaignSlug);

/** Banner type in the spec's priority order; the first that holds wins. */
export const bannerType = (deal: BannerFacts, now: Date): BannerType => {
  const started = deal.startDate == null || deal.startDate <= now;
  const ended = deal.isEnded || (deal.endDate != null && deal.endDate <= now);
  if (deal.isComingSoon && deal.startDate != null && deal.startDate > now) return "coming_soon";
  if (deal.browseDealStatus === BROWSE_DEAL_STATUS_EXPIRED) return "sold_out";
  if (deal.isLastCall && deal.inLastCallCampaign) return "last_call";
  if (deal.isLastCall && deal.inBlackFridayCampaign) return "black_friday";
  if (deal.endDate != null && started && deal.activeTimer) return "ending_soon";
  if (
    !ended &&
    deal.startDate != null &&
    started &&
    now.getTime() - deal.startDate.getTime() < NEW_BANNER_WINDOW_MS
  ) {
    return "new";
  }
  return "none";
};

/**
 * The banner's text. For ending_soon a timer reason's message, when given, replaces "Offer ends"
 * (followed by the relative time); under one day left the text becomes the hurry message.
 */
export const bannerText = (
  type: BannerType,
  endDate: Date | null,
  now: Date,
  timerReasonMessage?: string | null,
): string | null => {
  switch (type) {
    case "coming_soon":
      return BANNER_COMING_SOON;
    case "sold_out":
      return BANNER_SOLD_OUT;
    case "last_call":
      return BANNER_LAST_CALL;
    case "black_friday":
      return BANNER_BLACK_FRIDAY;
    case "new":
      return BANNER_NEW;
    case "none":
      return null;
    case "ending_soon": {
      if (endDate == null) return null;
      const relative = relativeTime(endDate, now);
      if (timerReasonMessage) return `${timerReasonMessage} ${relative}`;
      if (endDate.getTime() - now.getTime() < BANNER_HURRY_UNDER_MS)
        return hurryOfferEnds(relative);
      return offerEnds(relative);
    }
  }
};

export interface BuyButtonFlags {
  is_ended: boolean;
  is_draft: boolean;
  is_coming_soon: boolean;
  is_early_access: boolean;
  is_last_call: boolean;
  is_get_now: boolean;
}

export interface BuyablePlan {
  id: number | string;
  price: number;
  is_free?: boolean;
}

export interface BuyButtonState {
  text: string;
  disabled: boolean;
}

/** The plan a pricing card starts with: the given plan, else the default plan, else the first. */
export const initialSelectedPlanId = <Id extends number | string>(
  plans: readonly { id: Id }[],
  givenPlanId?: Id | null,
  defaultPlanId?: Id | null,
): Id | null => {
  const has = (id: Id | null | undefined): id is Id =>
    id != null && plans.some((plan) => plan.id === id);
  if (has(givenPlanId)) return givenPlanId;
  if (has(defaultPlanId)) return defaultPlanId;
  return plans[0]?.id ?? null;
};

/**
 * The buy button's text and state. Draft appends " (Draft)" to whatever the text is; a draft is
 * still clickable (staff preview it).
 */
/** Coming soon and not open early (early access, last call): nothing can be bought yet. */
export const isComingSoonLocked = (
  flags: Pick<BuyButtonFlags, "is_coming_soon" | "is_early_access" | "is_last_call">,
): boolean => flags.is_coming_soon && !flags.is_early_access && !flags.is_last_call;

export const buyButtonState = (
  flags: BuyButtonFlags,
  plans: readonly BuyablePlan[],
  selectedPlanId: number | string | null | undefined,
): BuyButtonState => {
  const selected =
    plans.find((plan) => plan.id === selectedPlanId) ?? (plans.length === 1 ? plans[0] : undefined);
  const free = selected != null && (selected.is_free === true || selected.price === 0);
  const withDraft = (state: BuyButtonState): BuyButtonState =>
    flags.is_draft ? { ...state, text: state.text + DRAFT_SUFFIX } : state;

  if (flags.is_ended) return withDraft({ text: BUY_SOLD_OUT, disabled: true });
  if (isComingSoonLocked(flags)) {
    return withDraft({ text: BUY_COMING_SOON, disabled: true });
  }
  const text = free ? GET_NOW_FOR_FREE : flags.is_get_now ? GET_NOW : BUY_NOW;
  return withDraft({ text, disabled: plans.length > 1 && selected == null });
};

export interface LimitedQuantity {
  percent_claimed: number | null;
  quantity_remaining_below_threshold: number | null;
}

/** "Hurry! Only {n} remaining" while a count is known, else "Hurry! {n}% claimed"; -1 hides it. */
export const limitedQuantityText = (deal: LimitedQuantity): string | null => {
  if (deal.percent_claimed === PERCENT_CLAIMED_HIDDEN) return null;
  const left = deal.quantity_remaining_below_threshold;
  if (left != null && left > 0) return hurryOnlyRemaining(left);
  if (deal.percent_claimed == null) return null;
  return hurryPercentClaimed(deal.percent_claimed);
};

/** The meter's own label: "N remaining" or "N% claimed"; null when hidden. */
export const limitedQuantityMeterLabel = (deal: LimitedQuantity): string | null => {
  if (deal.percent_claimed === PERCENT_CLAIMED_HIDDEN) return null;
  const left = deal.quantity_remaining_below_threshold;
  if (left != null && left > 0) return remaining(left);
  if (deal.percent_claimed == null) return null;
  return percentClaimed(deal.percent_claimed);
};

// ---------------------------------------------------------------------------------------------
// Buying (spec 001 section 4 "Deal availability", "Plus-gated purchase", "Buy-now")
// ---------------------------------------------------------------------------------------------

/**
 * What the purchase area offers: an ended deal is "Sold out" with a restock sign-up (prices and
 * buy buttons hidden); an informational or inactive-indefinitely deal takes waitlist e-mails
 * instead of orders; everything else is bought. Ended wins over info: "Sold out" is the stronger
 * fact and its sign-up says the same thing ("notify me when it returns").
 */
export type PurchaseMode = "buy" | "sold_out" | "waitlist";

export const purchaseMode = (deal: {
  isEnded: boolean;
  isInfo: boolean;
  stage: StageDetails | null | undefined;
}): PurchaseMode => {
  if (deal.isEnded) return "sold_out";
  if (deal.isInfo || isInactiveIndefinitely(deal.stage)) return "waitlist";
  return "buy";
};

/** Early access, last call and Plus-tier plans are sold to Plus members (or with Plus). */
export const isPlusGated = (
  flags: Pick<BuyButtonFlags, "is_early_access" | "is_last_call">,
  plan: { is_plus_tier?: boolean } | null | undefined,
): boolean => flags.is_early_access || flags.is_last_call || plan?.is_plus_tier === true;

/** A non-member buying a Plus-gated plan gets the Plus shelf; a member adds the plan directly. */
export const needsPlusShelf = (
  flags: Pick<BuyButtonFlags, "is_early_access" | "is_last_call">,
  plan: { is_plus_tier?: boolean } | null | undefined,
  hasPlus: boolean,
): boolean => !hasPlus && isPlusGated(flags, plan);

/**
 * The deal inline timer's heading: "Deal ends in", unless the timer reason supplies messaging.
 * The spec gives no list of reasons; ours: a reason written as a code (a lowercase slug such as
 * "sold_out") carries no messaging, any other text is the message itself ("Price goes up in").
 */
export const dealTimerHeading = (
  timerReason: string | null | undefined,
  currentStage?: string | null,
): string => {
  // A deal that has not started counts down to its start: it does not "end" then.
  if (currentStage === "coming_soon") return STARTS_IN;
  const reason = timerReason?.trim();
  if (!reason || /^[a-z0-9_-]+$/.test(reason)) return DEAL_ENDS_IN;
  return reason;
};

/** What the deal timer counts to: the next stage's start, else the deal's end. */
export const dealTimerTarget = (
  stage: StageDetails | null | undefined,
  endDate: Date | null,
): Date | null => stage?.next_stage_start_date ?? endDate;
