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

/** A tick; with a `label` it is an image screen readers name, otherwise decoration. */
export function TickIcon({ className, label }: { className: string; label?: string }) {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-label (role img) when labelled, else aria-hidden
    <svg
      {...(label ? { "aria-label": label, role: "img" } : { "aria-hidden": true })}
      viewBox="0 0 20 20"
      className={className}
    >
      <path
        d="M4 10.5 8 14l8-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
    </svg>
  );
}
