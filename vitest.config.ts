import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Type tests (tests/types/*.test-d.ts) run tsc beside the behaviour tests: a call the compiler
    // must refuse is an `@ts-expect-error` line, and one that stops being refused fails the run.
    typecheck: {
      enabled: true,
      include: ["tests/types/**/*.test-d.ts"],
      tsconfig: "tsconfig.json",
    },
  },
});
