import { defineConfig } from "vitest/config";

/**
 * The first hour of an app developer (tests/first-hour.test.ts): the packed tarball installed into a
 * new project, the README's files run against the mock. About 30 s of npm work (a minute under
 * load), so it is not part of `npm test`: `npm run test:first-hour` builds and runs it, and CI
 * (.ci/run) runs it after the package checks.
 */
export default defineConfig({
  test: {
    include: ["tests/first-hour.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
