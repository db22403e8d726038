// Cart and checkout under load: orders per second (not a row of issue 14's table; kept so write
// paths stay measurable with BENCH_CHECKOUT=1; it signs in 9 accounts, past the login limit when
// the other sections have signed in too).
import { CONNECTIONS, DURATION, type Result, signIn } from "./common";

// Cart and checkout: orders per second. Each demo account is one buyer looping "add taskflow
// tier 1 to the cart, then pay with the test card" (one cart per user, so buyers never wait on
// each other's cart lock); the row's latencies are per add + checkout pair.
const BUYERS = [
  "shopper",
  "buyer",
  "reviewer",
  "plus",
  "staff",
  "partner",
  "moderator",
  "unverified",
  "blocked",
].map((name) => `${name}@payonce.test`);

export async function benchCheckout(base: string, dealId: number, planId: number): Promise<Result> {
  const buyers = await Promise.all(
    BUYERS.slice(0, CONNECTIONS).map(async (email) => {
      const cookie = (await signIn(base, email)).cookie ?? "";
      const csrf = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? "";
      return {
        "content-type": "application/json",
        accept: "application/json",
        cookie,
        "x-csrftoken": csrf,
      };
    }),
  );
  const latencies: number[] = [];
  let orders = 0;
  let errors = 0;
  let n = 0;
  const buy = async (headers: Record<string, string>) => {
    const started = performance.now();
    const add = await fetch(`${base}/api/cart/items/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ dealId, planId, quantity: 1 }),
    });
    await add.arrayBuffer();
    const pay = await fetch(`${base}/checkout/`, {
      method: "POST",
      headers: { ...headers, "idempotency-key": `bench-${process.pid}-${n++}` },
      body: JSON.stringify({ payment_method: "pm_card_visa" }),
    });
    await pay.arrayBuffer();
    if (add.status === 201 && pay.status === 201) orders += 1;
    else errors += 1;
    latencies.push(performance.now() - started);
  };
  const run = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      buyers.map(async (headers) => {
        while (performance.now() < until) await buy(headers);
      }),
    );
  };
  await run(1);
  latencies.length = 0;
  orders = 0;
  errors = 0;
  const started = performance.now();
  await run(DURATION);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    name: `add + POST /checkout/ (${buyers.length} buyers, orders/s)`,
    rps: orders / seconds,
    p50: pct(0.5),
    p99: pct(0.99),
    errors,
    cache: "",
  };
}
