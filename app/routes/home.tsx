import type { Route } from "./+types/home";

export function loader(_: Route.LoaderArgs) {
  return { hello: "Payonce" };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <h1 className="text-3xl font-bold">{loaderData.hello}</h1>;
}
