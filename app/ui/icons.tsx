// Shapes drawn many times on a page (every rating, tick, helpful and share button) are defined
// once, in the root layout's sprite, and drawn with <use>: a few dozen bytes per copy instead of
// the whole path. The outer <svg> keeps each copy's viewBox, class and accessible name.

// Ratings, ticks and checks are drawn by CSS from the same shapes (`tacos`, `icon-tick` and
// `icon-check` in app.css): an empty element each.
export type SpriteId = "thumb" | "share";

/** The shared shapes, once per page (app/root.tsx). */
export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute" focusable="false">
      <defs>
        <path
          id="i-thumb"
          d="M6 9v8H3V9h3Zm0 0 3.5-6.2a1.6 1.6 0 0 1 2.9 1.2L11.6 7H16a1.7 1.7 0 0 1 1.7 2l-1.2 6.4A2 2 0 0 1 14.5 17H6"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
        <g id="i-share" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M12 3v12M7 8l5-5 5 5" strokeLinejoin="round" />
          <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7" />
        </g>
      </defs>
    </svg>
  );
}

/** One of the sprite's shapes (attributes on <use> reach the shape's unset fill and stroke). */
export function Use({ id, ...rest }: { id: SpriteId } & React.SVGProps<SVGUseElement>) {
  return <use href={`#i-${id}`} {...rest} />;
}

/** A chevron pointing back (`prev`) or forward, for carousel arrows. */
export function ChevronIcon({ prev, className }: { prev: boolean; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2.25"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={prev ? "M12.5 4.5 7 10l5.5 5.5" : "M7.5 4.5 13 10l-5.5 5.5"} />
    </svg>
  );
}

/**
 * A tick; with a `label` it is an image screen readers name, otherwise decoration (empty, so
 * nothing to hide). Drawn by CSS: `className` includes `icon-tick` (app.css) or a utility built on it.
 */
export function TickIcon({ className, label }: { className: string; label?: string }) {
  return label ? (
    <i role="img" aria-label={label} className={className} />
  ) : (
    <i className={className} />
  );
}
