/**
 * Success notices travel as keys in the redirect after a form post (never as text a link could
 * forge), and each page maps its keys to words.
 */
export const noticeFrom = (request: Request, notices: Record<string, string>): string | null =>
  notices[new URL(request.url).searchParams.get("notice") ?? ""] ?? null;

/** Headers of a web Request as the plain record server helpers read. */
export const headerRecord = (request: Request): Record<string, string> =>
  Object.fromEntries(request.headers.entries());
