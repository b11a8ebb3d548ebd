/**
 * `genway models` and `genway balance`, as a user runs them, against the mock gateway on loopback:
 * the command's program from this run's sources, in this process (tests/support/cli.ts).
 */
import { describe, expect, it } from "vitest";
import { createMockGateway, type MockGatewayOptions } from "../../mock/index.js";
import { logOffInThisProcess, runCli } from "../support/cli.js";

logOffInThisProcess();

/** Runs the CLI against a fresh mock; resolves with its exit code, output and the mock's requests. */
async function genway(args: string[], options: MockGatewayOptions = {}) {
  const mock = createMockGateway(options);
  const server = await mock.listen();
  try {
    const env = {
      ...process.env,
      GENWAY_BASE_URL: server.url,
      GENWAY_API_KEY: mock.apiKey,
      GENWAY_LOG: "off",
    };
    const { code, stdout, stderr } = await runCli(args, env);
    return { code, stdout, stderr, paths: mock.requests.map((r) => r.path) };
  } finally {
    await server.close();
  }
}

describe("genway models", () => {
  it("lists every model with its price per 1M tokens, per request or per the unit the gateway scales it by, from the gateway's prices", async () => {
    const { code, stdout, stderr, paths } = await genway(["models"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^gpt-4o-mini +1\.75 \/ 14 CNY per 1M tokens +openai$/m);
    // The gateway multiplies a veo price by the seconds of the video: a price per second.
    expect(stdout).toMatch(/^veo3 +0\.875 CNY per second +openai-video$/m);
    expect(stdout).toMatch(/^dall-e-3 +1 CNY per image +image-generation, openai$/m);
    expect(stdout).toMatch(/^vidA-2\.5 +1\.1 CNY per second +openai-video$/m);
    // Served in backup-1 only: no price in the default group.
    expect(stdout).toMatch(/^vidB3 +- +openai-video$/m);
    expect(stdout).toMatch(/models; prices from the gateway's prices, group default\n$/);
    expect(paths.sort()).toEqual(["/api/pricing", "/api/status", "/v1/models"]);
  });

  it("filters by family and endpoint, prices in a group, and prints JSON for scripts", async () => {
    const family = await genway(["models", "--family", "vidA"]);
    expect(
      family.stdout
        .trim()
        .split("\n")
        .slice(0, -1)
        .map((l) => l.split(" ")[0]),
    ).toEqual(["vidA-2.5", "vidA-1-0-pro-250528", "vidA-1-0-lite-i2v-250428", "vidA-2-0-fast-260128"]);
    const anthropic = await genway(["models", "--endpoint", "anthropic", "--group", "cc", "--json"]);
    expect(anthropic.code).toBe(0);
    const rows = JSON.parse(anthropic.stdout);
    expect(rows.map((r: { id: string }) => r.id)).toEqual([
      "claude-sonnet-4-5",
      "claude-sonnet-4-6",
      "claude-haiku-4-5",
    ]);
    expect(rows[0]).toMatchObject({
      owned_by: "anthropic",
      endpoints: ["anthropic", "openai"],
      price: { unit: "token", prompt: 4, completion: 20, currency: "CNY", source: "gateway", group: "cc" },
    });
  });

  it("a gateway without /api/pricing still lists its models, priced by the spec's table where it can", async () => {
    const { code, stdout } = await genway(["models"], { pricing: "none" });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^vidA-2\.5 +1\.1 CNY per second/m);
    expect(stdout).toMatch(/^gpt-4o-mini +- +openai$/m);
    expect(stdout).toMatch(/prices from the spec's table \(the gateway publishes none\)/);
  });
});

describe("genway balance", () => {
  it("prints what is left of what, in the gateway's unit; --json gives the fields", async () => {
    const text = await genway(["balance"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe("remaining 730 CNY of 766.5 (used 36.5); never expires\n");
    const json = await genway(["balance", "--json"], { account: { expiresAt: 1_900_000_000 } });
    expect(JSON.parse(json.stdout)).toEqual({
      total: 766.5,
      used: 36.5,
      remaining: 730,
      currency: "CNY",
      expiresAt: "2030-03-17T17:46:40.000Z",
    });
    const unlimited = await genway(["balance"], { account: { unlimited: true } });
    expect(unlimited.stdout).toBe("unlimited key; used 36.5 CNY; never expires\n");
  });

  it("a rejected key is one line and exit 1", async () => {
    const mock = await genway(["balance", "--api-key", "sk-wrong"]);
    expect(mock.code).toBe(1);
    expect(mock.stderr).toMatch(/^genway balance: .*\[AuthenticationError, HTTP 401/);
    expect(mock.stderr).not.toContain("sk-wrong");
  });
});
