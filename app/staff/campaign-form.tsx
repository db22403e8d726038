import { useId } from "react";
import { CAMPAIGN_DISCOUNT_TYPES } from "../../domain/constants";
import { ColourFields, SaveForm, ScheduleFields } from "./fields";
import { idsOf, numberOr, utcIso } from "./forms";
import { Field, SelectField } from "./ui";

export type CampaignValues = {
  id: number;
  optin_slug: string;
  name: string;
  public_name: string;
  type: string;
  value: number;
  start_date: string | null;
  end_date: string | null;
  deal_tiers: number[];
  deals: number[];
  discount_display: string | null;
  banner_content: string | null;
  banner_color: string | null;
  banner_font_color: string | null;
  is_active: boolean;
};

const KNOWN = [
  "name",
  "public_name",
  "optin_slug",
  "type",
  "value",
  "start_date",
  "end_date",
  "deal_tiers",
  "deals",
  "discount_display",
  "banner_content",
  "banner_color",
  "banner_font_color",
];

const BANNER_COLOURS = [
  ["banner_color", "Banner colour"],
  ["banner_font_color", "Banner text colour"],
] as const;

/** A campaign: creates one (POST, then `onCreated`) or changes the given one (PATCH). */
export function CampaignForm({
  campaign,
  onCreated,
}: {
  campaign?: CampaignValues;
  onCreated?: (id: number) => void;
}) {
  const activeId = useId();
  return (
    <SaveForm
      label={campaign ? "Campaign settings" : "New campaign"}
      collection="/api/staff/campaigns/"
      id={campaign?.id}
      what="Campaign"
      className="mt-4 grid gap-4 sm:grid-cols-2"
      known={KNOWN}
      onCreated={onCreated}
      body={(v) => ({
        name: v.name,
        public_name: v.public_name,
        optin_slug: v.optin_slug,
        type: v.type,
        value: numberOr(v.value, 0),
        start_date: utcIso(v.start_date),
        end_date: utcIso(v.end_date),
        deal_tiers: idsOf(v.deal_tiers),
        deals: idsOf(v.deals),
        discount_display: v.discount_display ?? "",
        banner_content: v.banner_content ?? "",
        banner_color: v.banner_color ?? "",
        banner_font_color: v.banner_font_color ?? "",
        is_active: v.is_active === "on",
      })}
    >
      {(errors) => (
        <>
          <Field
            label="Internal name"
            name="name"
            errors={errors}
            defaultValue={campaign?.name}
            required
          />
          <Field
            label="Public name"
            name="public_name"
            errors={errors}
            defaultValue={campaign?.public_name}
            required
          />
          <Field
            label="Opt-in slug"
            name="optin_slug"
            errors={errors}
            defaultValue={campaign?.optin_slug}
            required
            hint="Lower-case letters, digits and hyphens."
          />
          <SelectField
            label="Discount type"
            name="type"
            errors={errors}
            defaultValue={campaign?.type ?? "percent"}
            options={CAMPAIGN_DISCOUNT_TYPES.map((t): [string, string] => [t, t])}
          />
          <Field
            label="Discount value"
            name="value"
            type="number"
            step="0.01"
            errors={errors}
            defaultValue={campaign?.value}
            hint="A whole percent (0–100) or an amount in USD."
            required
          />
          <Field
            label="Discount label"
            name="discount_display"
            errors={errors}
            defaultValue={campaign?.discount_display}
          />
          <ScheduleFields values={campaign} errors={errors} />
          <Field
            label="Deal ids"
            name="deals"
            errors={errors}
            defaultValue={campaign?.deals.join(", ")}
            hint="Comma-separated deal numbers."
          />
          <Field
            label="Deal tiers"
            name="deal_tiers"
            errors={errors}
            defaultValue={campaign?.deal_tiers.join(", ")}
            hint="Comma-separated tier numbers."
          />
          <div className="sm:col-span-2">
            <Field
              label="Banner text"
              name="banner_content"
              errors={errors}
              defaultValue={campaign?.banner_content}
            />
          </div>
          <ColourFields fields={BANNER_COLOURS} values={campaign} errors={errors} />
          <div className="flex items-center gap-2">
            <input
              id={activeId}
              type="checkbox"
              name="is_active"
              defaultChecked={campaign?.is_active ?? true}
            />
            <label htmlFor={activeId} className="text-sm font-semibold">
              Active
            </label>
          </div>
        </>
      )}
    </SaveForm>
  );
}
