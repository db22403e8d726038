import { and, desc, eq, gte, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { taxIdType } from "../../../domain/account";
import { normalizeAbn } from "../../../domain/billing";
import { ABN_COUNTRY } from "../../../domain/constants";
import { notFound } from "../../../domain/errors";
import type { BillingSchema, TaxSchema } from "../../../domain/schemas/billing";
import type { Db } from "../../db/client";
import {
  type BillingDetail,
  type BillingSnapshot,
  billingDetails,
  type TaxDetail,
  taxDetails,
} from "../../db/schema";
import type { Clock } from "../../providers/clock";

export type BillingInput = z.output<typeof BillingSchema>;
export type TaxInput = z.output<typeof TaxSchema>;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Db | Tx;

/** A billing entry as the API answers it (spec 001 section 3, Billing). */
export const billingJson = (b: BillingDetail) => ({
  id: b.id,
  country: b.country,
  postal_code: b.postalCode ?? "",
  billing_name: b.billingName ?? "",
  billing_address1: b.billingAddress1 ?? "",
  billing_address2: b.billingAddress2 ?? "",
  billing_city: b.billingCity ?? "",
  billing_state: b.billingState ?? "",
  is_default: b.isDefault,
});

/** Tax information as the API answers it (spec 001 section 3, default tax information). */
export const taxJson = (t: TaxDetail) => ({
  id: t.id,
  country: t.country ?? "",
  tax_id: t.taxId ?? "",
  business_name: t.businessName,
  type: t.type,
  is_tax_exempt: t.isTaxExempt,
  exempt_start: t.exemptStart,
  exempt_end: t.exemptEnd,
  is_default: t.isDefault,
});

export type BillingJson = ReturnType<typeof billingJson>;
export type TaxJson = ReturnType<typeof taxJson>;

const orNull = (value: string | undefined) => (value ? value : null);

/** An ABN is stored as its 11 digits, whichever way it was typed. */
const storedTaxId = (country: string, taxId: string) =>
  country === ABN_COUNTRY ? normalizeAbn(taxId) : taxId;

/**
 * Billing and tax details (spec 001 sections 3, 5, 7; 000 billing form). A user keeps several
 * entries with at most one default of each kind; the first one saved becomes the default. An
 * identical resubmission is skipped: the existing entry is answered, no new row is written.
 */
export function createBillingService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function list(userId: number) {
    const [billing, tax] = await Promise.all([
      db
        .select()
        .from(billingDetails)
        .where(eq(billingDetails.userId, userId))
        .orderBy(
          desc(billingDetails.isDefault),
          desc(billingDetails.createdAt),
          desc(billingDetails.id),
        ),
      db
        .select()
        .from(taxDetails)
        .where(eq(taxDetails.userId, userId))
        .orderBy(desc(taxDetails.isDefault), desc(taxDetails.createdAt), desc(taxDetails.id)),
    ]);
    return { billing_details: billing.map(billingJson), tax_details: tax.map(taxJson) };
  }

  const billingValues = (input: BillingInput) => ({
    country: input.country,
    postalCode: orNull(input.postal_code),
    billingName: orNull(input.billing_name),
    billingAddress1: orNull(input.billing_address1),
    billingAddress2: orNull(input.billing_address2),
    billingCity: orNull(input.billing_city),
    billingState: orNull(input.billing_state),
  });

  /** Serialises one user's writes, so two tabs saving at once cannot both become the default. */
  const lockUser = (tx: Tx, userId: number) =>
    tx.execute(sql`select pg_advisory_xact_lock(hashtext('billing'), ${userId})`);

  /**
   * An identical resubmission writes no new entry, but it is the buyer's latest word: checkout's
   * billing is the entry saved or confirmed last (checkoutBilling), so its time moves.
   */
  async function touch<T extends { id: number; updatedAt: Date }>(
    tx: Tx,
    table: typeof billingDetails | typeof taxDetails,
    row: T,
  ): Promise<T> {
    const updatedAt = clock.now();
    await tx.update(table).set({ updatedAt }).where(eq(table.id, row.id));
    return { ...row, updatedAt };
  }

  async function insertBilling(
    tx: Tx,
    userId: number,
    input: BillingInput,
    makeDefault: boolean | undefined,
  ): Promise<{ entry: BillingDetail; created: boolean }> {
    const values = billingValues(input);
    const existing = await tx
      .select()
      .from(billingDetails)
      .where(eq(billingDetails.userId, userId));
    const same = existing.find(
      (b) =>
        b.country === values.country &&
        b.postalCode === values.postalCode &&
        b.billingName === values.billingName &&
        b.billingAddress1 === values.billingAddress1 &&
        b.billingAddress2 === values.billingAddress2 &&
        b.billingCity === values.billingCity &&
        b.billingState === values.billingState,
    );
    const hasDefault = existing.some((b) => b.isDefault);
    if (same) {
      if (makeDefault && !same.isDefault) {
        const entry = await setBillingDefault(tx, userId, same.id);
        return { entry, created: false };
      }
      return { entry: await touch(tx, billingDetails, same), created: false };
    }
    const isDefault = makeDefault === true || !hasDefault;
    if (isDefault) {
      await tx
        .update(billingDetails)
        .set({ isDefault: false })
        .where(and(eq(billingDetails.userId, userId), eq(billingDetails.isDefault, true)));
    }
    const [entry] = await tx
      .insert(billingDetails)
      .values({ userId, ...values, isDefault, createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    return { entry: entry as BillingDetail, created: true };
  }

  async function setBillingDefault(tx: Tx, userId: number, id: number): Promise<BillingDetail> {
    await tx
      .update(billingDetails)
      .set({ isDefault: false })
      .where(and(eq(billingDetails.userId, userId), ne(billingDetails.id, id)));
    const [entry] = await tx
      .update(billingDetails)
      .set({ isDefault: true, updatedAt: clock.now() })
      .where(and(eq(billingDetails.userId, userId), eq(billingDetails.id, id)))
      .returning();
    return entry as BillingDetail;
  }

  async function insertTax(
    tx: Tx,
    userId: number,
    input: { country: string; tax_id: string; tax_business_name: string },
    makeDefault: boolean | undefined,
  ): Promise<{ entry: TaxDetail; created: boolean }> {
    const taxId = orNull(storedTaxId(input.country, input.tax_id));
    const existing = await tx.select().from(taxDetails).where(eq(taxDetails.userId, userId));
    const same = existing.find(
      (t) =>
        t.country === input.country &&
        t.taxId === taxId &&
        t.businessName === input.tax_business_name,
    );
    if (same) {
      if (makeDefault && !same.isDefault) {
        await tx
          .update(taxDetails)
          .set({ isDefault: false })
          .where(and(eq(taxDetails.userId, userId), ne(taxDetails.id, same.id)));
        const [entry] = await tx
          .update(taxDetails)
          .set({ isDefault: true, updatedAt: clock.now() })
          .where(eq(taxDetails.id, same.id))
          .returning();
        return { entry: entry as TaxDetail, created: false };
      }
      return { entry: await touch(tx, taxDetails, same), created: false };
    }
    const isDefault = makeDefault === true || !existing.some((t) => t.isDefault);
    if (isDefault) {
      await tx
        .update(taxDetails)
        .set({ isDefault: false })
        .where(and(eq(taxDetails.userId, userId), eq(taxDetails.isDefault, true)));
    }
    const [entry] = await tx
      .insert(taxDetails)
      .values({
        userId,
        country: input.country,
        taxId,
        businessName: input.tax_business_name,
        type: taxIdType(input.country),
        isDefault,
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    return { entry: entry as TaxDetail, created: true };
  }

  /** POST /api/users/billing/: a billing entry (and the tax id with it, as checkout sends for AU). */
  async function saveBilling(userId: number, input: BillingInput) {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const billing = await insertBilling(tx, userId, input, input.set_billing_default);
      const tax = input.tax_id ? await insertTax(tx, userId, input, input.set_tax_default) : null;
      return {
        created: billing.created || Boolean(tax?.created),
        billing: billingJson(billing.entry),
        tax: tax ? taxJson(tax.entry) : null,
      };
    });
  }

  /** PATCH /api/users/billing/ with entry_id and the fields: edits one of the user's entries. */
  async function updateBilling(userId: number, entryId: number, input: BillingInput) {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [entry] = await tx
        .update(billingDetails)
        .set({ ...billingValues(input), updatedAt: clock.now() })
        .where(and(eq(billingDetails.id, entryId), eq(billingDetails.userId, userId)))
        .returning();
      if (!entry) throw notFound();
      const updated = input.set_billing_default
        ? await setBillingDefault(tx, userId, entry.id)
        : entry;
      return { created: false, billing: billingJson(updated), tax: null };
    });
  }

  /** Deletes one entry; when it was the default, the newest remaining entry takes its place. */
  async function deleteEntry(kind: "billing" | "tax", userId: number, entryId: number) {
    const table = kind === "billing" ? billingDetails : taxDetails;
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [gone] = await tx
        .delete(table)
        .where(and(eq(table.id, entryId), eq(table.userId, userId)))
        .returning({ isDefault: table.isDefault });
      if (!gone) throw notFound();
      if (gone.isDefault) {
        const [next] = await tx
          .select({ id: table.id })
          .from(table)
          .where(eq(table.userId, userId))
          .orderBy(desc(table.createdAt), desc(table.id))
          .limit(1);
        if (next) await tx.update(table).set({ isDefault: true }).where(eq(table.id, next.id));
      }
    });
    return list(userId);
  }

  /**
   * clear_legacy_fields: the older billing form kept a full postal address; today's checkout asks
   * only for country and postal code. Clearing blanks the address lines of every entry and keeps
   * country and postal code, which payments still need.
   */
  async function clearLegacyFields(userId: number) {
    await db
      .update(billingDetails)
      .set({
        billingName: null,
        billingAddress1: null,
        billingAddress2: null,
        billingCity: null,
        billingState: null,
        updatedAt: clock.now(),
      })
      .where(eq(billingDetails.userId, userId));
    return list(userId);
  }

  /** POST /api/users/tax/: the standalone tax form. */
  async function saveTax(userId: number, input: TaxInput) {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const tax = await insertTax(tx, userId, input, input.set_tax_default);
      return { created: tax.created, tax: taxJson(tax.entry) };
    });
  }

  /** PATCH /api/users/tax/ with entry_id and the fields: edits one of the user's tax entries. */
  async function updateTax(userId: number, entryId: number, input: TaxInput) {
    return db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [entry] = await tx
        .update(taxDetails)
        .set({
          country: input.country,
          taxId: orNull(storedTaxId(input.country, input.tax_id)),
          businessName: input.tax_business_name,
          type: taxIdType(input.country),
          updatedAt: clock.now(),
        })
        .where(and(eq(taxDetails.id, entryId), eq(taxDetails.userId, userId)))
        .returning();
      if (!entry) throw notFound();
      return { created: false, tax: taxJson(entry) };
    });
  }

  /**
   * POST /api/users/update_billing_info/ (spec 001 section 7): the checkout's short form, country
   * and postal code, and for AU the tax id and business name; each saved as its kind's entry.
   */
  async function updateBillingInfo(userId: number, input: BillingInput) {
    return saveBilling(userId, input);
  }

  /** The user's default billing country, if any (a new card's country falls back to it). */
  async function defaultCountry(executor: Executor, userId: number): Promise<string | null> {
    const [row] = await executor
      .select({ country: billingDetails.country })
      .from(billingDetails)
      .where(and(eq(billingDetails.userId, userId), eq(billingDetails.isDefault, true)))
      .limit(1);
    return row?.country ?? null;
  }

  /**
   * What the cart's billing form starts from: the details checkout would use now, else the
   * visitor's country by IP (GET /api/geoip_country/) and nothing else.
   */
  async function checkoutPrefill(
    userId: number,
    ipCountry: string | null,
  ): Promise<{ saved: boolean; values: Omit<BillingSnapshot, "email"> }> {
    const current = await checkoutBilling(db, userId);
    if (current.country) return { saved: true, values: current };
    return { saved: false, values: ipCountry ? { country: ipCountry } : {} };
  }

  return {
    list,
    checkoutPrefill,
    saveBilling,
    updateBilling,
    deleteBilling: (userId: number, entryId: number) => deleteEntry("billing", userId, entryId),
    deleteTax: (userId: number, entryId: number) => deleteEntry("tax", userId, entryId),
    clearLegacyFields,
    saveTax,
    updateTax,
    updateBillingInfo,
    defaultCountry: (userId: number) => defaultCountry(db, userId),
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

/**
 * The billing details a purchase is made under (orders.billing, the receipt): the entry the
 * buyer saved or confirmed last (the cart saves through update_billing_info before paying, with
 * or without making it the default), and the tax details only when they were saved with it or
 * after: a buyer who last checked out as a private person gets no business name on the receipt.
 */
export async function checkoutBilling(
  executor: Executor,
  userId: number,
): Promise<Omit<BillingSnapshot, "email">> {
  const [billing] = await executor
    .select()
    .from(billingDetails)
    .where(eq(billingDetails.userId, userId))
    .orderBy(desc(billingDetails.updatedAt), desc(billingDetails.id))
    .limit(1);
  const [tax] = await executor
    .select()
    .from(taxDetails)
    .where(
      and(
        eq(taxDetails.userId, userId),
        billing ? gte(taxDetails.updatedAt, billing.updatedAt) : undefined,
      ),
    )
    .orderBy(desc(taxDetails.updatedAt), desc(taxDetails.id))
    .limit(1);
  const snapshot: Omit<BillingSnapshot, "email"> = {};
  const put = (key: Exclude<keyof BillingSnapshot, "email">, value: string | null | undefined) => {
    if (value) snapshot[key] = value;
  };
  put("billing_name", billing?.billingName);
  put("billing_address1", billing?.billingAddress1);
  put("billing_address2", billing?.billingAddress2);
  put("billing_city", billing?.billingCity);
  put("billing_state", billing?.billingState);
  put("country", billing?.country);
  put("postal_code", billing?.postalCode);
  put("tax_id", tax?.taxId);
  put("tax_business_name", tax?.businessName);
  return snapshot;
}
