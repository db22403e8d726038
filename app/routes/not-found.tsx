import { appContext } from "../context";
import { notFound } from "../ui/not-found.server";
import type { Route } from "./+types/not-found";

// Every URL no route owns yet is a real 404 (status and page), rendered by the root ErrorBoundary.
export async function loader({ context }: Route.LoaderArgs) {
  throw await notFound(context.get(appContext));
}

export default function NotFoundRoute() {
  return null;
}
