import { useRouteLoaderData } from "react-router";
import type { GrowthRootData } from "./root-data.server";

/**
 * The growth part of the root loader's data (app/marketing/root-data.server.ts): the display
 * currency and whether prices are converted, never the session's experiment buckets (decision
 * 053: the page may be a cached one shared by sessions in other buckets).
 */
export function useGrowthRootData(): GrowthRootData | undefined {
  const data = useRouteLoaderData("root") as { growth?: GrowthRootData } | undefined;
  return data?.growth;
}
