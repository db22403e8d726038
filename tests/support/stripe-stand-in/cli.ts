import { parseArgs } from "node:util";
import { startStripeStandIn } from "./server";

// npx tsx tests/support/stripe-stand-in/cli.ts --port 12111 [--webhook-url URL --webhook-secret whsec_…]
// Prints `listening <url>` once it is up; stays up until SIGTERM (or SIGINT).
const { values } = parseArgs({
  options: {
    port: { type: "string", default: "12111" },
    "webhook-url": { type: "string" },
    "webhook-secret": { type: "string" },
    "no-deliver": { type: "boolean", default: false },
  },
});

const standIn = await startStripeStandIn({
  port: Number(values.port),
  webhookUrl: values["webhook-url"],
  webhookSecret: values["webhook-secret"],
  deliver: !values["no-deliver"],
});
console.log(`listening ${standIn.url}`);

const stop = async () => {
  await standIn.close();
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
