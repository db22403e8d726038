import type { Config } from "../config";
import type { Db } from "../db/client";
import path from "node:path";
import type { Clock } from "../providers/clock";
import { createLocalMediaProvider } from "../providers/media";
import { createCatalogService } from "./catalog";
import { createDiscussionService } from "./discussions";
import { createLoginThrottle } from "./login-throttle";
import { createPagesService } from "./pages";
import { createOutbox } from "./outbox";
import { createSessionService } from "./sessions";

export type ServiceDeps = { db: Db; clock: Clock; config: Config };

/** Every use case of the app, wired once per process (or per test file). */
export function createServices(deps: ServiceDeps) {
  const outbox = createOutbox({ db: deps.db, clock: deps.clock });
  // Review videos and posters under DATA_DIR/media (an S3 provider can replace it here).
  const media = createLocalMediaProvider(path.join(deps.config.dataDir, "media"));
  return {
    sessions: createSessionService({
      db: deps.db,
      clock: deps.clock,
      ttlDays: deps.config.sessionTtlDays,
    }),
    loginThrottle: createLoginThrottle(),
    catalog: createCatalogService({ db: deps.db, clock: deps.clock }),
    pages: createPagesService({ db: deps.db, clock: deps.clock }),
    outbox,
    media,
    discussions: createDiscussionService({ db: deps.db, clock: deps.clock, outbox, media }),
  };
}

export type Services = ReturnType<typeof createServices>;
