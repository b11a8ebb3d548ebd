/**
 * The CLI as a user runs it, against the mock gateway on loopback, from this run's sources: its
 * program in this process on pipes of its own (`cli.run`, tests/support/cli.ts), and as a process
 * (`cli.spawn`, `cli.start`, `cli.onTerminal`) where only a process shows it: Ctrl-C and SIGTERM, a
 * terminal, stdin, the current folder, the exit status the shell sees. Every test has its own mock
 * (the `cli` fixture), so the tests run concurrently, and counting one mock's requests stays exact.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { afterAll, it as base, beforeAll, describe, expect } from "vitest";
import { createMockGateway, type MockGateway, type MockServer } from "../../mock/index.js";
import { describeError } from "../../src/cli/output.js";
import { run } from "../../src/cli/run.js";
import { AuthenticationError, TaskFailedError } from "../../src/index.js";
import { type CliRun, cliFromSource, logOffInThisProcess, runCli } from "../support/cli.js";

let CLI: string;
const VERSION = JSON.parse(await readFile(join(import.meta.dirname, "../../package.json"), "utf8")).version;
/** Every file the tests write lives under this folder, removed at the end. */
let root: string;
let dirs = 0;
/** A fresh empty folder under `root`. */
async function folder(): Promise<string> {
  const dir = join(root, `d${++dirs}`);
  await mkdir(dir);
  return dir;
}

logOffInThisProcess();
beforeAll(async () => {
  [CLI, root] = await Promise.all([cliFromSource(), mkdtemp(join(tmpdir(), "genway-cli-"))]);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The gateway's price routes, which a paid command's estimate reads (not paid, not submissions). */
const PRICE_READS = ["/api/pricing", "/api/status"];

/** The CLI pointed at one mock gateway. */
function against(mock: MockGateway, server: MockServer) {
  const env = () => ({ GENWAY_BASE_URL: server.url, GENWAY_API_KEY: mock.apiKey, GENWAY_LOG: "off" });
  /** The CLI as a process, in `cwd`, with `stdin` piped in (or none). */
  function start(
    args: string[],
    extra: Record<string, string> = {},
    cwd: string = root,
    stdin?: string,
  ): { child: ChildProcess; done: Promise<CliRun> } {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: { ...process.env, ...env(), ...extra },
      stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (d) => (stdout += d));
    child.stderr?.on("data", (d) => (stderr += d));
    const done = new Promise<CliRun>((resolve) =>
      child.on("close", (code) => resolve({ code, stdout, stderr })),
    );
    return { child, done };
  }
  /** The CLI in this process. */
  const run = (args: string[], extra: Record<string, string> = {}) =>
    runCli(args, { ...process.env, ...env(), ...extra });
  return {
    mock,
    server,
    start,
    run,
    /** The CLI as a process, to its end. */
    spawn: (args: string[], extra?: Record<string, string>, cwd?: string, stdin?: string) =>
      start(args, extra, cwd, stdin).done,
    /** Runs the CLI and checks that no request but the reads of the prices its estimate needs reached the mock gateway. */
    async refused(args: string[]): Promise<CliRun> {
      const before = mock.requests.length;
      const r = await run(args);
      expect(mock.requests.slice(before).filter((request) => !PRICE_READS.includes(request.path))).toEqual(
        [],
      );
      return r;
    },
    /** The CLI on a pseudo-terminal (util-linux `script`), `answer` typed on it. */
    onTerminal(args: string[], answer: string, setup = ""): Promise<CliRun> {
      const command = setup + [process.execPath, CLI, ...args].map((a) => `'${a}'`).join(" ");
      const child = spawn("script", ["-qec", command, "/dev/null"], {
        cwd: root,
        env: { ...process.env, ...env() },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stdout = "";
      child.stdout.on("data", (d) => {
        stdout += d;
        if (String(d).includes("submit? [y/N]")) child.stdin.end(answer);
      });
      if (!answer) child.stdin.end();
      return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr: "" })));
    },
  };
}

const it = base.extend<{ cli: ReturnType<typeof against> }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's dependencies from this pattern
  cli: async ({}, use) => {
    const mock = createMockGateway({ taskSteps: 2 });
    const server = await mock.listen();
    await use(against(mock, server));
    await server.close();
  },
});

describe.concurrent("genway chat", () => {
  it("streams the answer to stdout (non-TTY: plain text)", async ({ cli }) => {
    const r = await cli.spawn(["chat", "hello", "there"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Hello from the genway mock gateway! You said: "hello there".\n');
  });

  it.for(["messages", "responses", "native"])(
    "--format %s uses that wire format",
    async (format, { cli }) => {
      const before = cli.mock.requests.length;
      const r = await cli.run(["chat", "--format", format, "hi"]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('You said: "hi"');
      const path = cli.mock.requests[before]?.path ?? "";
      expect(path).toMatch(
        format === "messages"
          ? /^\/v1\/messages/
          : format === "responses"
            ? /^\/v1\/responses/
            : /^\/v1beta\//,
      );
    },
  );

  it("reads the prompt from stdin when it has no arguments (a pipe)", async ({ cli }) => {
    const r = await cli.spawn(["chat"], {}, undefined, "  hello from a pipe\n");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Hello from the genway mock gateway! You said: "hello from a pipe".\n');
  });

  it("--json prints the whole result as JSON", async ({ cli }) => {
    const r = await cli.run(["chat", "--json", "hi"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).choices[0].message.content).toContain("hi");
  });

  it("an API error is one line with the code and request id, exit 1", async ({ cli }) => {
    const r = await cli.spawn(["chat", "hi"], { GENWAY_API_KEY: "sk-wrong-key-123" });
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/AuthenticationError, HTTP 401, code 10001\]/);
    expect(r.stderr).not.toContain("sk-wrong-key-123");
  });

  it("F14: the wrong-key line names the request id once", async ({ cli }) => {
    const r = await cli.spawn(["chat", "hi"], { GENWAY_API_KEY: "sk-wrong-key-123" });
    const ids = r.stderr.match(/mock-req-\d+/g) ?? [];
    expect(ids).toHaveLength(1);
    expect(r.stderr).toMatch(
      /^genway chat: 401 Wrong request key \(request id: mock-req-\d+\) \(code 10001\) \[AuthenticationError, HTTP 401, code 10001\]$/m,
    );
  });

  it("an id the gateway's words do not name is still given, in the brackets", () => {
    const error = new AuthenticationError("401 Invalid token", { status: 401, requestId: "req-7" });
    expect(describeError(error)).toBe("401 Invalid token [AuthenticationError, HTTP 401, request id req-7]");
  });

  it("review D5: a task failed with no reason says the gateway gave none, not a reason of the CLI's", () => {
    const error = new TaskFailedError({ kind: "video", id: "task_1" }, "", {});
    expect(describeError(error)).toBe(
      "video task task_1 failed; the gateway gave no reason [TaskFailedError]",
    );
  });

  it("F14: a refused connection names ECONNREFUSED, and a port fetch refuses says so", async ({ cli }) => {
    const refused = await cli.spawn(["chat", "hi"], {
      GENWAY_BASE_URL: `http://127.0.0.1:${await freePort()}`,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^genway chat: Connection error: fetch failed \(ECONNREFUSED\); tried 127\.0\.0\.1:\d+ \[APIConnectionError\]$/m,
    );
    // Port 9 is one of the ports fetch blocks (the Fetch standard's "bad ports"): no socket, no code.
    const blocked = await cli.spawn(["chat", "hi"], { GENWAY_BASE_URL: "http://127.0.0.1:9" });
    expect(blocked.stderr).toMatch(
      /^genway chat: Connection error: fetch failed: bad port; tried 127\.0\.0\.1:9 \[APIConnectionError\]$/m,
    );
  });

  it("a bad flag is one line naming it, exit 2, nothing sent", async ({ cli }) => {
    const before = cli.mock.requests.length;
    const r = await cli.spawn(["chat", "--format", "messages", "--max-tokens=-5", "hi"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('genway chat: --max-tokens must be an integer >= 1 (got "-5")\n');
    expect(cli.mock.requests.length).toBe(before);
  });

  it("Ctrl-C (SIGINT) aborts a stalled stream cleanly with exit 130", async ({ cli }) => {
    cli.mock.inject({ match: "/v1/chat", stallAfter: 3 });
    const { child, done } = cli.start(["chat", "hi"]);
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

describe.concurrent("media and task commands", () => {
  it("image saves files", async ({ cli }) => {
    const dir = await folder();
    const r = await cli.run(["image", "--model", "nano-banana", "--out", dir, "a red fox"]);
    expect(r.code).toBe(0);
    const path = r.stdout.trim();
    expect(path.startsWith(dir)).toBe(true);
    const bytes = await readFile(path);
    expect([...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join("")).toBe("PNG");
  });

  it("speech saves the audio", async ({ cli }) => {
    const dir = await folder();
    const out = join(dir, "hi.mp3");
    const r = await cli.run(["speech", "--voice", "nova", "--out", out, "Hello", "world"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(out);
    expect((await stat(out)).size).toBeGreaterThan(1000);
  });

  it("video --wait prints progress lines (non-TTY) and the result URL", async ({ cli }) => {
    const r = await cli.run(["video", "--model", "vidA-2.5", "--wait", "a paper boat"]);
    expect(r.code).toBe(0);
    // Plain progress lines, not a redrawn bar: stderr is not a TTY here.
    expect(r.stderr).toMatch(/^video \S+: queued 0% \[0:\d\d\]$/m);
    expect(r.stderr).toMatch(/^video \S+: succeeded 100% \[0:\d\d\]$/m);
    expect(r.stderr).not.toContain("\r");
    expect(r.stdout).toMatch(/: succeeded\n/);
    expect(r.stdout).toMatch(/^https?:\/\/\S+\.mp4$/m);
  });

  it("vidgen text2video --json gives the task handle; task resumes it", async ({ cli }) => {
    const submitted = await cli.run(["vidgen", "text2video", "--prompt", "a cat surfing", "--json"]);
    expect(submitted.code).toBe(0);
    const handle = JSON.parse(submitted.stdout);
    expect(handle.kind).toBe("vidgen.text2video");
    const resumed = await cli.run(["task", "wait", handle.kind, handle.id, "--json"]);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout).status).toBe("succeeded");
  });

  it("music --wait follows the song to the end", async ({ cli }) => {
    const r = await cli.run(["music", "--title", "Test", "--wait", "[Verse] la la"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/music \S+: succeeded/);
  });

  it("F14: task wait music <id> prints what music --wait prints: titles, tags, URLs, lyrics", async ({
    cli,
  }) => {
    const song = ["music", "--title", "Streams", "--tags", "synthpop", "[Verse] code that streams"];
    const [waited, submitted] = await Promise.all([
      cli.run([...song, "--wait"]),
      cli.run([...song, "--json"]),
    ]);
    const handle = JSON.parse(submitted.stdout);
    expect(handle.kind).toBe("music");
    const resumed = await cli.run(["task", "wait", "music", handle.id]);
    expect([waited.code, resumed.code]).toEqual([0, 0]);
    expect(resumed.stdout).toMatch(/^Streams \[synthpop\]$/m);
    expect(resumed.stdout).toMatch(/^ {2}audio: https?:\/\/\S+\.mp3$/m);
    expect(resumed.stdout).toMatch(/^ {2}lyrics:\n {4}\[Verse\] code that streams$/m);
    // The same lines, but for the task's own id and URLs.
    const same = (stdout: string, id: string) =>
      stdout.replaceAll(id, "<id>").replace(/https?:\/\/\S+/g, "<url>");
    const waitedId = /^music (\S+): succeeded$/m.exec(waited.stdout)![1]!;
    expect(same(resumed.stdout, handle.id)).toBe(same(waited.stdout, waitedId));
  });

  it("a failed task exits 1 with the gateway's reason", async ({ cli }) => {
    const r = await cli.run(["video", "--model", "vidA-2.5", "--wait", "[fail] boat"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/TaskFailedError/);
  });

  it("cost prints the estimate (and --json)", async ({ cli }) => {
    // The mock's tts-1: 350 CNY per 1M tokens, the gateway counting one token per character.
    const r = await cli.run(["cost", "--model", "tts-1", "--characters", "20000", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      total: 7,
      currency: "CNY",
      source: "gateway",
      model: "tts-1",
      prices: "the gateway's prices",
    });
    const bad = await cli.run(["cost", "--family", "speech", "--group", "vip", "--characters", "1"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("genway cost: --group vip: no such group here; one of default\n");
  });
});

describe.concurrent("help, usage and the rest", () => {
  it("--help works for the program and every command", async ({ cli }) => {
    const top = await cli.run(["--help"]);
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
      "models",
      "balance",
      "mock",
      "demo",
    ]);
    const helps = await Promise.all(names.map((name) => cli.run([name, "--help"])));
    names.forEach((name, i) => {
      expect(helps[i]!.code).toBe(0);
      expect(helps[i]!.stdout).toContain(`usage: genway ${name}`);
    });
  });

  it("an unknown command or flag exits 2", async ({ cli }) => {
    expect((await cli.run(["nope"])).code).toBe(2);
    expect((await cli.run(["chat", "--bogus", "x"])).code).toBe(2);
  });

  it("bare genway prints the usage on stderr and exits 2 (a missing command); --help prints it on stdout, exit 0", async ({
    cli,
  }) => {
    const bare = await cli.refused([]);
    expect([bare.code, bare.stdout]).toEqual([2, ""]);
    expect(bare.stderr).toMatch(/^genway: missing <command>\n\nusage: genway <command> \[options\]/);
    const help = await cli.run(["--help"]);
    expect([help.code, help.stderr]).toEqual([0, ""]);
    expect(help.stdout).toMatch(/^usage: genway <command> \[options\]/);
  });

  it("mock prints its URL and key, and stops on SIGTERM", async ({ cli }) => {
    const { child, done } = cli.start(["mock", "--json"]);
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

  it("demo tours every family end to end and exits 0", async ({ cli }) => {
    const dir = join(await folder(), "created-by-demo");
    const r = await cli.run(["demo", "--out", dir], { GENWAY_BASE_URL: "", GENWAY_API_KEY: "" });
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

describe.concurrent("every input is checked before any request", () => {
  const long = "x".repeat(4097);
  // [args, the one line on stderr]: exit 2, nothing sent, the flag named, never "NaN".
  const badFlags: Array<[string[], string]> = [
    [["image", "--n", "abc", "a cat"], '--n must be an integer from 1 to 10 (got "abc")'],
    [["image", "--n", "0", "a cat"], '--n must be an integer from 1 to 10 (got "0")'],
    [["image", "--n", "1.5", "a cat"], '--n must be an integer from 1 to 10 (got "1.5")'],
    [["video", "--duration", "7", "a boat"], '--duration must be 5 or 10 (got "7")'],
    [["video", "--duration", "", "a boat"], '--duration must be 5 or 10 (got "")'],
    [["video", "--seed=-1", "a boat"], '--seed must be an integer from 0 to 2147483647 (got "-1")'],
    [["speech", "--speed", "fast", "hi"], '--speed must be a number from 0.25 to 4 (got "fast")'],
    [["speech", "--speed", "4.5", "hi"], '--speed must be a number from 0.25 to 4 (got "4.5")'],
    [["speech", long], "<text> must be at most 4096 characters (got 4097)"],
    [
      ["chat", "--format", "xml", "hi"],
      '--format must be one of completions, messages, responses, native (got "xml")',
    ],
    [["chat", "--timeout", "soon", "hi"], '--timeout must be an integer >= 1 (got "soon")'],
    [["vidgen", "text2video", "--prompt", "a cat", "--body", "{bad"], "--body is not valid JSON"],
    [["music", "--body", "[1]", "la la"], "--body must be a JSON object"],
    [["video", "--image", "no-such-frame.png", "a boat"], "--image no-such-frame.png: does not exist"],
    [["cost", "--model", "tts-1", "--characters", "many"], '--characters must be a number >= 0 (got "many")'],
    [["mock", "--port", "70000"], '--port must be an integer from 0 to 65535 (got "70000")'],
    [["image", "--model", "nano-banana", "--group", "vip", "a cat"], 'no price group "vip"'],
  ];
  it.for(badFlags.map(([args, message]) => [args.join(" ").slice(0, 60), args, message] as const))(
    "%s -> one line naming the flag, exit 2",
    async ([_, args, message], { cli }) => {
      const r = await cli.refused(args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split("\n").at(-1)).toContain(message);
      expect(r.stderr).toMatch(new RegExp(`^(estimated cost: .*\\n)?genway ${args[0]}: `));
      expect(r.stderr).not.toMatch(/NaN|ValidationError|at .*\.js:\d+/);
    },
  );

  // A missing required argument prints the command's usage, exit 2.
  const missing: Array<[string[], string]> = [
    [["music"], "missing <prompt>"],
    [["music", "--lyrics-only", "--wait"], "missing <prompt>"],
    [["image", "--n", "2"], "missing <prompt>"],
    [["speech", "--voice", "nova"], "missing <text>"],
    [["video", "--duration", "5"], "missing <prompt>"],
    [["chat"], "missing <prompt>"],
    [["vidgen"], "missing <operation>"],
    [["vidgen", "upscale"], 'unknown operation "upscale"'],
    [["vidgen", "text2video"], "text2video needs --prompt"],
    [["vidgen", "image2video", "--prompt", "a cat"], "image2video needs --image"],
    [["task"], "missing <kind> and <id>"],
    [["task", "wait", "video"], "missing <id>"],
    [["cost", "--seconds", "5"], "missing --model or --family"],
  ];
  it.for(missing.map(([args, message]) => [args.join(" "), args, message] as const))(
    "%s -> the usage, exit 2",
    async ([_, args, message], { cli }) => {
      const r = await cli.refused(args);
      expect(r.code).toBe(2);
      expect(r.stderr.split("\n")[0]).toContain(`genway ${args[0]}: ${message}`);
      expect(r.stderr).toContain(`usage: genway ${args[0]}`);
    },
  );

  it("a ValidationError from the library speaks of the flag that set the field", async ({ cli }) => {
    // No --model: the spec's generic variant, whose sizes and prompt length the library checks.
    const size = await cli.refused(["image", "--size", "300x300", "a cat"]);
    expect(size.code).toBe(2);
    expect(size.stderr).toMatch(/^genway image: --size: must be one of "256x256"/m);
    const body = await cli.refused([
      "vidgen",
      "text2video",
      "--prompt",
      "a cat",
      "--body",
      '{"cfg_scale":5}',
    ]);
    expect(body.code).toBe(2);
    expect(body.stderr).toMatch(/^genway vidgen: --body field cfg_scale: /m);
    const prompt = await cli.refused(["image", "x".repeat(1001)]);
    expect(prompt.stderr).toMatch(/^genway image: <prompt>: /m);
    for (const r of [size, body, prompt]) expect(r.stderr).not.toContain("invalid request");
  });

  it("--out: a file where a folder is expected, or an existing file, is refused before submitting", async ({
    cli,
  }) => {
    const dir = await folder();
    const file = join(dir, "taken.mp3");
    await writeFile(file, "keep me");
    const image = await cli.refused(["image", "--out", file, "a cat"]);
    expect(image.code).toBe(2);
    expect(image.stderr).toBe(`genway image: --out ${file}: is not a folder\n`);
    const speech = await cli.refused(["speech", "--out", file, "hi"]);
    expect(speech.code).toBe(2);
    expect(speech.stderr).toMatch(/--out .*taken\.mp3: already exists/);
    expect(await readFile(file, "utf8")).toBe("keep me");
  });

  it("--out: a missing folder is created before submitting", async ({ cli }) => {
    const dir = join(await folder(), "missing", "dir");
    const r = await cli.run(["image", "--model", "nano-banana", "--out", dir, "a red fox"]);
    expect(r.code).toBe(0);
    expect(await readdir(dir)).toHaveLength(1);
    const audio = join(await folder(), "new", "hi.mp3");
    expect((await cli.run(["speech", "--out", audio, "hi"])).code).toBe(0);
    expect((await stat(audio)).size).toBeGreaterThan(1000);
  });

  it("a failed request leaves no empty placeholder file behind", async ({ cli }) => {
    const dir = await folder();
    const r = await cli.run(["speech", "--out", join(dir, "hi.mp3"), "hi"], {
      GENWAY_API_KEY: "sk-wrong-key-1",
    });
    expect(r.code).toBe(1);
    expect(await readdir(dir)).toEqual([]);
  });
});

describe.concurrent("paid commands show the estimated cost first", () => {
  // Files go to "." (a fresh folder per row: a path under it is made absolute below).
  it.for(
    [
      [
        ["image", "--model", "nano-banana", "--out", ".", "a cat"],
        "0.1 CNY (nano-banana, 1 images x 0.1 CNY/image, group default; the gateway's prices)",
      ],
      [
        ["image", "--model", "nano-banana", "--group", "premium-tier", "--out", ".", "a cat"],
        "0.2 CNY (nano-banana",
      ],
      [["image", "--model", "dall-e-3", "--out", ".", "a cat"], "1 CNY (dall-e-3, 1 images x 1 CNY/image"],
      [["speech", "--out", "./out.mp3", "x".repeat(4000)], "1.4 CNY (tts-1, 4000 prompt x 350 CNY/1M tokens"],
      [
        ["video", "--model", "vidA-2.5", "--duration", "10", "a boat"],
        "11 CNY (vidA-2.5, 10 seconds x 1.1 CNY/second, group default; the gateway's prices)",
      ],
      [["video", "--model", "veo3", "a boat"], "7 CNY (veo3, 8 seconds x 0.875 CNY/second"],
      [
        ["video", "--model", "vidB3", "a boat"],
        'not priced: the gateway serves "vidB3" in the groups backup-1, not in "default" (the gateway\'s prices)',
      ],
      [["video", "--model", "vidB3", "--group", "backup-1", "a boat"], "7 CNY (vidB3"],
      [
        ["vidgen", "text2video", "--prompt", "a cat"],
        "0.0001 CNY (vidgen, 1 requests x 0.0001 CNY/request, group default; the spec's table)",
      ],
      [["music", "la la"], "not priced: no --mv given: the gateway picks the model"],
      [
        ["music", "--mv", "chirp-v4", "la la"],
        "not priced: the gateway's prices gives no price for chirp-v4",
      ],
    ].map(
      ([args, estimate]) =>
        [(args as string[]).join(" ").slice(0, 60), args as string[], estimate as string] as const,
    ),
  )("%s", async ([_, args, estimate], { cli }) => {
    const dir = await folder();
    const r = await cli.run(args.map((a) => (a === "." || a.startsWith("./") ? join(dir, a) : a)));
    expect(r.code).toBe(0);
    expect(r.stderr.split("\n")[0]).toBe(`estimated cost: ${r.stderr.split("\n")[0]!.slice(16)}`);
    expect(r.stderr.split("\n")[0]).toContain(estimate);
  });

  it("D33: speech counts characters as the spec does (code points): 3000 emoji are 3000, 4097 too many", async ({
    cli,
  }) => {
    const dir = await folder();
    const r = await cli.run(["speech", "--out", join(dir, "emoji.mp3"), "😀".repeat(3000)]);
    expect(r.stderr.split("\n")[0]).toContain("1.05 CNY (tts-1, 3000 prompt");
    expect(r.code).toBe(0);
    const long = await cli.refused(["speech", "😀".repeat(4097)]);
    expect(long.code).toBe(2);
    expect(long.stderr).toContain("<text> must be at most 4096 characters (got 4097)");
  });

  it("on a terminal it asks; anything but y submits nothing", async ({ cli }) => {
    const submitted = () => cli.mock.requests.filter((r) => !PRICE_READS.includes(r.path)).length;
    const before = submitted();
    const no = await cli.onTerminal(["vidgen", "text2video", "--prompt", "a cat"], "n\n");
    expect(no.stdout).toContain("estimated cost: 0.0001 CNY");
    expect(no.stdout).toContain("submit? [y/N]");
    expect(no.stdout).toContain("not submitted");
    expect(no.code).toBe(2);
    expect(submitted()).toBe(before);
    const yes = await cli.onTerminal(["vidgen", "text2video", "--prompt", "a cat"], "y\n");
    expect(yes.code).toBe(0);
    expect(yes.stdout).toMatch(/submitted vidgen.text2video task/);
    expect(submitted()).toBe(before + 1);
  });

  it("on a 50-column terminal the progress bar fits and shows percent, status, elapsed time and the id", async ({
    cli,
  }) => {
    const r = await cli.onTerminal(["video", "--yes", "--wait", "a boat"], "", "stty cols 50; ");
    expect(r.code).toBe(0);
    const id = /waiting on video task (\S+)/.exec(r.stdout)![1]!;
    const frames = r.stdout
      .split(/\r|\n/)
      .map((f) => f.replace(/\x1b\[K/g, ""))
      .filter((f) => f.startsWith(`video ${id} `));
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame.length).toBeLessThanOrEqual(49);
    expect(frames.at(-1)).toMatch(/\] 100% succeeded 0:\d\d$/);
  });

  it("--yes skips the question on a terminal; without a terminal nothing is asked", async ({ cli }) => {
    const yes = await cli.onTerminal(["vidgen", "text2video", "--yes", "--prompt", "a cat"], "");
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain("estimated cost:");
    expect(yes.stdout).not.toContain("submit?");
    const piped = await cli.run(["vidgen", "text2video", "--prompt", "a cat"]);
    expect(piped.code).toBe(0);
    expect(piped.stderr).not.toContain("submit?");
  });
});

describe.concurrent("output", () => {
  it("image files never collide: two runs in the same second, existing files kept", async ({ cli }) => {
    const dir = await folder();
    // Files already named for the next few seconds stay as they are.
    const now = Math.floor(Date.now() / 1000);
    for (let t = now; t < now + 5; t++) await writeFile(join(dir, `image-${t}-1.png`), "keep");
    const runs = await Promise.all(
      [1, 2].map(() => cli.run(["image", "--model", "nano-banana", "--n", "2", "--out", dir, "a cat"])),
    );
    const paths = runs.flatMap((r) => r.stdout.trim().split("\n"));
    expect(runs.map((r) => r.code)).toEqual([0, 0]);
    expect(new Set(paths).size).toBe(4);
    for (const path of paths) expect((await readFile(path)).subarray(1, 4).toString()).toBe("PNG");
    for (let t = now; t < now + 5; t++)
      expect(await readFile(join(dir, `image-${t}-1.png`), "utf8")).toBe("keep");
  });

  it("image --n: 1 to 10 only for the spec's generic variant; a named model's limit is the gateway's", async ({
    cli,
  }) => {
    const dir = await folder();
    const before = cli.mock.requests.length;
    const many = await cli.run(["image", "--model", "dall-e-2", "--n", "12", "--out", dir, "a cat"]);
    expect(many.code).toBe(0);
    const sent = cli.mock.requests.slice(before).find((r) => r.path === "/v1/images/generations");
    expect(sent?.body).toEqual({ prompt: "a cat", model: "dall-e-2", n: 12 });
    const none = await cli.run(["image", "--model", "dall-e-2", "--n", "0", "a cat"]);
    expect([none.code, none.stderr]).toEqual([2, 'genway image: --n must be an integer >= 1 (got "0")\n']);
  });

  it("image without --out saves in the current folder", async ({ cli }) => {
    const dir = await folder();
    // The current folder is a process's.
    const r = await cli.spawn(["image", "--model", "nano-banana", "a cat"], {}, dir);
    expect(r.code).toBe(0);
    const name = r.stdout.trim();
    expect(name).toMatch(/^image-\d+-1\.png$/);
    expect((await readFile(join(dir, name))).subarray(1, 4).toString()).toBe("PNG");
  });

  it("speech without --out picks a free name in the current folder", async ({ cli }) => {
    const dir = await folder();
    await writeFile(join(dir, "speech.mp3"), "keep");
    // The current folder is a process's.
    const r = await cli.spawn(["speech", "hi"], {}, dir);
    expect(r.stdout).toMatch(/^speech-2\.mp3 \(\d+ bytes\)$/m);
    expect(await readFile(join(dir, "speech.mp3"), "utf8")).toBe("keep");
  });

  it("music --wait prints each song's title, URLs and lyrics", async ({ cli }) => {
    const r = await cli.run([
      "music",
      "--title",
      "Streams",
      "--tags",
      "synthpop",
      "--wait",
      "[Verse] code that streams",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Streams \[synthpop\]$/m);
    expect(r.stdout).toMatch(/^ {2}audio: https?:\/\/\S+\.mp3$/m);
    expect(r.stdout).toMatch(/^ {2}lyrics:\n {4}\[Verse\] code that streams$/m);
  });

  it("vidgen --wait reports no percentage (none is given), not a fake 0 %", async ({ cli }) => {
    const r = await cli.run(["vidgen", "text2video", "--prompt", "a cat", "--wait"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^vidgen\.text2video \S+: queued \[0:\d\d\]$/m);
    expect(r.stderr).not.toMatch(/\d%/);
  });

  it("Ctrl-C during a wait prints the resume line, exits 130 and cancels nothing", async ({ cli }) => {
    const slow = createMockGateway({ taskSteps: 50 });
    const slowServer = await slow.listen();
    try {
      const env = { GENWAY_BASE_URL: slowServer.url };
      const { child, done } = cli.start(["video", "--model", "vidA-2.5", "--wait", "a slow boat"], env);
      await new Promise<void>((resolve) =>
        child.stderr?.on("data", (d) => String(d).includes("queued") && resolve()),
      );
      child.kill("SIGINT");
      const r = await done;
      expect(r.code).toBe(130);
      const id = /waiting on video task (\S+)/.exec(r.stderr)![1]!;
      expect(r.stderr).toContain(`resume with: genway task wait video ${id}\n`);
      expect(slow.requests.filter((q) => q.method !== "GET" && q.method !== "POST")).toEqual([]);
      expect(slow.requests.filter((q) => q.method === "POST")).toHaveLength(1);
      const status = await cli.run(["task", "status", "video", id, "--json"], env);
      expect(JSON.parse(status.stdout).status).not.toMatch(/failed|cancel/);
    } finally {
      await slowServer.close();
    }
  });

  it("Ctrl-C while a paid task is being submitted waits for its id, so the task is never lost", async ({
    cli,
  }) => {
    const slow = createMockGateway({ taskSteps: 50 });
    const slowServer = await slow.listen();
    try {
      slow.inject({ match: "/v2/videos/generations", delayMs: 1500 });
      const { child, done } = cli.start(["video", "--wait", "a boat"], { GENWAY_BASE_URL: slowServer.url });
      await new Promise<void>((resolve) =>
        child.stderr?.on("data", (d) => String(d).includes("estimated cost") && resolve()),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      child.kill("SIGINT");
      const r = await done;
      expect(r.code).toBe(130);
      expect(r.stderr).toContain("stopping once the gateway has answered with the task id");
      const submitted = slow.requests.filter((q) => q.method === "POST");
      expect(submitted).toHaveLength(1);
      expect(r.stderr).toMatch(/resume with: genway task wait video \S+\n/);
    } finally {
      await slowServer.close();
    }
  });

  it("--version prints the package's version", async ({ cli }) => {
    const r = await cli.run(["--version"]);
    expect([r.code, r.stdout]).toEqual([0, `genway ${VERSION}\n`]);
  });

  it("--json works on every command", async ({ cli }) => {
    const dir = await folder();
    const cases: string[][] = [
      ["chat", "hi"],
      ["image", "--model", "nano-banana", "--out", dir, "a cat"],
      ["speech", "--out", join(dir, "a.mp3"), "hi"],
      ["video", "a boat"],
      ["vidgen", "text2video", "--prompt", "a cat", "--wait"],
      ["music", "--wait", "la la"],
      ["cost", "--model", "vidA-2.5", "--seconds", "5"],
      ["demo", "--out", join(dir, "demo")],
    ];
    const [runs, submitted] = await Promise.all([
      Promise.all(cases.map((args) => cli.run([...args, "--json"]))),
      cli.run(["video", "a boat", "--json"]),
    ]);
    cases.forEach((args, i) => {
      expect(runs[i]!.code, args.join(" ")).toBe(0);
      expect(() => JSON.parse(runs[i]!.stdout), args.join(" ")).not.toThrow();
    });
    const task = JSON.parse(submitted.stdout);
    const status = await cli.run(["task", "status", task.kind, task.id, "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({ kind: "video", id: task.id });
  }, 60_000);
});

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe.concurrent("genway mock", () => {
  it("--print-env: eval returns, the mock keeps serving in the background, kill stops it", async ({
    cli,
  }) => {
    const shell = spawn(
      "sh",
      [
        "-c",
        `eval "$('${process.execPath}' '${CLI}' mock --print-env)"; echo "$GENWAY_BASE_URL $GENWAY_API_KEY $GENWAY_MOCK_PID"`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    shell.stdout.on("data", (d) => (out += d));
    expect(await new Promise((resolve) => shell.on("close", resolve))).toBe(0);
    const [url, key, pid] = out.trim().split(" ");
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    try {
      const r = await cli.run(["chat", "ping"], { GENWAY_BASE_URL: url!, GENWAY_API_KEY: key! });
      expect(r.stdout).toContain('You said: "ping"');
    } finally {
      process.kill(Number(pid), "SIGTERM");
    }
    await expect
      .poll(
        () =>
          fetch(url!).then(
            () => "up",
            () => "down",
          ),
        { timeout: 5000 },
      )
      .toBe("down");
  });

  it("--port N listens on exactly that port; a taken port is refused", async ({ cli }) => {
    const port = await freePort();
    const { child, done } = cli.start(["mock", "--port", String(port), "--json"]);
    const line = await new Promise<string>((resolve) =>
      child.stdout?.once("data", (d) => resolve(String(d))),
    );
    expect(JSON.parse(line).url).toBe(`http://127.0.0.1:${port}`);
    const taken = await cli.run(["mock", "--port", String(port)]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toBe(`genway mock: --port ${port} is already in use\n`);
    child.kill("SIGTERM");
    expect((await done).code).toBe(0);
  });
});

describe.concurrent("exit codes and wording (docs/cli.md)", () => {
  it("D31: an unknown task kind is bad input: exit 2, the kinds named, nothing sent", async ({ cli }) => {
    const r = await cli.refused(["task", "wait", "vidoe", "abc"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^genway task: unknown <kind> "vidoe": one of video, .*vidgen\.text2video.*music/,
    );
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("D31: a missing base URL is bad input: exit 2, names --base-url and GENWAY_BASE_URL, before any estimate", async ({
    cli,
  }) => {
    const missing = [
      ["chat", "hi"],
      ["video", "--yes", "a boat"],
      ["task", "status", "video", "abc"],
    ];
    const [runs, bad, cost] = await Promise.all([
      Promise.all(missing.map((args) => cli.run(args, { GENWAY_BASE_URL: "" }))),
      cli.run(["chat", "--base-url", "gateway.example.com", "hi"]),
      // Commands that need no gateway run without one.
      cli.run(["cost", "--model", "tts-1", "--characters", "10"], { GENWAY_BASE_URL: "" }),
    ]);
    missing.forEach((args, i) => {
      expect([runs[i]!.code, runs[i]!.stderr], args.join(" ")).toEqual([
        2,
        `genway ${args[0]}: no gateway address: pass --base-url URL or set GENWAY_BASE_URL (no gateway? eval "$(genway mock --print-env)" starts a local mock)\n`,
      ]);
    });
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'genway chat: --base-url must be an http(s) URL, got "gateway.example.com"\n',
    ]);
    expect(cost.code).toBe(0);
    expect(cli.mock.requests).toEqual([]);
  });

  it("a missing API key names --api-key and GENWAY_API_KEY, exit 2", async ({ cli }) => {
    const none = await cli.run(["chat", "hi"], { GENWAY_API_KEY: "" });
    expect([none.code, none.stderr]).toEqual([
      2,
      "genway chat: no API key: pass --api-key KEY or set GENWAY_API_KEY\n",
    ]);
    expect(cli.mock.requests).toEqual([]);
  });

  it("review D8: a key the library refuses is named where it came from, GENWAY_API_KEY or --api-key, never as a --body field", async ({
    cli,
  }) => {
    const key = "sk-x\u200b";
    const fromEnv = await cli.run(["chat", "hi"], { GENWAY_API_KEY: key });
    const fromFlag = await cli.run(["chat", "--api-key", key, "hi"]);
    const why =
      "contains U+200B at position 4, which fetch cannot send in an HTTP header: was an invisible character copied with the key?";
    expect([fromEnv.code, fromEnv.stderr]).toEqual([2, `genway chat: GENWAY_API_KEY ${why}\n`]);
    expect([fromFlag.code, fromFlag.stderr]).toEqual([2, `genway chat: --api-key ${why}\n`]);
    // A paid command stops there too, before its estimate reads any price.
    const paid = await cli.run(["video", "--model", "veo3", "a boat"], { GENWAY_API_KEY: key });
    expect([paid.code, paid.stderr]).toEqual([2, `genway video: GENWAY_API_KEY ${why}\n`]);
    expect(cli.mock.requests).toEqual([]);
  });

  it("review D9: a reader that closes the pipe early (genway models | head -2) ends the output quietly, exit 0", async ({
    cli,
  }) => {
    const { child, done } = cli.start(["models"]);
    // Closed before the command writes its first line: every write meets EPIPE.
    child.stdout!.destroy();
    const { code, stderr } = await done;
    expect([code, stderr]).toEqual([0, ""]);
    expect(cli.mock.requests.map((r) => r.path)).toContain("/v1/models");
  });

  it("review D9: EPIPE on stdout in the middle of the output is no crash: the command ends as it would have", async () => {
    const epipe = () => Object.assign(new Error("write EPIPE"), { code: "EPIPE" });
    const closed = new Writable({ write: (_chunk, _encoding, done) => done(epipe()) });
    const stderr = new Writable({ write: (_chunk, _encoding, done) => done() });
    const code = await run(["cost", "--family", "vidA", "--seconds", "5"], {
      stdin: Readable.from([]) as NodeJS.ReadStream,
      stdout: closed as NodeJS.WriteStream,
      stderr: stderr as NodeJS.WriteStream,
      env: { GENWAY_LOG: "off" },
    });
    expect(code).toBe(0);
    // The write's EPIPE comes on a later tick, after the run: it is handled then too (unhandled,
    // an 'error' event throws, and the process ends with a stack).
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed.destroyed).toBe(true);
    expect(() => closed.emit("error", epipe())).not.toThrow();
  });

  it("a mistyped command line names the flag, never parseArgs' wording", async ({ cli }) => {
    const cases: Array<[string[], string]> = [
      [["chat", "--bogus", "x"], "genway chat: unknown flag --bogus"],
      [["image", "--model"], "genway image: --model needs a value"],
      [["image", "-m"], "genway image: -m needs a value"],
      [
        ["image", "--model", "--yes", "a cat"],
        'genway image: --model needs a value; "--yes" looks like a flag (a value starting with "-" is written --model=--yes)',
      ],
      [["image", "--yes=1", "a cat"], 'genway image: --yes takes no value (got "1")'],
    ];
    const runs = await Promise.all(cases.map(([args]) => cli.refused(args)));
    cases.forEach(([args, line], i) => {
      expect([runs[i]!.code, runs[i]!.stderr.split("\n")[0]], args.join(" ")).toEqual([2, line]);
      expect(runs[i]!.stderr).not.toMatch(/positional|option argument|ambiguous|To specify|Unknown option/);
    });
  });

  it("a connection error exits 1 and names the host and port it tried", async ({ cli }) => {
    const port = await freePort();
    const r = await cli.run(["chat", "hi"], { GENWAY_BASE_URL: `http://127.0.0.1:${port}/v1` });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`tried 127.0.0.1:${port}`);
    expect(r.stderr).toMatch(/\[APIConnectionError\]\n$/);
  });

  it("a paid command sends the duration and model its estimate prices, and estimates none it does not send", async ({
    cli,
  }) => {
    const [video, music, chosen] = await Promise.all([
      cli.run(["video", "--model", "vidA-2.5", "a boat"]),
      cli.run(["music", "la la"]),
      cli.run(["music", "--mv", "chirp-v4", "la la"]),
    ]);
    expect([video.code, music.code, chosen.code]).toEqual([0, 0, 0]);
    expect(video.stderr.split("\n")[0]).toContain("5 seconds");
    expect(music.stderr.split("\n")[0]).toBe(
      "estimated cost: not priced: no --mv given: the gateway picks the model",
    );
    expect(chosen.stderr.split("\n")[0]).toContain("chirp-v4");
    const bodies = (path: string) => cli.mock.requests.filter((r) => r.path === path).map((r) => r.body);
    expect(bodies("/v2/videos/generations")).toEqual([{ model: "vidA-2.5", prompt: "a boat", duration: 5 }]);
    expect(bodies("/musicgen/submit/music")).toEqual(
      expect.arrayContaining([{ prompt: "la la" }, { prompt: "la la", mv: "chirp-v4" }]),
    );
  });

  it("cost: what the price table needs is asked for by flag", async ({ cli }) => {
    const cases: Array<[string[], string]> = [
      [
        ["cost", "--model", "no-such-model-x", "--requests", "1"],
        "genway cost: --model no-such-model-x: the gateway's prices gives no price for it; price it by a family of the spec's table with --family ID",
      ],
      [
        ["cost", "--model", "vidA-2.5"],
        "genway cost: vidA-2.5 is priced per second (the gateway's prices): pass --seconds",
      ],
      [
        ["cost", "--model", "gpt-4o-mini"],
        "genway cost: gpt-4o-mini is priced per token (the gateway's prices): pass --prompt and --completion (tokens)",
      ],
      [
        ["cost", "--family", "speech"],
        "genway cost: speech is priced per character (the spec's table): pass --characters",
      ],
    ];
    const [runs, family] = await Promise.all([
      Promise.all(cases.map(([args]) => cli.run(args))),
      cli.run(["cost", "--family", "nope", "--requests", "1"]),
    ]);
    cases.forEach(([args, line], i) => {
      expect([runs[i]!.code, runs[i]!.stderr], args.join(" ")).toEqual([2, `${line}\n`]);
    });
    expect(family.code).toBe(2);
    expect(family.stderr).toMatch(/^genway cost: --family nope: no such price family; one of .*speech/);
  });
});

describe.concurrent("D32: genway image when a later download fails", () => {
  /** A gateway whose images answer holds two URLs: the first downloads, the second is cut mid-body. */
  async function twoImages(): Promise<{ url: string; close(): Promise<void> }> {
    const server = createHttpServer((req, res) => {
      req.resume();
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      if (req.url?.startsWith("/v1/images")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ created: 1700000000, data: [{ url: `${base}/a.png` }, { url: `${base}/b.png` }] }),
        );
        return;
      }
      if (req.url === "/a.png") {
        res.writeHead(200, { "content-type": "image/png" });
        res.end(Buffer.alloc(1000, 1));
        return;
      }
      res.writeHead(200, { "content-type": "image/png", "content-length": "100000" });
      res.write(Buffer.alloc(500, 1));
      setTimeout(() => req.socket.destroy(), 50);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return {
      url,
      close: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
  }

  it("D32: the saved file is on stdout, the lost image's URL on stderr, exit 1, no placeholder left", async ({
    cli,
  }) => {
    const gateway = await twoImages();
    try {
      const out = await folder();
      const args = ["image", "--model", "nano-banana", "--n", "2", "--yes", "--out", out, "two foxes"];
      const r = await cli.run(args, { GENWAY_BASE_URL: gateway.url, GENWAY_API_KEY: "sk-x" });
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(`${join(out, "image-1700000000-1.png")}\n`);
      expect(r.stderr).toContain(`genway image: image 2 of 2 not saved: Connection error: terminated`);
      expect(r.stderr).toContain(`its URL: ${gateway.url}/b.png\n`);
      expect(r.stderr).toMatch(
        /1 of 2 images could not be saved \(1 saved: on stdout\); their URLs are above\n$/,
      );
      expect(await readdir(out)).toEqual(["image-1700000000-1.png"]);
      expect((await stat(join(out, "image-1700000000-1.png"))).size).toBe(1000);
    } finally {
      await gateway.close();
    }
  });

  it("D32: with --json, the files and the unsaved URLs are both in the JSON", async ({ cli }) => {
    const gateway = await twoImages();
    try {
      const out = await folder();
      const args = [
        "image",
        "--model",
        "nano-banana",
        "--n",
        "2",
        "--yes",
        "--out",
        out,
        "--json",
        "two foxes",
      ];
      const r = await cli.run(args, { GENWAY_BASE_URL: gateway.url, GENWAY_API_KEY: "sk-x" });
      expect(r.code).toBe(1);
      const printed = JSON.parse(r.stdout);
      expect(printed.files).toEqual([join(out, "image-1700000000-1.png")]);
      expect(printed.unsaved).toEqual([
        { index: 2, url: `${gateway.url}/b.png`, error: expect.stringContaining("Connection error") },
      ]);
    } finally {
      await gateway.close();
    }
  });
});
