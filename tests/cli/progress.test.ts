/** The progress bar as a terminal shows it: width, percent, status, elapsed time, task id. */
import { describe, expect, it } from "vitest";
import { progressReporter } from "../../src/cli/progress.js";

const label = "video task_0123456789";

/** A stream that records what is written, as a terminal or a pipe. */
function stream(isTTY: boolean, columns = 60) {
  const writes: string[] = [];
  return {
    writes,
    stream: { isTTY, columns, write: (s: string) => writes.push(s) > 0 } as unknown as NodeJS.WriteStream,
  };
}

/**
 * The bar a terminal `columns` wide shows for each state in turn, `ms` after the wait began (each
 * update redraws it, one animation frame further): the lines as the terminal keeps them.
 */
function bars(states: Array<{ status: string; progress?: number | undefined }>, ms: number, columns = 80) {
  let now = 0;
  const { writes, stream: out } = stream(true, columns);
  const bar = progressReporter(out, { label, now: () => now });
  now = ms;
  for (const state of states) bar.update(state);
  bar.done();
  return writes.filter((w) => w.startsWith("\r")).map((w) => w.replace(/^\r|\x1b\[K$/g, ""));
}

describe("the bar", () => {
  it("shows the task id, the bar, percent, status and elapsed time", () => {
    expect(bars([{ status: "running", progress: 40 }], 72_000)).toEqual([
      `${label} [############------------------]  40% running 1:12`,
    ]);
  });

  it.each([20, 30, 40, 50, 60, 80, 120, 200])("fits a terminal %i columns wide", (columns) => {
    for (const progress of [0, 7, 50, 100, undefined]) {
      // 60 redraws: every frame of the moving block for an unknown percentage.
      const lines = bars(Array(60).fill({ status: "in_progress", progress }), 3_725_000, columns);
      expect(lines).toHaveLength(60);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns - 1);
    }
  });

  it("drops the bar before it drops the numbers on a narrow terminal", () => {
    expect(bars([{ status: "running", progress: 40 }], 5_000, 44)).toEqual([`${label}  40% running 0:05`]);
  });

  it("an unknown percentage is a moving block, never a number", () => {
    const frames = bars(Array(4).fill({ status: "running" }), 0);
    for (const frame of frames) {
      expect(frame).not.toMatch(/%/);
      expect(frame).toMatch(/\[ *<=> *\] running 0:00$/);
    }
    expect(new Set(frames).size).toBe(4);
  });

  it("elapsed time reads m:ss, then h:mm:ss", () => {
    const times = [0, 59_999, 61_000, 3_725_000].map(
      (ms) => bars([{ status: "running", progress: 1 }], ms)[0],
    );
    expect(times.map((line) => line!.split(" ").at(-1))).toEqual(["0:00", "0:59", "1:01", "1:02:05"]);
  });
});

describe("progressReporter", () => {
  it("on a terminal redraws one line in place and ends it once", () => {
    let now = 0;
    const { writes, stream: out } = stream(true, 60);
    const bar = progressReporter(out, { label, now: () => now });
    bar.update({ status: "queued", progress: 0 });
    now = 2_000;
    bar.update({ status: "running", progress: 50 });
    bar.done();
    expect(writes.slice(0, 2).every((w) => w.startsWith("\r") && w.endsWith("\x1b[K"))).toBe(true);
    expect(writes[1]).toContain(" 50% running 0:02");
    expect(writes.at(-1)).toBe("\n");
    for (const w of writes) expect(w.replace(/^\r|\x1b\[K$/g, "").length).toBeLessThanOrEqual(59);
  });

  it("in a pipe prints one plain line per change, with the elapsed time", () => {
    let now = 0;
    const { writes, stream: out } = stream(false);
    const bar = progressReporter(out, { label: "vidgen.text2video vg-1", now: () => now });
    bar.update({ status: "queued", progress: undefined });
    now = 1_000;
    bar.update({ status: "queued", progress: undefined });
    now = 4_000;
    bar.update({ status: "running", progress: undefined });
    bar.done();
    expect(writes).toEqual([
      "vidgen.text2video vg-1: queued [0:00]\n",
      "vidgen.text2video vg-1: running [0:04]\n",
    ]);
  });
});
