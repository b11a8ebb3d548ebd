import { defineConfig } from "vitest/config";
import base from "./vitest.config.js";

/**
 * `npm run test:soak`: the slow queue runs (a worker process SIGSTOPped past its lock, the 300-job
 * crash run, a Redis refusing writes), a few minutes on 2 cores, after `npm test` in CI (.ci/run).
 * Files named *.soak.ts, which `npm test` does not pick up; the same aliases (genway resolved to
 * src/) as npm test.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["tests/**/*.soak.ts"],
    typecheck: { enabled: false },
    testTimeout: 150_000,
    // Two at a time, not npm test's three per core: these runs hold BullMQ locks whose renewals must
    // not starve behind other soak runs.
    maxWorkers: 2,
  },
});
