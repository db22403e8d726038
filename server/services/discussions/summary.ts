// The reviews summary of a deal: extractive (sentences taken from the approved reviews themselves,
// no external service), with its evidence. Each statement is a theme several reviews share,
// worded by the sentence that represents the theme best, with how many approved reviews back it
// and their ids. deals.reviews_summary is a text column, so the summary is stored as JSON text;
// parseReviewsSummary also reads the older plain-text summaries (the seed's).

export type SummaryReview = { id: number; title: string; comment: string; rating: number | null };

export type SummaryStatement = {
  text: string;
  /** The theme's key words, e.g. ["client", "portal"]. */
  theme: string[];
  count: number;
  review_ids: number[];
  sentiment: "positive" | "mixed" | "negative";
};

export type ReviewsSummary = {
  version: 1;
  /** The statements as one paragraph. */
  text: string;
  statements: SummaryStatement[];
  /** How many approved reviews the summary was built from. */
  based_on: number;
  /** "Based on N reviews". */
  label: string;
  generated_at: string;
};

export const SUMMARY_MAX_STATEMENTS = 5;
/** A theme needs at least this many reviews behind it (or every review, when there are fewer). */
export const SUMMARY_MIN_SUPPORT = 2;
/** Regenerate when approved reviews grew by 20% or fell by 5% since the last summary. */
export const SUMMARY_GROWTH = 1.2;
export const SUMMARY_SHRINK = 0.95;
const REVIEW_IDS_KEPT = 100;

export const basedOnLabel = (n: number): string => `Based on ${n} review${n === 1 ? "" : "s"}`;

const STOPWORDS = new Set(
  (
    "a about above after again against all also am an and any are aren't as at be because been " +
    "before being below between both but by can can't cannot could couldn't did didn't do does " +
    "doesn't doing don't down during each even ever every few for from further get gets got had " +
    "hadn't has hasn't have haven't having he her here hers herself him himself his how i i'm i've " +
    "if in into is isn't it it's its itself just let's like lot lots made make makes many me more " +
    "most much must my myself need no nor not now of off on once one only or other ought our ours " +
    "ourselves out over own pretty quite really same she should shouldn't so some still such than " +
    "that that's the their theirs them themselves then there there's these they they're this those " +
    "through to too under until up us use used using very was wasn't we we're we've well were " +
    "weren't what when where which while who whom why will with won't would wouldn't yet you " +
    "you're you've your yours yourself yourselves thing things way ever since bit lot way "
  ).split(/\s+/),
);

/** A crude stemmer: enough to make "portals" and "portal" one theme. */
function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith("es") && /(ch|sh|x|ss)es$/.test(word))
    return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function terms(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z][a-z'-]*[a-z]|[a-z]/g) ?? [];
  return words.filter((w) => w.length > 2 && !STOPWORDS.has(w)).map(stem);
}

export function splitSentences(text: string): string[] {
  return text
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'(])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 12 && s.length <= 300);
}

type Sentence = { text: string; reviewId: number; terms: Set<string> };

/**
 * Builds the summary of the given (approved) reviews. Themes are words and word pairs that occur
 * in several reviews; the strongest themes whose reviews do not mostly repeat an earlier theme's
 * become statements, each worded by the sentence that best covers the theme's frequent words.
 */
export function buildReviewsSummary(reviews: SummaryReview[], now: Date): ReviewsSummary | null {
  if (reviews.length === 0) return null;
  const sentences: Sentence[] = [];
  // Which reviews mention each term (unigrams and adjacent pairs).
  const mentions = new Map<string, Set<number>>();
  const ratingById = new Map<number, number | null>();
  for (const review of reviews) {
    ratingById.set(review.id, review.rating);
    const seen = new Set<string>();
    // The title counts towards themes; only the body's sentences may word a statement.
    const texts = [
      { text: review.title, quotable: false },
      ...splitSentences(review.comment).map((text) => ({ text, quotable: true })),
    ];
    for (const { text, quotable } of texts) {
      const words = terms(text);
      const set = new Set<string>(words);
      for (let i = 0; i + 1 < words.length; i++) set.add(`${words[i]} ${words[i + 1]}`);
      for (const term of set) seen.add(term);
      if (quotable) sentences.push({ text, reviewId: review.id, terms: set });
    }
    for (const term of seen) {
      let ids = mentions.get(term);
      if (!ids) mentions.set(term, (ids = new Set()));
      ids.add(review.id);
    }
  }
  const minSupport = Math.min(SUMMARY_MIN_SUPPORT, reviews.length);
  // Pairs read better than single words: a pair outranks its words at equal support.
  const themes = [...mentions.entries()]
    .filter(([, ids]) => ids.size >= minSupport)
    .map(([term, ids]) => ({
      term,
      ids,
      score: ids.size * (term.includes(" ") ? 1.5 : 1),
    }))
    .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term));

  const statements: SummaryStatement[] = [];
  const usedSentences = new Set<string>();
  const covered: Set<number>[] = [];
  for (const theme of themes) {
    if (statements.length >= SUMMARY_MAX_STATEMENTS) break;
    // A theme whose reviews mostly repeat an earlier statement's adds nothing new.
    const overlaps = covered.some((ids) => {
      let shared = 0;
      for (const id of theme.ids) if (ids.has(id)) shared++;
      return shared / theme.ids.size > 0.8 && theme.ids.size <= ids.size;
    });
    if (overlaps && statements.length > 0) continue;
    let best: Sentence | null = null;
    let bestScore = -1;
    for (const sentence of sentences) {
      if (!sentence.terms.has(theme.term) || usedSentences.has(sentence.text)) continue;
      let score = 0;
      for (const term of sentence.terms) score += (mentions.get(term)?.size ?? 0) - 1;
      // Favour sentences of a readable length.
      score /= Math.max(8, sentence.terms.size);
      if (score > bestScore) {
        best = sentence;
        bestScore = score;
      }
    }
    if (!best) continue;
    usedSentences.add(best.text);
    covered.push(theme.ids);
    const ids = [...theme.ids].sort((a, b) => a - b);
    const ratings = ids.map((id) => ratingById.get(id)).filter((r): r is number => r != null);
    const mean = ratings.length ? ratings.reduce((s, r) => s + r, 0) / ratings.length : 3;
    statements.push({
      text: best.text,
      theme: theme.term.split(" "),
      count: ids.length,
      review_ids: ids.slice(0, REVIEW_IDS_KEPT),
      sentiment: mean >= 4 ? "positive" : mean <= 2.5 ? "negative" : "mixed",
    });
  }
  // Too few shared themes (a handful of short reviews): the most helpful sentence of each.
  if (statements.length === 0) {
    for (const review of reviews.slice(0, SUMMARY_MAX_STATEMENTS)) {
      const text = splitSentences(review.comment)[0] ?? review.title;
      if (!text) continue;
      statements.push({
        text,
        theme: [],
        count: 1,
        review_ids: [review.id],
        sentiment:
          (review.rating ?? 3) >= 4 ? "positive" : (review.rating ?? 3) <= 2 ? "negative" : "mixed",
      });
    }
  }
  return {
    version: 1,
    text: statements.map((s) => s.text).join(" "),
    statements,
    based_on: reviews.length,
    label: basedOnLabel(reviews.length),
    generated_at: now.toISOString(),
  };
}

/**
 * The stored column as a summary. Plain text (written before summaries carried evidence) becomes
 * a summary without statements whose review count is unknown.
 */
export function parseReviewsSummary(
  stored: string | null,
  updatedAt: Date | null,
):
  | (Omit<ReviewsSummary, "based_on" | "label"> & { based_on: number | null; label: string | null })
  | null {
  if (!stored) return null;
  try {
    const parsed = JSON.parse(stored) as ReviewsSummary;
    if (parsed && typeof parsed === "object" && parsed.version === 1) return parsed;
  } catch {
    // Plain text.
  }
  return {
    version: 1,
    text: stored,
    statements: [],
    based_on: null,
    label: null,
    generated_at: (updatedAt ?? new Date(0)).toISOString(),
  };
}

/** Whether a change from `previous` to `current` approved reviews calls for a new summary. */
export function summaryIsStale(previous: number | null, current: number): boolean {
  if (previous === null || previous === 0) return current > 0;
  return current >= previous * SUMMARY_GROWTH || current <= previous * SUMMARY_SHRINK;
}
