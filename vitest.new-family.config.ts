import { defineConfig } from "vitest/config";

/**
 * A new family, scaffolded in a copy of the repository (tests/new-family.test.ts): the copy is
 * typechecked, linted and tested, a minute or more of work, so it is not part of `npm test`;
 * `npm run test:new-family` runs it, and CI (.ci/run) does after the test suite.
 */
export default defineConfig({
  test: {
    include: ["tests/new-family.test.ts"],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
