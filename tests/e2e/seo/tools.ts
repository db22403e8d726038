import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Validator from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { LinkChecker } from "linkinator";

// The outside clients of issue 18, driven from the e2e stage: linkinator (a crawler honouring
// robots.txt), the W3C Nu HTML checker (vnu.jar) and Google's rich-result rules
// (@adobe/structured-data-validator over @marbec/web-auto-extractor).

const run = promisify(execFile);
const VNU = path.join(process.cwd(), "node_modules/vnu-jar/build/dist/vnu.jar");

/** robots.txt's Disallow prefixes for every user agent (all this site's rules are for `*`). */
export function disallowedPrefixes(robots: string): string[] {
  return robots
    .split("\n")
    .map((l) => /^Disallow:\s*(\S*)/i.exec(l.trim())?.[1] ?? "")
    .filter(Boolean);
}

export type CrawlResult = {
  /** Distinct URLs the crawler requested (pages, images, scripts, media), on our origin. */
  urls: Set<string>;
  /** Distinct URLs it left alone: robots.txt disallows them, or another host. */
  skipped: Set<string>;
  /** Internal links, images, videos and scripts that answered 4xx/5xx or not at all. */
  broken: { url: string; status: number | undefined; parent: string | undefined }[];
  seconds: number;
};

/** A recursive crawl of `origin` from `/` that skips what robots.txt disallows and other hosts. */
export async function crawl(origin: string): Promise<CrawlResult> {
  const robots = await (await fetch(`${origin}/robots.txt`)).text();
  const disallow = disallowedPrefixes(robots);
  const checker = new LinkChecker();
  const urls = new Set<string>();
  const skipped = new Set<string>();
  const broken: CrawlResult["broken"] = [];
  checker.on("link", (r) => {
    if (r.state === "SKIPPED") {
      skipped.add(r.url);
      return;
    }
    urls.add(r.url);
    if (r.state === "BROKEN") broken.push({ url: r.url, status: r.status, parent: r.parent });
  });
  const started = Date.now();
  await checker.check({
    path: `${origin}/`,
    recurse: true,
    concurrency: 6,
    // No per-request timeout: linkinator 7 crashes on an aborted body read; the test has its own.
    timeout: 0,
    retryErrors: true,
    retryErrorsCount: 2,
    linksToSkip: async (link) => {
      if (!link.startsWith(`${origin}/`)) return true;
      const pathname = new URL(link).pathname;
      return disallow.some((prefix) => pathname.startsWith(prefix));
    },
  });
  return { urls, skipped, broken, seconds: (Date.now() - started) / 1000 };
}

export type NuMessage = {
  type: string;
  subType?: string;
  message: string;
  url?: string;
  extract?: string;
  lastLine?: number;
};

/** The Nu checker's errors for each page's HTML, in one JVM run for all pages. */
export async function nuErrors(
  pages: { name: string; html: string }[],
): Promise<Record<string, NuMessage[]>> {
  const dir = await mkdtemp(path.join(tmpdir(), "vnu-"));
  try {
    const files = await Promise.all(
      pages.map(async (p, i) => {
        const file = path.join(dir, `${i}.html`);
        await writeFile(file, p.html);
        return file;
      }),
    );
    // vnu exits 1 when it reports errors; the JSON on stderr is the answer either way.
    const result = await run("java", ["-jar", VNU, "--format", "json", "--errors-only", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((err: { stderr?: string; stdout?: string }) => err);
    const out = JSON.parse((result.stderr || result.stdout || "{}") as string) as {
      messages?: NuMessage[];
    };
    const byPage: Record<string, NuMessage[]> = Object.fromEntries(pages.map((p) => [p.name, []]));
    for (const m of out.messages ?? []) {
      const index = Number(/(\d+)\.html$/.exec(m.url ?? "")?.[1]);
      const page = pages[index];
      if (page && m.type === "error") byPage[page.name]?.push(m);
      else if (!page) throw new Error(`vnu: ${m.message}`);
    }
    return byPage;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export type StructuredDataIssue = {
  issueMessage: string;
  severity: string;
  path?: unknown;
  fieldNames?: string[];
};

/** The JSON-LD of a page as Google's rich-result rules see it, with its errors. */
export async function structuredData(html: string) {
  const extracted = new WebAutoExtractor({
    addLocation: true,
    embedSource: ["rdfa", "microdata"],
  }).parse(html);
  const issues = (await new Validator().validate(extracted)) as StructuredDataIssue[];
  const jsonld = extracted.jsonld as Record<string, Record<string, unknown>[]>;
  return { jsonld, errors: issues.filter((i) => i.severity === "ERROR"), issues };
}
