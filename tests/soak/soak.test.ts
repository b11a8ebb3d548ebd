/**
 * The short form of bench/soak.ts for CI: a few hundred streamed chats with random faults against the
 * mock on loopback. Every call must end, typed, in an outcome its scenario allows, and once the
 * servers close no socket or timer may be left. (The long form with heap figures: bench/soak.ts.)
 */
import { describe, expect, it } from "vitest";
import { formatReport, runSoak } from "../../bench/soak.js";
import { quickRetries } from "../support/index.js";

describe("soak (short form)", () => {
  it("300 calls with random faults: no untyped errors, no hangs, handles back to baseline", async () => {
    const report = await runSoak({
      n: 300,
      concurrency: 16,
      seed: 8,
      hangMs: 10_000,
      warmup: 32,
      ...quickRetries,
    });
    const table = formatReport(report);
    expect(report.totals.untyped, table).toBe(0);
    expect(report.totals.hangs, table).toBe(0);
    expect(report.totals.unexpected, table).toBe(0);
    expect(report.totals.ok + report.totals.typed).toBe(300);
    // Faults really happened: most scenarios ran, and both successes and typed errors came out.
    expect(Object.keys(report.outcomes).length).toBeGreaterThanOrEqual(12);
    expect(report.totals.ok).toBeGreaterThan(100);
    expect(report.totals.typed).toBeGreaterThan(50);
    // No timer survives the calls (servers still up), and nothing of ours once they are closed. The
    // test runner's own handles may come and go meanwhile, so no kind may grow; none need stay.
    expect(report.handles.after.Timeout ?? 0, table).toBeLessThanOrEqual(report.handles.before.Timeout ?? 0);
    for (const [kind, count] of Object.entries(report.handles.end)) {
      expect(count, `${kind}\n${table}`).toBeLessThanOrEqual(report.handles.start[kind] ?? 0);
    }
  }, 60_000);
});
