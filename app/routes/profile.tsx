import { appContext } from "../context";
import { profileMeta } from "../profile/profile-meta";
import { ProfilePage } from "../profile/profile-page";
import { loadProfilePage } from "../profile/profile-page.server";
import type { Route } from "./+types/profile";

export const loader = ({ context, params, request }: Route.LoaderArgs) =>
  loadProfilePage(context.get(appContext), params.username, request);

export const meta: Route.MetaFunction = ({ loaderData }) => profileMeta(loaderData);

export default function Profile({ loaderData }: Route.ComponentProps) {
  return <ProfilePage data={loaderData} />;
}
