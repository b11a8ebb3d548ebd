/**
 * The genway command prints what the gateway says (model ids, answers, error messages, task
 * failure reasons, URLs) with its control characters escaped: a hostile or compromised gateway
 * cannot retitle or clear the terminal, recolour what follows, or write a fake line. Line breaks
 * and tabs are kept, and JSON output stays the same JSON.
 */
import { readdir, readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logOffInThisProcess, runCli } from "../support/cli.js";

/** Set the window title, clear the screen, turn text red; then a CSI in its one-character (C1) form and a bidi override. */
const HOSTILE = "\u001b]0;pwned\u0007\u001b[2J\u001b[31m\u009b2J\u202e";
/** Any of the control characters above, raw. */
const RAW = /[\u001b\u0007\u009b\u202e]/;

let server: Server;
let env: NodeJS.ProcessEnv;

logOffInThisProcess();
beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    const send = (code: number, body: unknown) => {
      res.writeHead(code, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = req.url ?? "";
    if (url === "/v1/models") return send(200, { object: "list", data: [{ id: `gpt-4o-mini${HOSTILE}` }] });
    if (url.startsWith("/api/")) return send(404, { error: { message: "not found" } });
    if (url.startsWith("/v1/chat") && !body.includes("answer me"))
      return send(400, { error: { message: `bad request${HOSTILE}`, type: "invalid_request_error" } });
    if (url.startsWith("/v1/chat") && body.includes('"stream":true')) {
      // The escape split across two deltas: each character is escaped wherever it falls.
      res.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (content: string, finish: string | null) =>
        `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
      res.end(
        `${chunk("line one\n\tline two\u001b]0;pw", null)}${chunk(`ned\u0007${HOSTILE.slice(10)}`, "stop")}data: [DONE]\n\n`,
      );
      return;
    }
    if (url.startsWith("/v1/chat"))
      return send(200, {
        id: "c",
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: `line one\n\tline two${HOSTILE}` },
            finish_reason: "stop",
          },
        ],
      });
    if (url === "/v2/videos/generations/t1")
      return send(200, { task_id: "t1", status: "FAILURE", fail_reason: `upstream failed${HOSTILE}` });
    if (url === "/v2/videos/generations/t2")
      return send(200, {
        task_id: "t2",
        status: "SUCCESS",
        data: { output: `https://cdn.test/v.mp4${HOSTILE}` },
      });
    send(404, { error: { message: "not found" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  env = { GENWAY_BASE_URL: `http://127.0.0.1:${port}`, GENWAY_API_KEY: "sk-terminal", GENWAY_LOG: "off" };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("E18: gateway text reaches the terminal with its control characters escaped", () => {
  it.each([
    [["models"], "stdout", 0],
    [["chat", "hi"], "stderr", 1],
    [["task", "wait", "video", "t1"], "stderr", 1],
    [["task", "status", "video", "t2"], "stdout", 0],
  ] as const)("E18: genway %j", async (args, where, code) => {
    const run = await runCli([...args], env);
    expect(run.code).toBe(code);
    expect(run.stdout + run.stderr).not.toMatch(RAW);
    // What was there is still readable, as escapes.
    expect(run[where]).toContain("\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[31m\\u009b2J\\u202e");
  });

  it.each([[["chat", "answer me"]], [["chat", "--no-stream", "answer me"]]])(
    "E18: genway %j: the answer keeps its line breaks and tabs, and loses its escapes",
    async (args) => {
      const run = await runCli(args, env);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(
        "line one\n\tline two\\u001b]0;pwned\\u0007\\u001b[2J\\u001b[31m\\u009b2J\\u202e\n",
      );
    },
  );

  it("E18: --json output escapes them too, and is the same JSON", async () => {
    const run = await runCli(["models", "--json"], env);
    expect(run.stdout).not.toMatch(RAW);
    expect(JSON.parse(run.stdout)[0].id).toBe(`gpt-4o-mini${HOSTILE}`);
  });

  it("E18: every line the CLI writes goes through output.ts's print (the progress bar's own codes aside)", async () => {
    const root = join(import.meta.dirname, "../../src/cli");
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith(".ts"));
    const writers: string[] = [];
    for (const file of files) {
      if (file === "output.ts" || file === "progress.ts") continue;
      const text = await readFile(join(root, file), "utf8");
      if (/\.write\(/.test(text)) writers.push(file);
    }
    expect(writers).toEqual([]);
  });
});

describe("E17: the CLI's gateway address", () => {
  it("E17: a --base-url or GENWAY_BASE_URL with a password is refused (exit 2), the password never printed", async () => {
    for (const run of [
      await runCli(["models", "--base-url", "http://proxyuser:S3cret-pass@127.0.0.1:9/v1"], env),
      await runCli(["models"], { ...env, GENWAY_BASE_URL: "proxyuser:S3cret-pass@127.0.0.1:9" }),
    ]) {
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^genway models: (--base-url|GENWAY_BASE_URL) must/);
      expect(run.stdout + run.stderr).not.toContain("S3cret-pass");
    }
  });
});
