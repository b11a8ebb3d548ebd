/**
 * The CLI asks for money, so it prices by the gateway's prices: `genway cost`, the estimate a paid
 * command prints first and `--max-cost` read GET /api/pricing (the spec's table when there is no
 * gateway, it publishes none or its prices cannot be read), and every message names the table it
 * used. Against the mock gateway on loopback, the program run in this process (tests/support/cli.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockGateway, type MockGateway, type MockServer } from "../../mock/index.js";
import { logOffInThisProcess, runCli } from "../support/cli.js";

logOffInThisProcess();

let mock: MockGateway;
let server: MockServer;
/** Where the paid commands write their files, removed at the end. */
let dir: string;
beforeAll(async () => {
  mock = createMockGateway({ taskSteps: 1 });
  server = await mock.listen();
  dir = await mkdtemp(join(tmpdir(), "genway-cost-"));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const genway = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, {
    GENWAY_BASE_URL: server.url,
    GENWAY_API_KEY: mock.apiKey,
    GENWAY_LOG: "off",
    ...env,
  });

/** The first line a paid command writes on stderr: its estimate. */
const estimateOf = (stderr: string) => stderr.split("\n")[0]!;

describe("genway cost and the paid commands' estimates price by the gateway's prices", () => {
  it("genway cost --model gpt-4o-mini --prompt 1000 --completion 500: 0.00875 CNY by the gateway's prices", async () => {
    const r = await genway(["cost", "--model", "gpt-4o-mini", "--prompt", "1000", "--completion", "500"]);
    expect(r.code).toBe(0);
    // The mock's gpt-4o-mini: 1.75 CNY per 1M prompt tokens, 14 per 1M completion tokens.
    expect(r.stdout).toBe(
      [
        "prompt             1000 x 1.75 CNY/1M tokens = 0.00175 CNY",
        "completion          500 x 14 CNY/1M tokens = 0.007 CNY",
        "total 0.00875 CNY (gpt-4o-mini, group default; the gateway's prices)",
        "",
      ].join("\n"),
    );
  });

  it("genway cost --model veo3: the gateway's price per second x veo's default 8 s, and a video of veo3 estimates the same", async () => {
    const [cost, video] = await Promise.all([
      genway(["cost", "--model", "veo3"]),
      genway(["video", "--model", "veo3", "a boat"]),
    ]);
    expect(cost.code).toBe(0);
    expect(cost.stdout).toContain("total 7 CNY (veo3, group default; the gateway's prices)\n");
    expect(video.code).toBe(0);
    expect(estimateOf(video.stderr)).toBe(
      "estimated cost: 7 CNY (veo3, 8 seconds x 0.875 CNY/second (as the relay bills it: 8 s, its default length for veo), group default; the gateway's prices)",
    );
  });

  it("each paid command's estimate is what genway cost gives for the same call", async () => {
    const pairs: Array<[string[], string[]]> = [
      [
        ["image", "--model", "dall-e-3", "--n", "2", "--out", dir, "a fox"],
        ["--model", "dall-e-3", "--images", "2"],
      ],
      [
        ["speech", "--out", join(dir, "hello.mp3"), "hello there"],
        ["--model", "tts-1", "--characters", "11"],
      ],
      [
        ["video", "--model", "vidA-2.5", "--duration", "10", "a boat"],
        ["--model", "vidA-2.5", "--seconds", "10"],
      ],
    ];
    for (const [paid, flags] of pairs) {
      const [submitted, cost] = await Promise.all([genway(paid), genway(["cost", ...flags, "--json"])]);
      expect(submitted.code, paid.join(" ")).toBe(0);
      const { total, currency, prices } = JSON.parse(cost.stdout);
      expect(prices).toBe("the gateway's prices");
      expect(estimateOf(submitted.stderr), paid.join(" ")).toMatch(
        new RegExp(`^estimated cost: ${total} ${currency} \\(.*; the gateway's prices\\)$`),
      );
    }
  });

  it("review D3 and D4: --seconds, --resolution, --size and --quality price a call as the gateway scales it, and the paid commands estimate what they send", async () => {
    const lines = async (flags: string[]) => (await genway(["cost", ...flags])).stdout.split("\n");
    expect(await lines(["--model", "veo3.1-pro", "--seconds", "4", "--resolution", "4k"])).toEqual([
      "seconds               4 x 1.3125 CNY/second = 5.25 CNY (as the relay bills it: x 1.5 for resolution 4k)",
      "total 5.25 CNY (veo3.1-pro, group default; the gateway's prices)",
      "",
    ]);
    expect(await lines(["--model", "dall-e-3", "--size", "1792x1024", "--quality", "hd"])).toEqual([
      "images                1 x 3 CNY/image = 3 CNY (as the relay bills it: x 2 for size 1792x1024; x 1.5 for quality hd)",
      "total 3 CNY (dall-e-3, group default; the gateway's prices)",
      "",
    ]);
    const pairs: Array<[string[], string[]]> = [
      [
        ["video", "--model", "veo3.1-pro", "--body", '{"metadata":{"resolution":"4k"}}', "a boat"],
        ["--model", "veo3.1-pro", "--resolution", "4k"],
      ],
      [
        ["video", "--model", "veo3", "--duration", "4", "a boat"],
        ["--model", "veo3", "--seconds", "4"],
      ],
      [
        ["image", "--model", "dall-e-3", "--size", "1792x1024", "--quality", "hd", "--out", dir, "a fox"],
        ["--model", "dall-e-3", "--size", "1792x1024", "--quality", "hd"],
      ],
    ];
    for (const [paid, flags] of pairs) {
      const [submitted, cost] = await Promise.all([genway(paid), genway(["cost", ...flags, "--json"])]);
      expect(submitted.code, paid.join(" ")).toBe(0);
      const { total, currency } = JSON.parse(cost.stdout);
      expect(estimateOf(submitted.stderr), paid.join(" ")).toMatch(
        new RegExp(`^estimated cost: ${total} ${currency} \\(`),
      );
    }
    const sent = mock.requests.filter((r) => r.path === "/v2/videos/generations").map((r) => r.body);
    expect(sent).toContainEqual(
      expect.objectContaining({ model: "veo3.1-pro", metadata: { resolution: "4k" } }),
    );
    // --max-cost holds a 4K veo video (10.5) to what the gateway bills, before anything is sent.
    const over = await genway([
      "video",
      "--model",
      "veo3.1-pro",
      "--body",
      '{"metadata":{"resolution":"4k"}}',
      "--max-cost",
      "10",
      "a boat",
    ]);
    expect([over.code, over.stderr.split("\n")[1]]).toEqual([
      2,
      "genway video: not submitted: the estimate, 10.5 CNY, is more than --max-cost 10",
    ]);
  });

  it("--max-cost refuses, with nothing submitted, a call whose estimate is more or that cannot be priced", async () => {
    const submissions = () => mock.requests.filter((r) => r.path === "/v2/videos/generations").length;
    const before = submissions();
    const over = await genway(["video", "--model", "veo3", "--max-cost", "5", "a boat"]);
    expect([over.code, over.stderr.split("\n")[1]]).toEqual([
      2,
      "genway video: not submitted: the estimate, 7 CNY, is more than --max-cost 5",
    ]);
    const unpriced = await genway(["video", "--model", "no-such-video", "--max-cost", "100", "a boat"]);
    expect(unpriced.code).toBe(2);
    expect(unpriced.stderr).toContain("not priced: the gateway's prices gives no price for no-such-video");
    expect(unpriced.stderr).toContain("--max-cost 100 needs an estimate");
    expect(submissions()).toBe(before);
    const under = await genway(["video", "--model", "veo3", "--max-cost", "7", "a boat"]);
    expect(under.code).toBe(0);
    expect(submissions()).toBe(before + 1);
  });

  it("without a gateway the spec's table prices it, and says so; so does a gateway whose prices cannot be read", async () => {
    const none = await genway(["cost", "--model", "vidA-2.5", "--seconds", "10"], { GENWAY_BASE_URL: "" });
    expect(none.code).toBe(0);
    expect(none.stdout).toContain(
      "total 11 CNY (vidA, group default; the spec's table (no gateway configured))\n",
    );
    const unknown = await genway(["cost", "--model", "veo3"], { GENWAY_BASE_URL: "" });
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      "genway cost: --model veo3: the spec's table (no gateway configured) gives no price for it; price it by a family of the spec's table with --family ID\n",
    ]);

    mock.inject({ match: "/api/pricing", status: 500, message: "database is busy" });
    const down = await genway(["video", "--model", "vidA-2.5", "--duration", "5", "a boat"]);
    expect(down.code).toBe(0);
    expect(estimateOf(down.stderr)).toMatch(
      /^estimated cost: 5\.5 CNY \(vidA, .*; the spec's table \(the gateway's prices could not be read \(GET \/api\/pricing: .*database is busy/,
    );
  });

  it("--help, the docs and the output name the same table", async () => {
    const help = await genway(["cost", "--help"]);
    expect(help.stdout).toContain("by the gateway's prices (the spec's table without a gateway)");
    expect(help.stdout).toContain(
      "Prices are the gateway's own (GET /api/pricing) when a gateway is configured",
    );
    const { readFile } = await import("node:fs/promises");
    const doc = await readFile(new URL("../../docs/cli.md", import.meta.url), "utf8");
    expect(doc).toContain("genway cost --model gpt-4o-mini --prompt 1000 --completion 500");
    expect(doc).toContain("total 0.00875 CNY (gpt-4o-mini, group default; the gateway's prices)");
    expect(doc).not.toMatch(/cost: the spec's price table/);
  });

  it("genway models prints no NaN when the gateway's CNY rate is unusable: the USD prices, labelled USD", async () => {
    const status = {
      success: true,
      data: { quota_per_unit: 500_000, quota_display_type: "CNY", usd_exchange_rate: "7.3" },
    };
    mock.inject({ match: "/api/status", body: JSON.stringify(status), times: 1 });
    const r = await genway(["models"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("NaN");
    expect(r.stdout).toMatch(/^gpt-4o-mini +0\.23972603 \/ 1\.91780822 USD per 1M tokens/m);
  });
});
