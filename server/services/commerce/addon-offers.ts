import { and, eq } from "drizzle-orm";
import { offeredAddonQuantity } from "../../../domain/addons";
import { DomainError } from "../../../domain/errors";
import { ADDONS_ADD_FAILED } from "../../../domain/messages";
import type { Db } from "../../db/client";
import { addonAssociations, addonPrimaryPlanValues, addonValues } from "../../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * The quantity an add-on cart line is stored at, checked against the catalogue's cell for the
 * add-on plan under its primary plan (domain/addons.ts offeredAddonQuantity). Throws the bulk
 * call's "Failed to add add-ons to cart." for anything the cell does not offer.
 */
export async function offeredAddonLine(
  tx: Tx,
  addonPlanId: number,
  primaryPlanId: number,
  requested: { quantity?: number | null; unit_quantity?: number | null },
): Promise<{ quantity: number; unitQuantity: number | null }> {
  const rows = await tx
    .select({
      ppvId: addonPrimaryPlanValues.id,
      valueType: addonPrimaryPlanValues.valueType,
      min: addonPrimaryPlanValues.rangeMinValue,
      max: addonPrimaryPlanValues.rangeMaxValue,
      divisor: addonPrimaryPlanValues.rangeDivisor,
      unitName: addonPrimaryPlanValues.rangeUnitName,
      quantity: addonValues.quantityValue,
    })
    .from(addonAssociations)
    .innerJoin(
      addonPrimaryPlanValues,
      eq(addonPrimaryPlanValues.id, addonAssociations.primaryPlanValueId),
    )
    .leftJoin(
      addonValues,
      and(
        eq(addonValues.primaryPlanValueId, addonPrimaryPlanValues.id),
        eq(addonValues.addonPlanId, addonPlanId),
      ),
    )
    .where(
      and(
        eq(addonAssociations.addonPlanId, addonPlanId),
        eq(addonPrimaryPlanValues.primaryPlanId, primaryPlanId),
      ),
    );
  const first = rows[0];
  const choice = first
    ? offeredAddonQuantity(
        {
          valueType: first.valueType,
          range: {
            min_value: first.min,
            max_value: first.max,
            divisor: first.divisor,
            unit_name: first.unitName,
          },
          quantities: rows
            .filter((r) => r.ppvId === first.ppvId)
            .flatMap((r) => (r.quantity == null ? [] : [r.quantity])),
        },
        requested,
      )
    : null;
  if (!choice?.ok) throw new DomainError("invalid", { detail: ADDONS_ADD_FAILED });
  return { quantity: choice.quantity, unitQuantity: choice.unitQuantity };
}
