import { configDefaults, defineConfig } from "vitest/config";
import tsup from "./tsup.config.js";

/**
 * `genway` and its subpaths, resolved to their sources (the entries in tsup.config.ts): the docs' examples
 * (tests/docs.test.ts) import the package by name and run against this run's sources.
 */
const packageAliases = Object.entries(tsup.dts.entry).map(([name, file]) => ({
  find: new RegExp(`^genway${name === "index" ? "" : `/${name.replace(/\/index$/, "")}`}$`),
  replacement: new URL(file, import.meta.url).pathname,
}));

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
    // Two workers even on a 2-core machine (vitest's default is cores - 1): the slowest files wait
    // on child processes (the queue's workers and Redis, the CLI, the examples), and the other
    // worker runs the rest meanwhile. Clocks in the tests are load-proof (the fault matrix's are 5 s).
    maxWorkers: 2,
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
