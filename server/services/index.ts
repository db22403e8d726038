import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Clock } from "../providers/clock";
import { createCatalogService } from "./catalog";
import { createDiscussionService } from "./discussions";
import { createLoginThrottle } from "./login-throttle";
import { createPagesService } from "./pages";
import { createOutbox } from "./outbox";
import { createSessionService } from "./sessions";

export type ServiceDeps = { db: Db; clock: Clock; config: Config };

/** Every use case of the app, wired once per process (or per test file). */
export function createServices(deps: ServiceDeps) {
  return {
    sessions: createSessionService({
      db: deps.db,
      clock: deps.clock,
      ttlDays: deps.config.sessionTtlDays,
    }),
    loginThrottle: createLoginThrottle(),
    catalog: createCatalogService({ db: deps.db, clock: deps.clock }),
    pages: createPagesService({ db: deps.db, clock: deps.clock }),
    outbox: createOutbox({ db: deps.db, clock: deps.clock }),
    discussions: createDiscussionService({ db: deps.db, clock: deps.clock }),
  };
}

export type Services = ReturnType<typeof createServices>;
