/**
 * Domain events that change what public pages show. Writers call these after their transaction
 * commits (a page rendered between the write and the event would otherwise be cached stale);
 * the page cache listens (server/services/cache/page-cache.ts). Listener failures are logged by the
 * listener, never thrown back at the writer: a missed invalidation costs at most the max TTL.
 */
export type PageEvent = { kind: "deal"; deal: number | string } | { kind: "all" };

export type PageEventListener = (event: PageEvent) => Promise<void> | void;

export function createPageEvents() {
  const listeners = new Set<PageEventListener>();

  async function emit(event: PageEvent): Promise<void> {
    await Promise.all(
      [...listeners].map(async (listener) => {
        try {
          await listener(event);
        } catch {
          // The listener reports its own failures; a writer's request must not fail for them.
        }
      }),
    );
  }

  return {
    /**
     * A deal's page changed (plans or prices, stock, an approved review, an answered question,
     * its dates): by deal id or slug.
     */
    dealChanged: (deal: number | string) => emit({ kind: "deal", deal }),
    /** Everything changed (currency rates, campaigns, site-wide blocks). */
    allPagesChanged: () => emit({ kind: "all" }),
    subscribe(listener: PageEventListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type PageEvents = ReturnType<typeof createPageEvents>;
