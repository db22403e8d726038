import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { OG_IMAGE_DRAWING_VERSION, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "../../../domain/seo";
import type { Db } from "../../db/client";
import { deals } from "../../db/schema";
import { demoImageSvg } from "../../db/seed/images";
import type { MediaProvider } from "../../providers/media";
import { publicDeal } from "./deal-columns";

// Link-preview images (issue 18): networks render a 1200x630 PNG or JPEG, not the SVG art of the
// deal cards. Each deal's is drawn from its art with sharp, once: the result is kept in the media
// store (DATA_DIR/media or S3, so every process shares it) under a key holding a hash of the art's
// bytes and the deal's name, so new art (or a new name) draws a new picture and the old one is
// simply never asked for again.

const W = OG_IMAGE_WIDTH;
const H = OG_IMAGE_HEIGHT;
/** Recently served previews, so a burst of scrapers costs no store reads (about 60 KB each). */
const MEMORY_ENTRIES = 64;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** The band under the art: the deal's name and the site's promise, in the brand's colours. */
function captionSvg(name: string): Buffer {
  const title = escapeXml(name.length > 38 ? `${name.slice(0, 37).trimEnd()}…` : name);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="150">` +
      `<rect width="${W}" height="150" fill="#1d1d2c"/>` +
      `<rect width="${W}" height="6" fill="#ffc629"/>` +
      `<text x="48" y="78" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="46" fill="#ffffff">${title}</text>` +
      `<text x="48" y="122" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#ffc629">Payonce · Pay once, not monthly</text>` +
      `</svg>`,
  );
}

/** The site's own preview: the brand colours and its promise, no deal art. */
function siteSvg(): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">` +
      `<rect width="${W}" height="${H}" fill="#1d1d2c"/>` +
      `<circle cx="1050" cy="110" r="260" fill="#ffc629" fill-opacity="0.12"/>` +
      `<circle cx="220" cy="360" r="120" fill="#ffc629" stroke="#f5b400" stroke-width="8"/>` +
      `<text x="220" y="400" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="110" fill="#1d1d2c">1×</text>` +
      `<text x="400" y="330" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="96" fill="#ffffff">Payonce</text>` +
      `<text x="404" y="410" font-family="DejaVu Sans, sans-serif" font-size="44" fill="#ffc629">Pay once, not monthly.</text>` +
      `<text x="404" y="470" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#ffffff" fill-opacity="0.75">Lifetime deals on the software your business runs on</text>` +
      `</svg>`,
  );
}

export function createOgImageService(deps: { db: Db; media: MediaProvider }) {
  const { db, media } = deps;
  const memory = new Map<string, Buffer>();

  const remember = (key: string, image: Buffer) => {
    memory.delete(key);
    memory.set(key, image);
    if (memory.size > MEMORY_ENTRIES) memory.delete(memory.keys().next().value as string);
    return image;
  };

  /** The art's bytes: the demo's drawn SVGs, a stored upload, or nothing (the caption alone). */
  async function artOf(mediaUrl: string | null): Promise<Buffer | null> {
    if (!mediaUrl) return null;
    const demo = /^\/media\/demo\/([a-z0-9][a-z0-9._-]{0,100}\.(?:svg|webp))$/i.exec(mediaUrl);
    if (demo?.[1]) return Buffer.from(demoImageSvg(demo[1]));
    const stored = /^\/media\/([a-z0-9][a-z0-9._-]{0,150})$/.exec(mediaUrl);
    if (!stored?.[1]) return null;
    const file = await media.get(stored[1]);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  async function draw(name: string, art: Buffer | null): Promise<Buffer> {
    const artHeight = H - 150;
    const picture = art
      ? await sharp(art, { density: 144 })
          .resize(W, artHeight, { fit: "cover", position: "centre" })
          .png()
          .toBuffer()
          .catch(() => null)
      : null;
    return sharp({ create: { width: W, height: H, channels: 3, background: "#1d1d2c" } })
      .composite([
        ...(picture ? [{ input: picture, top: 0, left: 0 }] : []),
        { input: captionSvg(name), top: artHeight, left: 0 },
      ])
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  }

  /** Reads the preview under `key` from memory or the store, else draws and stores it. */
  async function cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = memory.get(key);
    if (hit) return remember(key, hit);
    const stored = await media.get(key);
    if (stored) {
      const chunks: Buffer[] = [];
      for await (const chunk of stored.body) chunks.push(Buffer.from(chunk));
      return remember(key, Buffer.concat(chunks));
    }
    const image = await make();
    // A failed write only costs drawing it again next time.
    await media.put(key, image).catch(() => {});
    return remember(key, image);
  }

  /** A public deal's 1200x630 JPEG preview, or null for an unknown deal. */
  async function dealImage(slug: string): Promise<Buffer | null> {
    const [deal] = await db
      .select({ name: deals.name, publicName: deals.publicName, mediaUrl: deals.mediaUrl })
      .from(deals)
      .where(and(eq(deals.slug, slug), publicDeal))
      .limit(1);
    if (!deal) return null;
    const name = deal.publicName || deal.name;
    const art = await artOf(deal.mediaUrl);
    const hash = createHash("sha256")
      .update(`${OG_IMAGE_DRAWING_VERSION}\0${name}\0`)
      .update(art ?? "")
      .digest("hex")
      .slice(0, 16);
    const safeSlug = slug
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, "")
      .slice(0, 100);
    return cached(`og-${safeSlug}-${hash}.jpg`, () => draw(name, art));
  }

  /** The site's own preview (home, profiles, pages without a deal). */
  function siteImage(): Promise<Buffer> {
    return cached(`og-site-v${OG_IMAGE_DRAWING_VERSION}.jpg`, () =>
      sharp(siteSvg()).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    );
  }

  return { dealImage, siteImage };
}

export type OgImageService = ReturnType<typeof createOgImageService>;
