import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import tsup from "./tsup.config.js";

/**
 * `genway` and its subpaths, resolved to their sources (the entries in tsup.config.ts): the docs' examples
 * (tests/docs.test.ts) import the package by name and run against this run's sources.
 */
const packageAliases = Object.entries(tsup.dts.entry).map(([name, file]) => ({
  find: new RegExp(`^genway${name === "index" ? "" : `/${name.replace(/\/index$/, "")}`}$`),
  replacement: new URL(file, import.meta.url).pathname,
}));

/**
 * The files that wait longest (5-15 s each, on child processes and clocks), started first. Vitest
 * starts the files that took longest in its last run first; without a last run (a fresh clone, CI)
 * it starts the largest first, and the queue's crash run, a short file, started 20 s in and made
 * the run 6 s longer.
 */
const LONGEST = [
  "tests/queue/queue.test.ts",
  "tests/docs.test.ts",
  "tests/cli/cli.test.ts",
  "tests/examples.test.ts",
  "tests/queue/adversarial.test.ts",
  "tests/queue/example.test.ts",
];
for (const file of LONGEST) {
  if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts, LONGEST: no ${file}`);
}

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const longest = (spec: TestSpecification) => LONGEST.some((file) => spec.moduleId.endsWith(`/${file}`));
    return [...sorted.filter(longest), ...sorted.filter((spec) => !longest(spec))];
  }
}

export default defineConfig({
  resolve: { alias: packageAliases },
  test: {
    include: ["tests/**/*.test.ts", "mock/tests/**/*.test.ts"],
    // The built package's tests: npm run test:first-hour builds and runs them (vitest.first-hour.config.ts);
    // a new family scaffolded in a copy of the repository: npm run test:new-family.
    exclude: [
      ...configDefaults.exclude,
      "tests/package.test.ts",
      "tests/published-types.test.ts",
      "tests/first-hour.test.ts",
      "tests/new-family.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Worker threads start faster than forked processes, and a worker runs its files one after
    // another in one module graph instead of starting afresh for each (about 0.25 s per file).
    // Tests that change shared state (models.register, process.env) undo it in a finally.
    pool: "threads",
    isolate: false,
    // Three workers per core (vitest's default is cores - 1): the slowest files spend most of their
    // time waiting, on child processes (the queue's workers and Redis, the CLI, the docs' preambles)
    // or on clocks (polls, idle timeouts), and the other workers use the cores meanwhile. On 2 cores:
    // 4 workers 37 s, 6 workers 30-31 s (CPU-bound from there), 8 workers 35 s (each worker loads
    // the modules again). Clocks in the tests are load-proof (the fault matrix's are 5 s; a
    // backoff's bounds are read on a fake clock).
    maxWorkers: 3 * availableParallelism(),
    sequence: { sequencer: LongestFirst },
    // Type tests (tests/types/*.test-d.ts) run tsc beside the behaviour tests: a call the compiler
    // must refuse is an `@ts-expect-error` line, and one that stops being refused fails the run.
    typecheck: {
      enabled: true,
      include: ["tests/types/**/*.test-d.ts"],
      // The type tests and what they import, not the whole project (npm run typecheck does that):
      // a third of the compile, beside the behaviour tests.
      tsconfig: "tsconfig.typetests.json",
    },
  },
});
