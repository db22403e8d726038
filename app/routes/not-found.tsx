import { data } from "react-router";

// Every URL no route owns yet is a real 404 (status and page), rendered by the root ErrorBoundary.
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
