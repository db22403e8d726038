import { TIMER_HIDE_HOURS_UNDER_MS } from "./constants";
import {
  A_BIT,
  dropsInClock,
  dropsInDays,
  ENDS_IN,
  MOSAIC_COMING_SOON,
  MOSAIC_DROPS_SOON,
  MOSAIC_ENDED,
  MOSAIC_LIVE,
  STARTS_IN,
  TWENTY_FOUR_PLUS_HOURS,
} from "./messages";
import { groupThousands } from "./money";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface RemainingParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until target, split into parts; stops at zero rather than going negative. */
export const remainingParts = (target: Date, now: Date): RemainingParts => {
  const ms = Math.max(0, target.getTime() - now.getTime());
  return {
    days: Math.floor(ms / DAY),
    hours: Math.floor((ms % DAY) / HOUR),
    minutes: Math.floor((ms % HOUR) / MINUTE),
    seconds: Math.floor((ms % MINUTE) / SECOND),
  };
};

/** Hours are hidden when the end is under 5 minutes away. */
export const showsHours = (target: Date, now: Date): boolean =>
  target.getTime() - now.getTime() >= TIMER_HIDE_HOURS_UNDER_MS;

/**
 * Spec 000: when exactly one day remains the countdown reads "24+ hours" rather than "1 day".
 * Other day counts read "{n} days" (our wording).
 */
export const daysLabel = (days: number): string =>
  days === 1 ? TWENTY_FOUR_PLUS_HOURS : `${days} days`;

export type Countdown =
  | { phase: "hidden" }
  | { phase: "ended" }
  | {
      phase: "before" | "running";
      header: typeof STARTS_IN | typeof ENDS_IN;
      /** null when the phase has no end to count to: the countdown then reads "a bit!". */
      target: Date | null;
      remaining: RemainingParts | null;
      showHours: boolean;
      text: typeof A_BIT | null;
    };

/**
 * Before start counts to the start ("Starts in"); between start and end to the end ("Ends in");
 * after the end it is ended. With no dates at all it renders nothing.
 */
export const countdown = (start: Date | null, end: Date | null, now: Date): Countdown => {
  if (!start && !end) return { phase: "hidden" };
  if (start && now < start) return running("before", STARTS_IN, start, now);
  if (end && now >= end) return { phase: "ended" };
  return running("running", ENDS_IN, end, now);
};

const running = (
  phase: "before" | "running",
  header: typeof STARTS_IN | typeof ENDS_IN,
  target: Date | null,
  now: Date,
): Countdown => ({
  phase,
  header,
  target,
  remaining: target ? remainingParts(target, now) : null,
  showHours: target ? showsHours(target, now) : false,
  text: target ? null : A_BIT,
});

const pad = (n: number): string => String(n).padStart(2, "0");

/** "HH:MM:SS"; hours may exceed 23 since days are folded in. */
export const clockText = (ms: number): string => {
  const total = Math.max(0, Math.floor(ms / SECOND));
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
};

export type MosaicStatus = "coming_soon" | "ended" | "live" | "drops_soon";

export interface MosaicCardStatus {
  status: MosaicStatus;
  label: string;
  /** Only while dropping soon. */
  dropsIn: string | null;
}

/**
 * Collection mosaic card: Coming Soon without a start date; Ended past the end; Live once started;
 * else Drops soon, counting "HH:MM:SS" under 24 hours and whole days (rounded down) beyond.
 */
export const mosaicCardStatus = (
  start: Date | null,
  end: Date | null,
  now: Date,
): MosaicCardStatus => {
  if (!start) return { status: "coming_soon", label: MOSAIC_COMING_SOON, dropsIn: null };
  if (end && now >= end) return { status: "ended", label: MOSAIC_ENDED, dropsIn: null };
  if (now >= start) return { status: "live", label: MOSAIC_LIVE, dropsIn: null };
  const ms = start.getTime() - now.getTime();
  const dropsIn = ms < DAY ? dropsInClock(clockText(ms)) : dropsInDays(Math.floor(ms / DAY));
  return { status: "drops_soon", label: MOSAIC_DROPS_SOON, dropsIn };
};

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", DAY],
  ["hour", HOUR],
  ["minute", MINUTE],
  ["second", SECOND],
];

// One formatter per locale, built on first use (constructing one per call is costly).
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(locale: string) {
  let f = relativeFormats.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
    relativeFormats.set(locale, f);
  }
  return f;
}

/**
 * "in 3 days", "in 5 hours": the largest whole unit, for banner texts such as "Offer ends ...";
 * one whole day left reads "in 24+ hours".
 */
export const relativeTime = (target: Date, now: Date, locale = "en-US"): string => {
  const diff = target.getTime() - now.getTime();
  // Spec 000: with exactly one (whole) day left the countdown reads "24+ hours", not "1 day".
  if (Math.trunc(diff / DAY) === 1) return `in ${daysLabel(1)}`;
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(diff) >= size || unit === "second")
      return relative(Math.trunc(diff / size), unit, locale);
  }
  return relative(0, "second", locale);
};

/**
 * en-US written by hand ("in 3 days", "1 hour ago": what Intl.RelativeTimeFormat writes with
 * numeric "always", pinned by countdown.test.ts), so a deal card's banner does not make the
 * browser load ICU data while the page hydrates (issue 15, TBT); other locales use Intl.
 */
function relative(value: number, unit: Intl.RelativeTimeFormatUnit, locale: string): string {
  if (locale !== "en-US" || !Number.isSafeInteger(value))
    return relativeFormat(locale).format(value, unit);
  const count = Math.abs(value);
  const words = `${groupThousands(count)} ${unit}${count === 1 ? "" : "s"}`;
  return value < 0 || Object.is(value, -0) ? `${words} ago` : `in ${words}`;
}
