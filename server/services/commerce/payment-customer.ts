import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentCustomers } from "../../db/schema";
import type { Tx } from "./cart";

/** The user's customer at the provider (Stripe: cus_...), which their saved cards belong to. */
export async function paymentCustomer(
  executor: Db | Tx,
  userId: number,
  provider: string,
): Promise<string | null> {
  const [row] = await executor
    .select({ id: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)));
  return row?.id ?? null;
}
