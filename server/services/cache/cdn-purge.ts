/**
 * The purge hook of a shared cache in front of the app (issue 32, decision 058): after a page
 * event has moved the app's own page cache (server/services/cache/page-cache.ts calls `purge`
 * once its generations are bumped, so a refetch the purge causes never finds the old page in the
 * app), the event's surrogate keys (domain/cache-routes.ts `purgeKeys`: `deal-<slug>`,
 * `deal-<id>`, `listings`, or `all`) are sent to CDN_PURGE_URL as one generic HTTP request:
 *
 * - method CDN_PURGE_METHOD (`PURGE` by default: Varnish, as ops/varnish/payonce.vcl takes it);
 * - the keys space-separated in `xkey-purge` (Varnish xkey) and `Surrogate-Key` (Fastly's purge
 *   by key), and as a JSON body `{"tags": [...]}` (Cloudflare's purge by Cache-Tag);
 * - CDN_PURGE_TOKEN, when set, as `Authorization: Bearer` (Cloudflare) and `Fastly-Key`.
 *
 * The writer never waits for it and never sees its failure: a purge runs in the background, is
 * retried on a network error, a timeout or a 5xx/429 (3 attempts, 0.2 s then 1 s apart, 2 s
 * each), and a final failure is logged; the shared copy then lives at most its s-maxage.
 */
export type CdnPurgeConfig = {
  url: string;
  method: "PURGE" | "POST" | "DELETE";
  token: string | undefined;
};

const ATTEMPT_TIMEOUT_MS = 2_000;
const BACKOFF_MS = [200, 1_000];

export function createCdnPurge(deps: {
  config: CdnPurgeConfig | null;
  log: (err: unknown, message: string) => void;
  /** fetch, replaceable in tests. */
  fetch?: typeof fetch;
}) {
  const send = deps.fetch ?? fetch;
  const pending = new Set<Promise<void>>();

  async function attempt(config: CdnPurgeConfig, keys: string[]): Promise<void> {
    const headers: Record<string, string> = {
      "xkey-purge": keys.join(" "),
      "surrogate-key": keys.join(" "),
      "content-type": "application/json",
    };
    if (config.token) {
      headers.authorization = `Bearer ${config.token}`;
      headers["fastly-key"] = config.token;
    }
    const response = await send(config.url, {
      method: config.method,
      headers,
      body: JSON.stringify({ tags: keys }),
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) {
      const error = new Error(`purge answered ${response.status}`);
      // A refusal (4xx but 429) will not change on retry.
      (error as Error & { final?: boolean }).final =
        response.status < 500 && response.status !== 429;
      throw error;
    }
  }

  async function run(config: CdnPurgeConfig, keys: string[]): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        await attempt(config, keys);
        return;
      } catch (err) {
        const final = (err as { final?: boolean }).final === true;
        const wait = BACKOFF_MS[i];
        if (final || wait === undefined) {
          deps.log(err, `cdn purge failed for ${keys.join(" ")}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  /** Sends the purge of `keys` in the background (the caller never waits nor fails). */
  function purge(keys: string[]): void {
    const config = deps.config;
    if (!config || keys.length === 0) return;
    const done = run(config, keys).catch((err) => deps.log(err, "cdn purge failed"));
    pending.add(done);
    void done.finally(() => pending.delete(done));
  }

  return {
    purge,
    /** Every purge sent so far is over (tests; a closing app). */
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}

export type CdnPurge = ReturnType<typeof createCdnPurge>;
