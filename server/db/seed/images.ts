import { ADDON_DEALS, DEALS } from "./deals";

// Generated placeholder art for the demo: every /media/demo/{name}.svg the seed refers to is drawn
// from its name (a gradient and initials), so the demo needs no binary assets.

const NAMES = new Map([...DEALS, ...ADDON_DEALS].map((d) => [d.slug, d.name]));

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** The label drawn on the image: a deal's initials (TaskFlow -> TF), a person's (maya-chen -> MC). */
function initials(base: string): string {
  const name = NAMES.get(base);
  if (name) {
    const caps = name.replace(/[^A-Z0-9]/g, "");
    if (caps.length >= 2) return caps.slice(0, 2);
    return (name.replace(/[^A-Za-z0-9]/g, "").slice(0, 2) || "P").replace(/^./, (c) =>
      c.toUpperCase(),
    );
  }
  const words = base.split(/[-_.]+/).filter((w) => w && !/^\d+$/.test(w));
  if (words.length >= 2) return ((words[0]?.[0] ?? "") + (words[1]?.[0] ?? "")).toUpperCase();
  const w = words[0] ?? "P";
  return (w.slice(0, 2) || "P").replace(/^./, (c) => c.toUpperCase());
}

/**
 * The SVG for /media/demo/{name}.svg. Square for avatars, logos and badges; 16:9 (832x468, the
 * hero gallery size) for everything else. Deterministic: the same name always draws the same art.
 */
export function demoImageSvg(name: string): string {
  const clean = name.replace(/\.svg$/, "").slice(0, 80);
  const square = /^(avatar|logo|badge|source)-/.test(clean) && !clean.startsWith("logo-long");
  const base = clean
    .replace(/^(avatar|logo-long-dark|logo-long|logo|badge|source|collection)-/, "")
    .replace(/-(\d+|thumb|bg|bg-mobile)$/, "");
  const h = hash(base);
  const hue1 = h % 360;
  const hue2 = (hue1 + 40 + ((h >>> 9) % 80)) % 360;
  const [w, ht] = square ? [256, 256] : clean.startsWith("logo-long") ? [480, 120] : [832, 468];
  const label = escapeXml(initials(base));
  const caption = square
    ? ""
    : escapeXml((NAMES.get(base) ?? base.replace(/[-_]+/g, " ")).slice(0, 40));
  const n = /-(\d+)$/.exec(clean)?.[1];
  const size = Math.round(Math.min(w, ht) * (square ? 0.4 : 0.32));
  const round = clean.startsWith("avatar-") ? ` rx="${w / 2}"` : square ? ` rx="28"` : "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${ht}" viewBox="0 0 ${w} ${ht}" role="img" aria-label="${caption || label}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue1} 70% 55%)"/><stop offset="1" stop-color="hsl(${hue2} 75% 38%)"/>`,
    `</linearGradient></defs>`,
    `<rect width="${w}" height="${ht}" fill="url(#g)"${round}/>`,
    square
      ? ""
      : `<circle cx="${w * 0.85}" cy="${ht * 0.15}" r="${ht * 0.35}" fill="#fff" fill-opacity="0.08"/><circle cx="${w * 0.1}" cy="${ht * 0.95}" r="${ht * 0.3}" fill="#fff" fill-opacity="0.06"/>`,
    `<text x="50%" y="${caption ? "46%" : "50%"}" dominant-baseline="central" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-weight="700" font-size="${size}" fill="#fff">${label}</text>`,
    caption
      ? `<text x="50%" y="72%" text-anchor="middle" font-family="system-ui, -apple-system, Segoe UI, sans-serif" font-size="${Math.round(ht * 0.06)}" fill="#fff" fill-opacity="0.85">${caption}${n ? ` · ${n}` : ""}</text>`
      : "",
    `</svg>`,
  ].join("");
}
