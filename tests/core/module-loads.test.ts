/**
 * Pay only for what you use, counted in modules: a plain client's call, stream and task wait load
 * no money code (no dynamic import of src/money unless a money option is set or a cost is read).
 * Counted in a child process of its own (fixtures/module-loads-child.ts), whose module hook sees
 * every module Node loads; the mock gateway runs here, so the child loads client code only.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import { runNode } from "../support/child.js";

const CHILD = fileURLToPath(new URL("./fixtures/module-loads-child.ts", import.meta.url));

interface Loads {
  entry: string[];
  call: string[];
  stream: string[];
  wait: string[];
  costRead: string[];
}

/** The money room's modules among `paths`. */
const money = (paths: string[]) => paths.filter((path) => path.startsWith("src/money/"));

describe("the modules a plain client loads", () => {
  let loads: Loads;
  beforeAll(async () => {
    const mock = createMockGateway({ taskSteps: 2 });
    const server = await mock.listen();
    try {
      const { code, stdout, stderr } = await runNode(
        ["--import", "tsx", CHILD, server.url, mock.apiKey],
        30_000,
      );
      if (code !== 0) throw new Error(`child exited ${code}: ${stderr}`);
      loads = JSON.parse(stdout.trim().split("\n").at(-1)!);
    } finally {
      await server.close();
    }
  }, 40_000);

  it("the hook sees the lazy money room load where a cost is read (the control)", () => {
    expect(loads.costRead).toContain("src/money/client.ts");
    expect(loads.costRead).toContain("src/money/metering.ts");
  });

  it("importing genway loads the price catalog (estimateCost), not the money room", () => {
    expect(loads.entry).toContain("src/money/estimate.ts");
    expect(loads.entry).not.toContain("src/money/client.ts");
    expect(loads.entry).not.toContain("src/money/metering.ts");
  });

  // Each step after the import loads no module at all: money's none in particular.
  it("a plain call loads no money code", () => {
    expect(money(loads.call)).toEqual([]);
    expect(loads.call).toEqual([]);
  });

  it("a plain stream loads no money code, though its bill counts it in the ledger at its end", () => {
    expect(money(loads.stream)).toEqual([]);
    expect(loads.stream).toEqual([]);
  });

  it("a plain task (its submission and its wait) loads no money code", () => {
    expect(money(loads.wait)).toEqual([]);
    expect(loads.wait).toEqual([]);
  });
});
