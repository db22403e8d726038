// Reading a V8 CPU profile (node --cpu-prof, or the inspector's Profiler.stop): the top
// self-time entries, for bench/profile.ts and bench/render-cost.ts.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
export type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number };

/**
 * Self time per function (name + file + line), largest first, as percentages of all samples
 * (only those between `from` and `to`, in monotonic microseconds, when given: the measured load,
 * without start-up and warm-up).
 */
export function topSelf(profile: Profile, n = 25, from = -Infinity, to = Infinity) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < from || at > to) return;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const agg = new Map<string, number>();
  for (const [id, us] of self) {
    const f = byId.get(id)?.callFrame;
    if (!f) continue;
    const file = f.url.replace(/^file:\/\//, "").replace(`${root}/`, "");
    const short = file.includes("node_modules/")
      ? file.slice(file.lastIndexOf("node_modules/") + 13)
      : file;
    const key = `${f.functionName || "(anonymous)"}  ${short}${short ? `:${f.lineNumber + 1}` : ""}`;
    agg.set(key, (agg.get(key) ?? 0) + us);
  }
  return [...agg]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `${((us / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
}
