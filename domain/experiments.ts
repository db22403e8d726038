/**
 * Experiments: a small, deterministic assignment of a session to a variant per experiment.
 *
 * The same session always lands in the same variant of an experiment (no stored assignment, so
 * nothing to migrate or clean up), and different experiments split sessions independently because
 * the experiment's name is part of what is hashed. A visitor without a session gets no variant:
 * their pages are the same for everyone (and so can be cached).
 */

/** Experiments the code itself reads; each lists its variants, the first being the control. */
export const CODE_EXPERIMENTS = {
  /** Prices are converted to the session's currency only in the "enabled" variant. */
  currency_conversion: ["control", "enabled"],
} as const satisfies Record<string, readonly string[]>;

export type CodeExperiment = keyof typeof CODE_EXPERIMENTS;
export const CURRENCY_EXPERIMENT: CodeExperiment = "currency_conversion";
/** The variant a visitor without an assignment sees. */
export const CONTROL_VARIANT = "control";
/** The variant under which an experiment's behaviour is on. */
export const ENABLED_VARIANT = "enabled";

/** Session -> experiment -> variant. */
export type ExperimentAssignments = Record<string, string>;

/** An experiment name or variant as stored in experiment_data: short, plain characters. */
const NAME = /^[A-Za-z0-9_.-]{1,64}$/;
export const isExperimentName = (value: unknown): value is string =>
  typeof value === "string" && NAME.test(value);

/** FNV-1a, 32 bits: tiny and stable across runtimes (server and browser). */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * FNV-1a's low bits are weak (its lowest bit is only the parity of the input's characters), and
 * the bucket is taken modulo a small count: murmur3's finaliser spreads every input bit over them.
 */
export function bucketHash(text: string): number {
  let h = fnv1a(text);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The variant of one experiment for one session key; null without a key or variants. */
export function assignVariant(
  sessionKey: string | null | undefined,
  experiment: string,
  variants: readonly string[],
): string | null {
  if (!sessionKey || variants.length === 0) return null;
  // Variants are sorted so the assignment does not depend on the order they were read in.
  const sorted = [...new Set(variants)].sort();
  return sorted[bucketHash(`${experiment}:${sessionKey}`) % sorted.length] ?? null;
}

/**
 * Every experiment's variant for a session: the code's experiments, plus those named by
 * experiment_data on smart collections (experiment -> the variants its collections carry).
 * The code's own experiments keep their control-first order of definition for readability, but
 * are assigned like any other.
 */
export function assignExperiments(
  sessionKey: string | null | undefined,
  collectionExperiments: Record<string, readonly string[]> = {},
): ExperimentAssignments {
  const out: ExperimentAssignments = {};
  if (!sessionKey) return out;
  const all: Record<string, readonly string[]> = { ...collectionExperiments, ...CODE_EXPERIMENTS };
  for (const [experiment, variants] of Object.entries(all)) {
    const variant = assignVariant(sessionKey, experiment, variants);
    if (variant) out[experiment] = variant;
  }
  return out;
}

export const isExperimentEnabled = (
  assignments: ExperimentAssignments | null | undefined,
  experiment: CodeExperiment,
): boolean => assignments?.[experiment] === ENABLED_VARIANT;

/**
 * Whether a smart collection is shown to a session: collections without experiment_data are for
 * everyone; one tied to an experiment shows only to sessions in its variant (the control without one).
 */
export function collectionVisible(
  experimentData: { experiment?: unknown; variant?: unknown } | null | undefined,
  assignments: ExperimentAssignments,
): boolean {
  const experiment = experimentData?.experiment;
  const variant = experimentData?.variant;
  if (!isExperimentName(experiment) || !isExperimentName(variant)) return true;
  // Visitors without a session (no assignment) see the control.
  return (assignments[experiment] ?? CONTROL_VARIANT) === variant;
}

/**
 * Whether a session's prices are converted to its currency: a currency other than USD under the
 * currency experiment's enabled variant. The one rule the root data (what the page renders) and
 * the page cache key (what a shared page depends on) both read.
 */
export function convertsPrices(sessionKey: string | null | undefined, currency: string): boolean {
  if (!sessionKey || currency.toUpperCase() === "USD") return false;
  const variant = assignVariant(
    sessionKey,
    CURRENCY_EXPERIMENT,
    CODE_EXPERIMENTS[CURRENCY_EXPERIMENT],
  );
  return variant === ENABLED_VARIANT;
}

/**
 * What a shared (cached) page rendered for this session depends on among its experiments, as a
 * short string ("" for most: no session, USD, or the control). Not the buckets themselves: the
 * cached HTML carries none (decision 053), only what they change, so sessions that render alike
 * share one page whatever their buckets.
 */
export function experimentsCacheKey(
  sessionKey: string | null | undefined,
  currency: string,
): string {
  return convertsPrices(sessionKey, currency) ? "fx" : "";
}
