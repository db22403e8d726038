import { data } from "react-router";
import { blockAppliesTo, blockListProblems } from "../../domain/blocks";
import { mentionsAnyFigure, unclaimedEach } from "../../domain/campaign-claims";
import { BLOCK_TYPES } from "../../domain/constants";
import { fieldErrors } from "../../domain/schemas/common";
import { PreviewBlocksSchema } from "../../domain/schemas/staff";
import type { CampaignJson } from "../../server/services/storefront/campaigns";
import type { BlockJson } from "../../server/services/storefront/product-page";
import { readForm } from "../../server/web/forms";
import type { AppLoadContext } from "../context";
import { staffPreviewAt } from "./preview.server";
import { sanitizeBlocks } from "./sanitize.server";

/** The form field that carries the editor's blocks ({"blocks": [...]} as JSON). */
export const PREVIEW_BLOCKS_FIELD = "blocks";

export const PREVIEW_MESSAGES = {
  staffOnly: "Only staff can preview unsaved blocks.",
  json: 'Send the blocks as JSON: {"blocks": [...]}.',
} as const;

export type EditedPreview =
  | {
      ok: true;
      /** The edited blocks as the page renders them (time boxes, deal_slugs and sanitising applied). */
      blocks: BlockJson[];
      /** The live campaign, read only when an edited block shows it. */
      campaign: CampaignJson | null;
    }
  | { ok: false; errors: Record<string, string[]> };

const noStore = { "Cache-Control": "private, no-store" };

/**
 * The block editor's live preview (issue 16): staff post the blocks being edited, unsaved, to the
 * product page, which renders with them instead of the stored ones. The blocks are checked by the
 * same rules as a save (domain/blocks.ts) and used for this one answer only: never stored, never
 * cached (a POST never enters the page cache; the answer says no-store). Anyone but staff: 403.
 */
export async function editedBlocksPreview(
  ctx: Pick<AppLoadContext, "session" | "services">,
  request: Request,
  slug: string,
) {
  if (!ctx.session?.user?.isStaff) {
    throw data({ detail: PREVIEW_MESSAGES.staffOnly }, { status: 403, headers: noStore });
  }
  const form = await readForm(request);
  const raw = form.get(PREVIEW_BLOCKS_FIELD);
  let parsed: unknown;
  try {
    parsed = JSON.parse(typeof raw === "string" ? raw : "");
  } catch {
    return data<EditedPreview>(
      { ok: false, errors: { blocks: [PREVIEW_MESSAGES.json] } },
      { status: 400, headers: noStore },
    );
  }
  const body = PreviewBlocksSchema.safeParse(parsed);
  if (!body.success) {
    return data<EditedPreview>(
      { ok: false, errors: fieldErrors(body.error) as Record<string, string[]> },
      { status: 400, headers: noStore },
    );
  }
  const problems = blockListProblems(body.data.blocks, BLOCK_TYPES);
  if (Object.keys(problems).length > 0) {
    return data<EditedPreview>({ ok: false, errors: problems }, { status: 400, headers: noStore });
  }
  const previewAt = staffPreviewAt(ctx, request);
  const at = previewAt ?? new Date();
  const blocks = sanitizeBlocks(
    body.data.blocks
      .filter((b) => blockAppliesTo(b.data, slug, at))
      .map(
        (b, i): BlockJson => ({
          // A block new in the editor has no id yet: a negative one keeps React's keys apart.
          id: b.id ?? -(i + 1),
          type: b.type,
          data: b.data,
          video_collection: null,
        }),
      ),
  );
  const needsCampaign =
    blocks.some((b) => b.type === "campaign_banner" || b.type === "subscribe_form") ||
    mentionsAnyFigure(blocks);
  const campaign = needsCampaign
    ? await ctx.services.pages.activeCampaign(previewAt ?? undefined)
    : null;
  // As the saved page: no claim of a campaign discount the cart does not give.
  return data<EditedPreview>(
    { ok: true, blocks: unclaimedEach(blocks, campaign), campaign },
    { headers: noStore },
  );
}
