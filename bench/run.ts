// npm run bench: the performance report. Sections run in order; each prints its own tables.
//   http       issue 14's table: hot pages and endpoints under autocannon beside a bare
//              node:http server (bench/http.ts), page-weight budgets, PGlite against PostgreSQL
//              (DATABASE_URL), WEB_CONCURRENCY=2
//   lighthouse Lighthouse scores (bench/lighthouse.ts, when present)
//   size       the large data set (bench/size.ts, when present; `npm run bench -- --size L`)
// `--only <section>[,<section>]` runs some of them. A section module exports
// `run(options: BenchOptions): Promise<void>` and sets process.exitCode when a budget fails.
import { existsSync } from "node:fs";
import path from "node:path";
import { runHttpBench } from "./http";

export type BenchOptions = {
  /** `--size <S|M|L>`: the data-set size the size section loads (undefined: not asked for). */
  size: string | undefined;
  args: string[];
};

const args = process.argv.slice(2);
const flagValue = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const options: BenchOptions = { size: flagValue("--size"), args };
const only = flagValue("--only")?.split(",");

type Section = { name: string; run: (o: BenchOptions) => Promise<void>; when?: () => boolean };

/** A section living in its own module, run only when the module exists. */
function optional(name: string, file: string, when: () => boolean = () => true): Section {
  const full = path.join(import.meta.dirname, file);
  return {
    name,
    when: () => existsSync(full) && when(),
    run: async (o) => {
      const mod = (await import(full)) as { run: (o: BenchOptions) => Promise<void> };
      await mod.run(o);
    },
  };
}

const sections: Section[] = [
  // `--size` asks for the data-size comparison alone (it runs the table at S and at the size).
  { name: "http", run: () => runHttpBench(), when: () => options.size === undefined },
  optional("lighthouse", "lighthouse.ts", () => options.size === undefined),
  optional("size", "size.ts", () => options.size !== undefined),
];

for (const section of sections) {
  if (only && !only.includes(section.name)) continue;
  if (section.when && !section.when()) continue;
  console.log(`\n=== ${section.name} ===`);
  await section.run(options);
}
process.exit(process.exitCode ?? 0);
