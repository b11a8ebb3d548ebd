/** The built CLI as a user runs it: a subprocess against the mock gateway on loopback. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockGateway, type MockGateway, type MockServer } from "../../src/testing/index.js";

const CLI = join(import.meta.dirname, "../../dist/cli/main.js");
let mock: MockGateway;
let server: MockServer;

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error("dist/cli/main.js is missing: npm test builds it first (pretest)");
  mock = createMockGateway({ taskSteps: 2 });
  server = await mock.listen();
});
afterAll(() => server.close());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function start(
  args: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; done: Promise<Run> } {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: {
      ...process.env,
      GENWAY_BASE_URL: server.url,
      GENWAY_API_KEY: mock.apiKey,
      GENWAY_LOG: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d) => (stdout += d));
  child.stderr?.on("data", (d) => (stderr += d));
  const done = new Promise<Run>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

const run = (args: string[], env?: Record<string, string>) => start(args, env).done;

describe("genway chat", () => {
  it("streams the answer to stdout (non-TTY: plain text)", async () => {
    const r = await run(["chat", "hello", "there"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Hello from the genway mock gateway! You said: "hello there".\n');
  });

  it.each(["messages", "responses", "native"])("--format %s uses that wire format", async (format) => {
    const before = mock.requests.length;
    const r = await run(["chat", "--format", format, "hi"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('You said: "hi"');
    const path = mock.requests[before]?.path ?? "";
    expect(path).toMatch(
      format === "messages" ? /^\/v1\/messages/ : format === "responses" ? /^\/v1\/responses/ : /^\/v1beta\//,
    );
  });

  it("--json prints the whole result as JSON", async () => {
    const r = await run(["chat", "--json", "hi"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).choices[0].message.content).toContain("hi");
  });

  it("an API error is one line with the code and request id, exit 1", async () => {
    const r = await run(["chat", "hi"], { GENWAY_API_KEY: "sk-wrong-key-123" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/AuthenticationError.*code 10001.*request id mock-req-/);
    expect(r.stderr).not.toContain("sk-wrong-key-123");
  });

  it("a validation error is one line, exit 1, nothing sent", async () => {
    const before = mock.requests.length;
    const r = await run(["chat", "--format", "messages", "--max-tokens=-5", "hi"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^genway: invalid request: max_tokens/);
    expect(mock.requests.length).toBe(before);
  });

  it("Ctrl-C (SIGINT) aborts a stalled stream cleanly with exit 130", async () => {
    mock.inject({ match: "/v1/chat", stallAfter: 3 });
    const { child, done } = start(["chat", "hi"]);
    await new Promise<void>((resolve) => {
      child.stdout?.on("data", () => resolve());
    });
    child.kill("SIGINT");
    const r = await done;
    expect(r.code).toBe(130);
    expect(r.stdout).toContain("Hello from");
    expect(r.stderr).toContain("aborted");
  });
});

describe("media and task commands", () => {
  it("image saves files", async () => {
    const dir = await mkdtemp(join(tmpdir(), "genway-cli-"));
    const r = await run(["image", "--model", "nano-banana", "--out", dir, "a red fox"]);
    expect(r.code).toBe(0);
    const path = r.stdout.trim();
    expect(path.startsWith(dir)).toBe(true);
    const bytes = await readFile(path);
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  });

  it("speech saves the audio", async () => {
    const dir = await mkdtemp(join(tmpdir(), "genway-cli-"));
    const out = join(dir, "hi.mp3");
    const r = await run(["speech", "--voice", "nova", "--out", out, "Hello", "world"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(out);
    expect((await stat(out)).size).toBeGreaterThan(1000);
  });

  it("video --wait prints progress lines (non-TTY) and the result URL", async () => {
    const r = await run(["video", "--model", "vidA-2.5", "--wait", "a paper boat"]);
    expect(r.code).toBe(0);
    // Plain progress lines, not a redrawn bar: stderr is not a TTY here.
    expect(r.stderr).toMatch(/^video \S+: queued 0%$/m);
    expect(r.stderr).toMatch(/^video \S+: succeeded 100%$/m);
    expect(r.stderr).not.toContain("\r");
    expect(r.stdout).toMatch(/: succeeded\n/);
    expect(r.stdout).toMatch(/^https?:\/\/\S+\.mp4$/m);
  });

  it("vidgen text2video --json gives the task handle; task resumes it", async () => {
    const submitted = await run(["vidgen", "text2video", "--prompt", "a cat surfing", "--json"]);
    expect(submitted.code).toBe(0);
    const handle = JSON.parse(submitted.stdout);
    expect(handle.kind).toBe("vidgen.text2video");
    const resumed = await run(["task", handle.kind, handle.id, "--json"]);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout).status).toBe("succeeded");
  });

  it("music --wait follows the song to the end", async () => {
    const r = await run(["music", "--title", "Test", "--wait", "[Verse] la la"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/music \S+: succeeded/);
  });

  it("a failed task exits 1 with the gateway's reason", async () => {
    const r = await run(["video", "--model", "vidA-2.5", "--wait", "[fail] boat"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/TaskFailedError/);
  });

  it("cost prints the estimate (and --json)", async () => {
    const r = await run(["cost", "--model", "tts-1", "--characters", "20000", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ total: 7, currency: "CNY", family: "speech" });
    const bad = await run(["cost", "--family", "speech", "--group", "vip", "--characters", "1"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/group/);
  });
});

describe("help, usage and the rest", () => {
  it("--help works for the program and every command", async () => {
    const top = await run(["--help"]);
    expect(top.code).toBe(0);
    const names = [...top.stdout.matchAll(/^ {2}(\w+) {2,}/gm)].map((m) => m[1]!);
    expect(names).toEqual([
      "chat",
      "image",
      "speech",
      "video",
      "vidgen",
      "music",
      "task",
      "cost",
      "mock",
      "demo",
    ]);
    for (const name of names) {
      const r = await run([name, "--help"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`usage: genway ${name}`);
    }
  });

  it("an unknown command or flag exits 2", async () => {
    expect((await run(["nope"])).code).toBe(2);
    expect((await run(["chat", "--bogus", "x"])).code).toBe(2);
  });

  it("mock prints its URL and key, and stops on SIGTERM", async () => {
    const { child, done } = start(["mock", "--json"]);
    const line = await new Promise<string>((resolve) =>
      child.stdout?.once("data", (d) => resolve(String(d))),
    );
    const { url, apiKey } = JSON.parse(line);
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "ping" }] }),
    });
    expect(response.status).toBe(200);
    child.kill("SIGTERM");
    expect((await done).code).toBe(0);
  });

  it("demo tours every family end to end and exits 0", async () => {
    const dir = await mkdtemp(join(tmpdir(), "genway-demo-test-"));
    const r = await run(["demo", "--out", dir], { GENWAY_BASE_URL: "", GENWAY_API_KEY: "" });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    for (const step of ["1.", "2.", "3.", "4.", "5.", "6.", "7.", "8.", "9.", "10."])
      expect(r.stdout).toContain(`\n${step} `);
    expect(r.stdout).toContain("get_weather(");
    expect(r.stdout).toMatch(/Done: \d+ HTTP requests/);
    expect((await stat(join(dir, "lighthouse.png"))).size).toBeGreaterThan(100);
    expect((await stat(join(dir, "hello.mp3"))).size).toBeGreaterThan(1000);
  }, 60_000);
});
