// `npm run payments:replay -- --since <date>` (issue 29): fetches the provider's events since the
// date (Stripe's GET /v1/events) and feeds them through the webhook's own handler, so deliveries
// missed while the site was down are applied; events already applied are skipped by their id.
// `--sweep` also runs the orphan sweep (payments that succeeded without an order).
import path from "node:path";
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { systemClock } from "../providers/clock";
import { createServices } from "../services";

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  if (i >= 0) return process.argv[i + 1];
  const inline = process.argv.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

async function main(): Promise<number> {
  const sinceText = argValue("--since");
  const since = sinceText ? new Date(sinceText) : null;
  if (!since || Number.isNaN(since.getTime())) {
    console.error("usage: npm run payments:replay -- --since <date, e.g. 2026-11-20> [--sweep]");
    return 2;
  }
  const config = loadConfig();
  if (!config.stripeSecretKey) {
    console.error("payments:replay needs STRIPE_SECRET_KEY (the test gateway sends no events)");
    return 2;
  }
  const database = config.databaseUrl
    ? await openDatabase({ kind: "postgres", url: config.databaseUrl })
    : await openDatabase({ kind: "pglite", dataDir: path.join(config.dataDir, "pglite") });
  try {
    await database.migrate();
    const services = createServices({ db: database.db, clock: systemClock, config });
    const replayed = await services.payments.replay(since);
    console.log(
      `replayed ${replayed.events} events since ${since.toISOString()}: ${replayed.applied} applied, ${replayed.duplicates} already seen`,
    );
    if (process.argv.includes("--sweep")) {
      const swept = await services.payments.sweepOrphans();
      console.log(
        `sweep: ${swept.checked} paid without an order, ${swept.ordered} ordered, ${swept.refunded} refunded`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
