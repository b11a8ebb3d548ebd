import { defineConfig } from "vitest/config";

/**
 * The package as built: the tarball npm would publish (tests/package.test.ts: its file list), the
 * doc comments of its type declarations (tests/published-types.test.ts), and the first hour of an
 * app developer (tests/first-hour.test.ts: the packed tarball installed into a new project, the
 * README's files run against the mock). They need a build of dist/ (with its type declarations),
 * and the first hour about 30 s of npm work (a minute under load), so none is part of `npm test`,
 * which needs no build: `npm run test:first-hour` builds and runs them, and CI (.ci/run) runs it
 * after the package checks.
 */
export default defineConfig({
  test: {
    include: ["tests/package.test.ts", "tests/published-types.test.ts", "tests/first-hour.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
