import { useRouteLoaderData } from "react-router";
import {
  type CodeExperiment,
  type ExperimentAssignments,
  isExperimentEnabled,
} from "../../domain/experiments";
import type { GrowthRootData } from "./root-data.server";

/** The growth part of the root loader's data (app/marketing/root-data.server.ts). */
export function useGrowthRootData(): GrowthRootData | undefined {
  const data = useRouteLoaderData("root") as { growth?: GrowthRootData } | undefined;
  return data?.growth;
}

/** The session's experiment variants, from the root loader ({} for a visitor without session). */
export function useExperiments(): ExperimentAssignments {
  return useGrowthRootData()?.experiments ?? {};
}

/** Whether one of the code's experiments is on for this session (e.g. currency_conversion). */
export function useExperimentEnabled(experiment: CodeExperiment): boolean {
  return isExperimentEnabled(useExperiments(), experiment);
}
