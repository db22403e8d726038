import { Link } from "react-router";
import { privateMeta } from "../../seo/meta";
import { orNotFound, routeId, staffContext } from "../../staff/access.server";
import { CampaignForm } from "../../staff/campaign-form";
import { StaffShell } from "../../staff/ui";
import type { Route } from "./+types/campaign";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  privateMeta(loaderData ? `${loaderData.campaign.name} (staff)` : "Campaign (staff)");

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await staffContext(context, request);
  const id = await routeId({ services }, params.id);
  return {
    campaign: await orNotFound({ services }, () => services.staff.marketing.getCampaign(id)),
  };
}

export default function StaffCampaign({ loaderData }: Route.ComponentProps) {
  const { campaign } = loaderData;
  return (
    <StaffShell title={`Campaign: ${campaign.name}`}>
      <p className="mt-1 text-sm text-ink-soft">
        <Link to="/staff/campaigns/" className="underline">
          All campaigns
        </Link>{" "}
        · #{campaign.id} · {campaign.optin_slug}
      </p>
      <section className="mt-6 rounded-2xl bg-white p-5 shadow-card">
        <CampaignForm key={JSON.stringify(campaign)} campaign={campaign} />
      </section>
    </StaffShell>
  );
}
