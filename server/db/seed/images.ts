import { PLUS_DEAL_SLUG } from "../../../domain/constants";
import { ADDON_DEALS, DEALS } from "./deals";

// Generated art for the demo: every /media/demo/{name}.svg the seed refers to is drawn from its
// name, so the demo needs no binary assets. Product images are illustrated screenshots of an app
// window whose layout follows the deal's category (a kanban board for productivity, a chart
// dashboard for marketing and sales, a canvas for design, a code editor for developer tools, a
// lesson player for courses, a grid of assets for templates and assets); collection art is an
// abstract pattern without lettering (captions sit on it); logos are a glyph on a coloured tile.

type DealInfo = { name: string; tax: string; card: string };
const INFO = new Map<string, DealInfo>([
  ...[...DEALS, ...ADDON_DEALS].map((d): [string, DealInfo] => [
    d.slug,
    {
      name: d.name,
      tax: (d as { tax?: string }).tax ?? "",
      card: (d as { card?: string }).card ?? "",
    },
  ]),
  // The membership's own deal (seed/plus.ts): its cart line and shelf show its picture.
  [PLUS_DEAL_SLUG, { name: "Payonce Plus", tax: "", card: "" }],
]);

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A small deterministic generator: the same name always draws the same picture. */
function rng(seed: number) {
  let x = seed || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return ((x >>> 0) % 10000) / 10000;
  };
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** A person's or deal's initials (avatars only: people are drawn as monograms). */
function initials(base: string): string {
  const name = INFO.get(base)?.name;
  if (name) {
    const caps = name.replace(/[^A-Z0-9]/g, "");
    if (caps.length >= 2) return caps.slice(0, 2);
    return (name.replace(/[^A-Za-z0-9]/g, "").slice(0, 2) || "P").toUpperCase();
  }
  const words = base.split(/[-_.]+/).filter((w) => w && !/^\d+$/.test(w));
  if (words.length >= 2) return ((words[0]?.[0] ?? "") + (words[1]?.[0] ?? "")).toUpperCase();
  return ((words[0] ?? "P").slice(0, 2) || "P").toUpperCase();
}

const FONT = `font-family="system-ui, -apple-system, Segoe UI, sans-serif"`;
const r = (x: number) => Math.round(x * 10) / 10;
const rect = (x: number, y: number, w: number, h: number, fill: string, rx = 0, extra = "") =>
  `<rect x="${r(x)}" y="${r(y)}" width="${r(w)}" height="${r(h)}" rx="${rx}" fill="${fill}"${extra}/>`;

type Palette = { accent: string; accent2: string; soft: string; bg1: string; bg2: string };
function palette(h: number): Palette {
  const hue = h % 360;
  const hue2 = (hue + 150 + ((h >>> 9) % 60)) % 360;
  return {
    accent: `hsl(${hue} 70% 52%)`,
    accent2: `hsl(${hue2} 65% 55%)`,
    soft: `hsl(${hue} 70% 94%)`,
    bg1: `hsl(${hue} 60% 92%)`,
    bg2: `hsl(${hue2} 55% 86%)`,
  };
}

type Kind = "kanban" | "dashboard" | "canvas" | "code" | "course" | "assets";
function kindOf(tax: string, h: number): Kind {
  const [group, category] = tax.split("/");
  if (group === "courses-learning") return "course";
  if (group === "digital-assets" || group === "templates") return "assets";
  if (category === "productivity" || category === "operations")
    return h % 3 === 0 ? "dashboard" : "kanban";
  if (category === "design") return "canvas";
  if (category === "developer-tools") return "code";
  if (category === "marketing" || category === "sales") return "dashboard";
  return (["kanban", "dashboard", "canvas", "code"] as const)[h % 4] ?? "dashboard";
}

/** Grey text lines (a screenshot's copy, unreadable at thumbnail size by design). */
function lines(x: number, y: number, w: number, n: number, rand: () => number, gap = 14) {
  let out = "";
  for (let i = 0; i < n; i++)
    out += rect(x, y + i * gap, w * (0.45 + rand() * 0.5), 6, "#d9dbe3", 3);
  return out;
}

function kanban(x: number, y: number, w: number, h: number, p: Palette, rand: () => number) {
  const cols = 3;
  const cw = (w - 16 * (cols + 1)) / cols;
  let out = "";
  for (let c = 0; c < cols; c++) {
    const cx = x + 16 + c * (cw + 16);
    out += rect(cx, y + 16, cw, h - 32, "#f3f4f8", 10);
    out += rect(cx + 12, y + 28, cw * 0.4, 8, c === 1 ? p.accent : "#b9bccb", 4);
    let cy = y + 48;
    const cards = 2 + Math.floor(rand() * 3);
    for (let k = 0; k < cards && cy < y + h - 60; k++) {
      const ch = 44 + rand() * 26;
      out += rect(cx + 10, cy, cw - 20, ch, "#ffffff", 8, ` stroke="#e6e7ee"`);
      out += rect(cx + 20, cy + 12, 34, 6, k % 2 ? p.accent2 : p.accent, 3);
      out += lines(cx + 20, cy + 26, cw - 50, ch > 56 ? 2 : 1, rand, 12);
      out += `<circle cx="${r(cx + cw - 28)}" cy="${r(cy + ch - 14)}" r="7" fill="${k % 2 ? p.accent : p.accent2}" opacity=".7"/>`;
      cy += ch + 10;
    }
  }
  return out;
}

function dashboard(x: number, y: number, w: number, h: number, p: Palette, rand: () => number) {
  let out = "";
  const sw = (w - 16 * 4) / 3;
  for (let i = 0; i < 3; i++) {
    const sx = x + 16 + i * (sw + 16);
    out += rect(sx, y + 16, sw, 64, "#ffffff", 10, ` stroke="#e6e7ee"`);
    out += rect(sx + 14, y + 30, sw * 0.35, 6, "#c5c8d4", 3);
    out += rect(sx + 14, y + 46, sw * 0.55, 16, i === 0 ? p.accent : "#2b2d3c", 4);
  }
  const cy = y + 96;
  const ch = h - 112;
  const cw = w * 0.62;
  out += rect(x + 16, cy, cw, ch, "#ffffff", 10, ` stroke="#e6e7ee"`);
  const bars = 9;
  const bw = (cw - 40) / bars;
  for (let b = 0; b < bars; b++) {
    const bh = (ch - 50) * (0.25 + rand() * 0.7);
    out += rect(
      x + 30 + b * bw,
      cy + ch - 18 - bh,
      bw * 0.6,
      bh,
      b === bars - 2 ? p.accent : p.soft,
      4,
    );
  }
  let path = "";
  for (let b = 0; b < bars; b++) {
    const px = x + 30 + b * bw + bw * 0.3;
    const py = cy + 30 + rand() * (ch - 80);
    path += `${b ? "L" : "M"}${r(px)} ${r(py)} `;
  }
  out += `<path d="${path}" fill="none" stroke="${p.accent2}" stroke-width="3" stroke-linejoin="round"/>`;
  const dx = x + 32 + cw;
  const dw = w - cw - 48;
  out += rect(dx, cy, dw, ch, "#ffffff", 10, ` stroke="#e6e7ee"`);
  const rad = Math.min(dw, ch) * 0.28;
  const ccx = dx + dw / 2;
  const ccy = cy + ch * 0.4;
  const circ = 2 * Math.PI * rad;
  out += `<circle cx="${r(ccx)}" cy="${r(ccy)}" r="${r(rad)}" fill="none" stroke="${p.soft}" stroke-width="16"/>`;
  out += `<circle cx="${r(ccx)}" cy="${r(ccy)}" r="${r(rad)}" fill="none" stroke="${p.accent}" stroke-width="16" stroke-dasharray="${r(circ * (0.4 + rand() * 0.4))} ${r(circ)}" transform="rotate(-90 ${r(ccx)} ${r(ccy)})"/>`;
  out += lines(dx + 16, cy + ch * 0.75, dw - 32, 2, rand, 14);
  return out;
}

function canvas(x: number, y: number, w: number, h: number, p: Palette, rand: () => number) {
  let out = rect(x, y, 56, h, "#f3f4f8");
  for (let i = 0; i < 6; i++)
    out += rect(x + 16, y + 18 + i * 36, 24, 24, i === 1 ? p.accent : "#d9dbe3", 6);
  const ax = x + 80;
  const aw = w - 80 - 150;
  out += rect(ax, y + 20, aw, h - 40, "#ffffff", 6, ` stroke="#e6e7ee"`);
  out += `<circle cx="${r(ax + aw * 0.33)}" cy="${r(y + h * 0.45)}" r="${r(h * 0.2)}" fill="${p.accent}" opacity=".85"/>`;
  out += rect(ax + aw * 0.42, y + h * 0.3, aw * 0.42, h * 0.36, p.accent2, 14, ` opacity=".85"`);
  out += `<path d="M${r(ax + aw * 0.15)} ${r(y + h * 0.82)} Q ${r(ax + aw * 0.5)} ${r(y + h * (0.5 + rand() * 0.2))} ${r(ax + aw * 0.88)} ${r(y + h * 0.8)}" fill="none" stroke="#2b2d3c" stroke-width="4" stroke-linecap="round"/>`;
  out += rect(
    ax + aw * 0.42 - 4,
    y + h * 0.3 - 4,
    aw * 0.42 + 8,
    h * 0.36 + 8,
    "none",
    16,
    ` stroke="#3b82f6" stroke-width="2" stroke-dasharray="6 4"`,
  );
  const px = x + w - 140;
  out += rect(px, y + 20, 124, h - 40, "#f7f7fa", 8);
  for (let i = 0; i < 5; i++) {
    out += rect(px + 12, y + 36 + i * 40, 60, 6, "#c5c8d4", 3);
    out += rect(px + 12, y + 48 + i * 40, 100, 14, "#ffffff", 4, ` stroke="#e6e7ee"`);
  }
  out +=
    rect(px + 12, y + h - 76, 24, 24, p.accent, 6) +
    rect(px + 44, y + h - 76, 24, 24, p.accent2, 6) +
    rect(px + 76, y + h - 76, 24, 24, "#2b2d3c", 6);
  return out;
}

function code(x: number, y: number, w: number, h: number, p: Palette, rand: () => number) {
  let out = rect(x, y, 150, h, "#1f2130");
  for (let i = 0; i < 8; i++)
    out += rect(
      x + 16 + (i % 3 === 0 ? 0 : 12),
      y + 20 + i * 22,
      70 + rand() * 50,
      7,
      i === 2 ? p.accent : "#4a4d63",
      3,
    );
  const ex = x + 150;
  out += rect(ex, y, w - 150, h, "#272a3a");
  const colours = [p.accent, p.accent2, "#f7c66b", "#8fd18a", "#aab0c6", "#e58ba4"];
  for (let i = 0; i < Math.floor((h - 30) / 20); i++) {
    out += rect(ex + 14, y + 18 + i * 20, 14, 6, "#4a4d63", 3);
    let cx = ex + 44 + (i % 4) * 18;
    const tokens = 1 + Math.floor(rand() * 4);
    for (let t = 0; t < tokens; t++) {
      const tw = 24 + rand() * 90;
      out += rect(
        cx,
        y + 18 + i * 20,
        tw,
        7,
        colours[Math.floor(rand() * colours.length)] ?? "#aab0c6",
        3,
      );
      cx += tw + 8;
    }
  }
  out += rect(
    ex + (w - 150) * 0.55,
    y + h - 90,
    (w - 150) * 0.42,
    72,
    "#1a1c28",
    8,
    ` stroke="#3a3d52"`,
  );
  out += rect(ex + (w - 150) * 0.55 + 14, y + h - 74, 60, 7, "#8fd18a", 3);
  out += lines(ex + (w - 150) * 0.55 + 14, y + h - 56, (w - 150) * 0.3, 2, rand, 14).replaceAll(
    "#d9dbe3",
    "#4a4d63",
  );
  return out;
}

function course(x: number, y: number, w: number, h: number, p: Palette, rand: () => number) {
  const vw = w * 0.64;
  const vh = h - 40;
  let out = `<defs><linearGradient id="v" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient></defs>`;
  out += rect(x + 20, y + 20, vw, vh, "url(#v)", 10);
  out += `<circle cx="${r(x + 20 + vw * 0.3)}" cy="${r(y + 20 + vh * 0.62)}" r="${r(vh * 0.22)}" fill="#fff" opacity=".25"/>`;
  out += rect(
    x + 20 + vw * 0.5,
    y + 20 + vh * 0.25,
    vw * 0.38,
    vh * 0.5,
    "#ffffff",
    8,
    ` opacity=".9"`,
  );
  out += lines(x + 30 + vw * 0.5, y + 40 + vh * 0.25, vw * 0.3, 4, rand, 16);
  out += `<circle cx="${r(x + 20 + vw / 2)}" cy="${r(y + 20 + vh / 2)}" r="26" fill="#ffffff"/><path d="M${r(x + 12 + vw / 2)} ${r(y + 6 + vh / 2)} l22 14 -22 14z" fill="${p.accent}"/>`;
  out +=
    rect(x + 36, y + vh + 2, vw - 32, 5, "#ffffff", 2, ` opacity=".5"`) +
    rect(x + 36, y + vh + 2, (vw - 32) * 0.4, 5, "#ffffff", 2);
  const lx = x + 40 + vw;
  const lw = w - vw - 60;
  for (let i = 0; i < 6; i++) {
    const ly = y + 20 + i * ((vh + 8) / 6);
    out += rect(lx, ly, lw, (vh + 8) / 6 - 8, i === 1 ? p.soft : "#ffffff", 8, ` stroke="#e6e7ee"`);
    out += `<circle cx="${r(lx + 18)}" cy="${r(ly + ((vh + 8) / 6 - 8) / 2)}" r="7" fill="${i < 2 ? p.accent : "#d9dbe3"}"/>`;
    out += rect(
      lx + 34,
      ly + ((vh + 8) / 6 - 8) / 2 - 3,
      lw * (0.4 + rand() * 0.4),
      6,
      "#c5c8d4",
      3,
    );
  }
  return out;
}

function assets(x: number, y: number, w: number, h: number, p: Palette, rand: () => number) {
  let out = "";
  const cols = 4;
  const rows = 2;
  const gw = (w - 16 * (cols + 1)) / cols;
  const gh = (h - 16 * (rows + 1)) / rows;
  for (let i = 0; i < cols * rows; i++) {
    const gx = x + 16 + (i % cols) * (gw + 16);
    const gy = y + 16 + Math.floor(i / cols) * (gh + 16);
    const fill = [p.soft, "#f3f4f8", p.bg2, "#ffffff"][i % 4] ?? "#ffffff";
    out += rect(gx, gy, gw, gh, fill, 10, ` stroke="#e6e7ee"`);
    const shape = Math.floor(rand() * 3);
    const c = i % 2 ? p.accent : p.accent2;
    if (shape === 0)
      out += `<circle cx="${r(gx + gw / 2)}" cy="${r(gy + gh * 0.42)}" r="${r(gh * 0.22)}" fill="${c}"/>`;
    else if (shape === 1) out += rect(gx + gw * 0.28, gy + gh * 0.2, gw * 0.44, gh * 0.44, c, 8);
    else
      out += `<path d="M${r(gx + gw / 2)} ${r(gy + gh * 0.18)} L${r(gx + gw * 0.74)} ${r(gy + gh * 0.64)} L${r(gx + gw * 0.26)} ${r(gy + gh * 0.64)}z" fill="${c}"/>`;
    out += rect(gx + gw * 0.2, gy + gh * 0.78, gw * 0.6, 6, "#c5c8d4", 3);
  }
  return out;
}

const DRAW: Record<Kind, typeof kanban> = { kanban, dashboard, canvas, code, course, assets };

/** A product screenshot: a soft backdrop, an app window with title bar and sidebar, the view. */
function screenshot(base: string, n: string | undefined, w: number, h: number): string {
  const info = INFO.get(base);
  const seed = hash(`${base}-${n ?? ""}`);
  const p = palette(hash(base));
  const rand = rng(seed);
  const kind = kindOf(info?.tax ?? "", n ? seed : hash(base));
  const title = escapeXml((info?.name ?? base.replace(/[-_]+/g, " ")).slice(0, 40));
  const m = 36;
  const ww = w - m * 2;
  const wh = h - m;
  const side = kind === "code" || kind === "canvas" ? 0 : 150;
  let out = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient></defs>`;
  out += rect(0, 0, w, h, "url(#bg)");
  out += rect(m, m, ww, wh + 20, "#ffffff", 14, ` stroke="#00000014"`);
  out += rect(m, m, ww, 36, "#f6f6f9", 14) + rect(m, m + 22, ww, 14, "#f6f6f9");
  out += `<circle cx="${m + 20}" cy="${m + 18}" r="5" fill="#ff6159"/><circle cx="${m + 38}" cy="${m + 18}" r="5" fill="#ffbd2e"/><circle cx="${m + 56}" cy="${m + 18}" r="5" fill="#28c941"/>`;
  out += `<text x="${w / 2}" y="${m + 23}" text-anchor="middle" ${FONT} font-size="13" font-weight="600" fill="#6b6e80">${title}</text>`;
  const top = m + 36;
  if (side) {
    out += rect(m, top, side, wh - 36 + 6, "#fafafc");
    out += rect(m + 16, top + 16, 28, 28, p.accent, 8);
    out += rect(m + 52, top + 26, 70, 8, "#2b2d3c", 4);
    for (let i = 0; i < 6; i++) {
      out += rect(m + 12, top + 60 + i * 30, side - 24, 22, i === 1 ? p.soft : "none", 6);
      out += rect(m + 22, top + 68 + i * 30, 10, 6, i === 1 ? p.accent : "#c5c8d4", 3);
      out += rect(
        m + 40,
        top + 68 + i * 30,
        50 + rand() * 40,
        6,
        i === 1 ? p.accent : "#c5c8d4",
        3,
      );
    }
  }
  out += DRAW[kind](m + side, top, ww - side, wh - 36, p, rand);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${title}${n ? ` screenshot ${n}` : ""}">${out}</svg>`;
}

/** A logo: a glyph (stacked shapes chosen by the name) on a rounded tile of the deal's colour. */
function logo(base: string, size: number, long: boolean, dark: boolean): string {
  const h = hash(base);
  const p = palette(h);
  const glyph = h % 4;
  const s = long ? 120 : size;
  const g =
    glyph === 0
      ? `<circle cx="${s * 0.42}" cy="${s * 0.42}" r="${s * 0.2}" fill="#fff"/><circle cx="${s * 0.6}" cy="${s * 0.6}" r="${s * 0.2}" fill="#fff" opacity=".6"/>`
      : glyph === 1
        ? `<rect x="${s * 0.26}" y="${s * 0.26}" width="${s * 0.48}" height="${s * 0.14}" rx="${s * 0.05}" fill="#fff"/><rect x="${s * 0.26}" y="${s * 0.46}" width="${s * 0.34}" height="${s * 0.14}" rx="${s * 0.05}" fill="#fff" opacity=".75"/><rect x="${s * 0.26}" y="${s * 0.66}" width="${s * 0.2}" height="${s * 0.1}" rx="${s * 0.04}" fill="#fff" opacity=".5"/>`
        : glyph === 2
          ? `<path d="M${s * 0.5} ${s * 0.2} L${s * 0.8} ${s * 0.74} L${s * 0.2} ${s * 0.74}z" fill="#fff"/>`
          : `<path d="M${s * 0.24} ${s * 0.5} a${s * 0.26} ${s * 0.26} 0 1 1 ${s * 0.52} 0" fill="none" stroke="#fff" stroke-width="${s * 0.12}" stroke-linecap="round"/><circle cx="${s * 0.5}" cy="${s * 0.66}" r="${s * 0.08}" fill="#fff"/>`;
  const tile = `<defs><linearGradient id="l" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient></defs><rect width="${s}" height="${s}" rx="${s * 0.22}" fill="url(#l)"/>${g}`;
  if (!long) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" role="img" aria-label="${escapeXml(INFO.get(base)?.name ?? base)} logo">${tile}</svg>`;
  }
  const name = escapeXml((INFO.get(base)?.name ?? titleCase(base)).slice(0, 20));
  // Wide enough for the name (about 30 px a character at 48 px bold), never narrower than 480.
  const width = Math.max(480, 160 + name.length * 30);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="120" viewBox="0 0 ${width} 120" role="img" aria-label="${name}">${tile}<text x="140" y="60" dominant-baseline="central" ${FONT} font-size="48" font-weight="800" fill="${dark ? "#ffffff" : "#1d1d2c"}">${name}</text></svg>`;
}

/** "lifetime-fest" -> "Lifetime Fest". */
const titleCase = (slug: string) =>
  slug
    .split("-")
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(" ");

/** Collection art: overlapping soft shapes in the collection's colours, no lettering. */
function pattern(base: string, w: number, h: number): string {
  const hh = hash(base);
  const p = palette(hh);
  const rand = rng(hh);
  let out = `<defs><linearGradient id="c" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#c)"/>`;
  for (let i = 0; i < 7; i++) {
    const x = rand() * w;
    const y = rand() * h;
    const s = (0.08 + rand() * 0.2) * w;
    out +=
      i % 2
        ? `<circle cx="${r(x)}" cy="${r(y)}" r="${r(s / 2)}" fill="#fff" opacity="${r(0.1 + rand() * 0.15)}"/>`
        : `<rect x="${r(x)}" y="${r(y)}" width="${r(s)}" height="${r(s)}" rx="${r(s * 0.2)}" fill="#fff" opacity="${r(0.08 + rand() * 0.12)}" transform="rotate(${Math.round(rand() * 40)} ${r(x)} ${r(y)})"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="">${out}</svg>`;
}

/** A person: a monogram on a soft colour. */
function avatar(base: string, s: number): string {
  const p = palette(hash(base));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" role="img" aria-label="${escapeXml(base.replace(/[-_]+/g, " "))}"><rect width="${s}" height="${s}" rx="${s / 2}" fill="${p.accent}"/><text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" ${FONT} font-weight="700" font-size="${s * 0.4}" fill="#fff">${escapeXml(initials(base))}</text></svg>`;
}

/**
 * The SVG for /media/demo/{name}.svg, and the drawing behind {name}.webp. Square for avatars,
 * logos and badges; 480x120 for long logos; 16:9 (832x468, the hero gallery size) for everything
 * else. Deterministic.
 */
export function demoImageSvg(name: string): string {
  const clean = name.replace(/\.(svg|webp)$/, "").slice(0, 80);
  const base = clean
    .replace(/^(avatar|logo-long-dark|logo-long|logo|badge|source|collection)-/, "")
    .replace(/-(\d+|thumb|bg|bg-mobile)$/, "");
  const n = /-(\d+)$/.exec(clean)?.[1];
  if (clean.startsWith("avatar-")) return avatar(base, 256);
  if (clean.startsWith("logo-long"))
    return logo(base, 120, true, clean.startsWith("logo-long-dark"));
  if (/^(logo|badge|source)-/.test(clean)) return logo(base, 256, false, false);
  if (clean.startsWith("collection-")) return pattern(base, 832, 468);
  // A campaign's logo ("lifetime-fest-logo"), shown on its dark panel: its name beside a glyph,
  // not a tiny app screenshot.
  if (clean.endsWith("-logo")) return logo(clean.slice(0, -"-logo".length), 120, true, true);
  return screenshot(base, n, 832, 468);
}
