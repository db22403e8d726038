// Text colours that stay readable on colours that come from data (collection headers, campaign
// banners, badges, tiles, branded panels): WCAG 2.x relative luminance and contrast ratio.

export type Rgb = readonly [number, number, number];

/** The site's ink and white: the two text colours a data-given background chooses between. */
export const INK = "#1d1d2c";
export const WHITE = "#ffffff";
export const BLACK = "#000000";
/** WCAG AA for normal text. */
export const AA_NORMAL = 4.5;

/** #rgb, #rrggbb, #rrggbbaa (alpha ignored) and rgb()/rgba(); null for anything else. */
export function parseColor(css: string | null | undefined): Rgb | null {
  if (!css) return null;
  const s = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(s)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex.slice(0, 6);
    return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})\s*(?:[,/][^)]*)?\)$/.exec(s);
  if (rgb) {
    const parts = [rgb[1], rgb[2], rgb[3]].map((x) => Math.min(255, Number(x)));
    return parts as unknown as Rgb;
  }
  return null;
}

/** WCAG relative luminance (0 black to 1 white). */
export function luminance([r, g, b]: Rgb): number {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (1 to 21); null when either does not parse. */
export function contrastRatio(a: string, b: string): number | null {
  const ca = parseColor(a);
  const cb = parseColor(b);
  if (!ca || !cb) return null;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whether white text reads better than ink on this background (unparseable: treated as dark). */
export function isDarkBackground(background: string): boolean {
  const onWhite = contrastRatio(background, WHITE);
  const onInk = contrastRatio(background, INK);
  if (onWhite == null || onInk == null) return true;
  return onWhite >= onInk;
}

/**
 * The text colour for a data-given background: the data's own text colour when it passes WCAG AA
 * on it, otherwise ink or white, whichever contrasts more (black for the mid tones where neither
 * reaches AA). An unparseable background keeps the
 * preferred colour (or white: the site's fallback backgrounds are dark).
 */
export function readableTextColor(background: string, preferred?: string | null): string {
  if (preferred && (contrastRatio(background, preferred) ?? 0) >= AA_NORMAL) return preferred;
  if (!parseColor(background)) return preferred ?? WHITE;
  const pick = isDarkBackground(background) ? WHITE : INK;
  // Mid tones sit below AA with ink (which is not black); pure black always reaches it there.
  return (contrastRatio(background, pick) ?? 0) >= AA_NORMAL ? pick : BLACK;
}
