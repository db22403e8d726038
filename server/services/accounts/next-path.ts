/**
 * Where to go after logging in (the `next` parameter): only a path on this site. Anything that a
 * browser could resolve to another origin is refused: absolute URLs (https://evil.com),
 * protocol-relative ones (//evil.com), backslash tricks (/\evil.com, which browsers read as
 * //evil.com), control characters and whitespace (a tab inside "/\t/evil.com" is dropped by URL
 * parsers), and other schemes (javascript:).
 */
export function safeNextPath(next: unknown, fallback = "/"): string {
  if (typeof next !== "string" || next.length === 0 || next.length > 2000) return fallback;
  if (!next.startsWith("/")) return fallback;
  if (next.startsWith("//") || next.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(next)) return fallback;
  // Belt and braces: resolved against a dummy origin, it must stay on that origin.
  try {
    const url = new URL(next, "http://payonce.invalid");
    if (url.origin !== "http://payonce.invalid") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
