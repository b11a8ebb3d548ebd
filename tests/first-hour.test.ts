/**
 * The first hour of an app developer, as the README walks it: an empty project, `npm install` of the
 * packed tarball and zod (the README's own install line), the README's first snippet saved as
 * app.mjs (and its CommonJS snippet as app.cjs), and the README's mock lines run as written in a
 * shell: `eval "$(npx genway mock --print-env)"`, then `node app.mjs`. The package is the tarball
 * npm would publish, built from this run's sources (scripts/pack.mjs packs dist/: `npm run
 * test:first-hour` builds first).
 *
 * Then the second hour, each in a new project of its own: CommonJS on Node 20 (the machine's
 * /usr/bin/node) and TypeScript 5.9 with `module: commonjs`; genway without zod, and beside zod 3;
 * genway/testing/msw with vitest 4 and msw 2 on Node 20, and with vitest 5 and msw 3 on Node 24;
 * a Jest test (CommonJS without ES modules) on Node 20.
 *
 * And what a user meets next: a docs page's preamble and first example as a plain .mjs on Node 20,
 * a failed task scripted without a marker in the prompt, `listen({ port, host })`, openai-node's
 * names on genway's answers, and a typo in a message role refused by tsc.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packInto } from "../scripts/pack.mjs";
import { zodTheRefusalsName } from "./support/zod.js";

const ROOT = join(import.meta.dirname, "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const PACKAGE = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));

/** The text of the first fenced block after `marker` in the README. */
function blockAfter(marker: string): string {
  const at = README.indexOf(marker);
  if (at === -1) throw new Error(`README.md has no "${marker}"`);
  const fenced = /^```\S*\n([\s\S]*?)^```$/m.exec(README.slice(at));
  if (!fenced) throw new Error(`README.md has no code block after "${marker}"`);
  return fenced[1]!;
}

/** The README's install commands, its mock lines, and its two files, as a user copies them. */
const install = blockAfter("## Install");
const firstApp = blockAfter("Save this as `app.mjs`");
const mockLines = blockAfter("No gateway at hand?");
const commonJs = blockAfter("In a CommonJS project");

/**
 * Node 20, as a user on the oldest Node line genway supports runs it: the machine's own node
 * (npm scripts run on the Node 24 of the devDependencies).
 */
const NODE20 = process.env.GENWAY_NODE20 ?? "/usr/bin/node";
const NODE24 = process.execPath;

let project: string;
let installLog: string;
let tarball: string;
/** The second hour's projects, installed side by side while the first hour runs (see below). */
let projects: Record<keyof typeof SECOND_HOUR, Promise<Installed>>;

function sh(script: string, env: Record<string, string> = {}, cwd = project) {
  const { GENWAY_BASE_URL: _url, GENWAY_API_KEY: _key, ...inherited } = process.env;
  return spawnSync("sh", ["-ec", script], {
    cwd,
    env: { ...inherited, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
}

beforeAll(async () => {
  const built = join(ROOT, "dist", "index.js");
  if (!existsSync(built)) throw new Error("no dist/: npm run test:first-hour builds it first");
  project = await mkdtemp(join(tmpdir(), "genway-first-hour-"));
  expect(sh("npm init -y").status).toBe(0);
  tarball = packInto(project);
  projects = secondHour(tarball);
  // The README's install lines, with the tarball in place of the registry's genway.
  const lines = install
    .split("\n")
    .map((line) => line.replace(/#.*$/, "").trim())
    .filter(Boolean)
    .map((line) => line.replace(/^npm install genway$/, `npm install ${tarball}`));
  const run = sh(lines.map((line) => `${line} --no-audit --no-fund --prefer-offline`).join("\n"));
  installLog = `${run.stdout}${run.stderr}`;
  expect(run.status, installLog).toBe(0);
  await writeFile(join(project, "app.mjs"), firstApp);
  await writeFile(join(project, "app.cjs"), commonJs);
}, 180_000);

afterAll(async () => {
  // Every install finished (or failed) before its folder goes.
  if (projects) await Promise.allSettled(Object.values(projects));
  if (project) await rm(project, { recursive: true, force: true });
  if (secondRoot) await rm(secondRoot, { recursive: true, force: true });
});

describe("the README's first hour, on the packed tarball", () => {
  it("installs genway and zod cleanly: no engine warning (EBADENGINE) on this Node", () => {
    expect(installLog).not.toContain("EBADENGINE");
    const installed = JSON.parse(readFileSync(join(project, "package.json"), "utf8")).dependencies;
    expect(Object.keys(installed).sort()).toEqual(["genway", "zod"]);
    // The README installs the zod genway's helpers read, as their refusals name it.
    expect(install).toContain(`npm install "${zodTheRefusalsName()}"`);
  });

  it("node app.mjs against the mock the README starts: a reply and a priced cost line, exit 0", () => {
    const run = sh(mockLines);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Hello from the genway mock gateway!");
    // gpt-4o-mini is priced by the gateway's own /api/pricing (the mock publishes it).
    expect(run.stdout).toMatch(/^cost: \d+(\.\d+)?(e-\d+)? CNY$/m);
    expect(run.stderr).toBe("");
  });

  it("the same with GENWAY_BASE_URL ending in /v1 (and with a trailing slash)", () => {
    for (const suffix of ["/v1", "/v1/"]) {
      const script = mockLines.replace(
        /^node app\.mjs/m,
        `GENWAY_BASE_URL="$GENWAY_BASE_URL${suffix}" node app.mjs`,
      );
      const run = sh(script);
      expect(run.status, `${suffix}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toContain("Hello from the genway mock gateway!");
      expect(run.stdout).toMatch(/^cost: \d+(\.\d+)?(e-\d+)? CNY$/m);
    }
  });

  it('F7: the README\'s CommonJS file, require("genway"), runs on Node 24 and on Node 20', () => {
    expect(commonJs).toContain('require("genway")');
    for (const node of [NODE24, NODE20]) {
      const run = sh(mockLines.replace(/^node app\.mjs/m, `"${node}" app.cjs`));
      expect(run.status, `${node}: ${run.stderr}`).toBe(0);
      expect(run.stdout).toContain("Hello from the genway mock gateway!");
    }
  });

  it("the mock the README starts in the background is stopped by its kill line", async () => {
    const run = sh(`${mockLines}\necho "pid $GENWAY_MOCK_PID"`);
    const pid = Number(/^pid (\d+)$/m.exec(run.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
  });
});

/** What each project of the second hour installs beside the tarball (pinned: a run is repeatable). */
const SECOND_HOUR = {
  typescript5: ["typescript@5.9.3", "@types/node@20.19.43"],
  withoutZod: [],
  zod3: ["zod@3.25.76"],
  // vitest 4's own mocker peers msw ^2.4.9; vitest 4 runs on Node 20, msw 3 needs Node 22.12.
  msw2: ["vitest@4.1.12", "msw@2.15.0"],
  msw3: ["vitest@5.1.1", "msw@3.0.5"],
  // Jest's default runtime is CommonJS without ES module support: no import() anywhere it reaches.
  jest: ["jest@30.5.2"],
} satisfies Record<string, string[]>;

interface Installed {
  dir: string;
  status: number;
  log: string;
}

const exec = promisify(execFile);
let secondRoot: string | undefined;

/** Starts every second-hour install at once (npm mostly waits on the disk and the network). */
function secondHour(packed: string): typeof projects {
  const installs = Object.entries(SECOND_HOUR).map(([name, packages]) => [
    name,
    installProject(name, packed, packages),
  ]);
  return Object.fromEntries(installs);
}

/** A new project (outside the README's, so nothing resolves from there) with the tarball and `packages`. */
async function installProject(name: string, packed: string, packages: string[]): Promise<Installed> {
  secondRoot ??= await mkdtemp(join(tmpdir(), "genway-second-hour-"));
  const dir = join(secondRoot, name);
  await mkdir(dir);
  await writeFile(join(dir, "package.json"), JSON.stringify({ name: `second-hour-${name}`, private: true }));
  const args = ["install", packed, ...packages, "--no-audit", "--no-fund", "--prefer-offline"];
  try {
    const { stdout, stderr } = await exec("npm", args, { cwd: dir, maxBuffer: 1 << 26, timeout: 300_000 });
    return { dir, status: 0, log: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { dir, status: failed.code ?? 1, log: `${failed.stdout}${failed.stderr}` };
  }
}

/** The project installed cleanly: npm exited 0 and resolved every peer range (no ERESOLVE). */
async function installed(name: keyof typeof SECOND_HOUR): Promise<string> {
  const { dir, status, log } = await projects[name];
  expect(status, log).toBe(0);
  expect(log).not.toContain("ERESOLVE");
  return dir;
}

/** `node ...args` in `dir`, as a user's shell runs it (none of this test's environment, no colours). */
function runNode(node: string, args: string[], dir: string) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(VITEST|GENWAY_|NODE_OPTIONS$|FORCE_COLOR$)/.test(name),
    ),
  );
  return spawnSync(node, args, {
    cwd: dir,
    env: { ...env, NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 120_000,
  });
}

const HI = `{ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }`;

describe("one module graph for every subpath on Node; the split build for bundlers", () => {
  it("under the node condition genway, genway/videos and genway/testing share one copy: a model placed by genway's catalog gets vidA's bounds in a VideosClient, on Node 24 and Node 20", async () => {
    await writeFile(
      join(project, "graph.mjs"),
      `import { models, ValidationError, GenwayError } from "genway";
import { VideosClient, ValidationError as VideosValidationError } from "genway/videos";
import { ChatClient, APIError } from "genway/chat";
import { createMockGateway } from "genway/testing";

const mock = createMockGateway();
const options = { apiKey: mock.apiKey, baseURL: "http://gateway.test", fetch: mock.fetch, maxRetries: 0 };
const create = () => new VideosClient(options).videos.create({ model: "doubao-seedance-1-0-pro-250528", prompt: "p", duration: 7 });
const before = await create().then(() => "sent", (error) => error.name);
const undo = models.register("doubao-seedance-*", "vidA");
const after = await create().then(() => "sent", (error) => error);
undo();
mock.inject({ status: 401 });
const chatError = await new ChatClient(options).chat.completions.create(${HI}).catch((error) => error);
console.log(JSON.stringify({
  resolved: ["genway", "genway/videos", "genway/testing"].map((name) => import.meta.resolve(name).replace(/^.*\\/genway\\//, "")),
  before,
  after: after instanceof ValidationError && after.issues.map((issue) => issue.path),
  sameClasses: ValidationError === VideosValidationError && Object.getPrototypeOf(chatError.constructor.prototype) === APIError.prototype,
  chatError: chatError.name,
  chatErrorIsGenways: Object.getPrototypeOf(APIError.prototype) === GenwayError.prototype,
  sent: mock.requests.length,
}));
`,
    );
    for (const node of [NODE24, NODE20]) {
      const result = runNode(node, ["graph.mjs"], project);
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({
        resolved: ["dist/node-esm/index.js", "dist/node-esm/videos.js", "dist/node-esm/testing/index.js"],
        before: "sent",
        after: ["duration"],
        sameClasses: true,
        chatError: "AuthenticationError",
        chatErrorIsGenways: true,
        sent: 2, // the video before the catalog knew the id, and the chat call; not the refused one
      });
    }
  });

  it("a browser bundler (esbuild, platform browser) resolves each subpath to the split build's dist/<name>.js", async () => {
    const { build } = await import("esbuild");
    const built = { genway: "index", "genway/chat": "chat", "genway/images": "images" };
    for (const [subpath, file] of Object.entries(built)) {
      const bundled = await build({
        stdin: { contents: `export * from "${subpath}";`, resolveDir: project },
        bundle: true,
        write: false,
        metafile: true,
        platform: "browser",
        format: "esm",
        external: ["zod"],
        logLevel: "silent",
      });
      const inputs = Object.keys(bundled.metafile.inputs).map((input) =>
        input.replace(/^.*node_modules\/genway\//, ""),
      );
      expect(inputs, subpath).toContain(`dist/${file}.js`);
      expect(
        inputs.filter((input) => input.startsWith("dist/node-esm/")),
        subpath,
      ).toEqual([]);
    }
  });
});

describe("CommonJS and older TypeScript, on the packed tarball", () => {
  it("runs on the Node 20 genway supports (the machine's own node)", () => {
    const version = runNode(NODE20, ["--version"], project).stdout.trim();
    expect(version).toMatch(/^v20\.(19|[2-9]\d)\.\d+$/);
  });

  it('F7: require("genway") and require("genway/testing") on Node 20: a call, its cost, the mock\'s server, and an error instanceof the ESM copy\'s classes', async () => {
    await writeFile(
      join(project, "both.cjs"),
      `const { Genway, AuthenticationError, RateLimitError } = require("genway");
const { createMockGateway } = require("genway/testing");

async function main() {
  const mock = createMockGateway();
  const server = await mock.listen(); // the mock's server: a chunk loaded on first use
  const options = { apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 };
  const { data, cost } = await new Genway(options).chat.completions.create(${HI}).withResponse();
  let error;
  try {
    await new Genway({ ...options, apiKey: "sk-not-the-mock-key" }).chat.completions.create(${HI});
  } catch (caught) {
    error = caught;
  }
  await server.close();
  const esm = await import("genway"); // the ESM build, a second copy in this process
  console.log(JSON.stringify({
    reply: data.choices[0].message.content,
    cost: cost && cost.currency, // priced by the money chunk, loaded on first use
    thrown: error && error.name,
    twoCopies: esm.AuthenticationError !== AuthenticationError,
    cjsClass: error instanceof AuthenticationError,
    esmClasses: [esm.AuthenticationError, esm.APIError, esm.GenwayError].map((type) => error instanceof type),
    esmOther: error instanceof esm.RateLimitError,
    esmBrand: esm.isGenwayError(error),
    esmThrownCjsClass: new esm.RateLimitError("slow down") instanceof RateLimitError,
  }));
}
main();
`,
    );
    const result = runNode(NODE20, ["both.cjs"], project);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({
      reply: expect.stringContaining("Hello from the genway mock gateway!"),
      cost: "CNY",
      thrown: "AuthenticationError",
      twoCopies: true,
      cjsClass: true,
      esmClasses: [true, true, true],
      esmOther: false,
      esmBrand: true,
      esmThrownCjsClass: true,
    });
  });

  it("F7: TypeScript 5.9 with module commonjs typechecks genway and its subpaths, and its output runs on Node 20", async () => {
    const dir = await installed("typescript5");
    await writeFile(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: { module: "commonjs", target: "es2022", strict: true, outDir: "out" },
        files: ["app.ts"],
      }),
    );
    await writeFile(
      join(dir, "app.ts"),
      `import Genway, { AuthenticationError, GenwayError, isGenwayError } from "genway";
import { ChatCompletionsClient } from "genway/chat-completions";
import type { fileFromPath } from "genway/node";
import { createMockGateway } from "genway/testing";
import { VideosClient } from "genway/videos";

type ReadsFiles = typeof fileFromPath;

async function main(): Promise<void> {
  const mock = createMockGateway();
  const options = { apiKey: mock.apiKey, baseURL: "http://gateway.test", fetch: mock.fetch, maxRetries: 0 };
  const chat = new ChatCompletionsClient(options);
  const completion = await chat.chat.completions.create(${HI});
  const text: string | null | undefined = completion.choices[0]?.message.content;
  const task = await new VideosClient(options).videos.create({ model: "veo3", prompt: "rain" });
  try {
    await new Genway({ ...options, apiKey: "sk-not-the-mock-key" }).chat.completions.create(${HI});
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error;
    const status: number | undefined = error.status; // narrowed by instanceof
    console.log(text, task.kind, status, error instanceof GenwayError && isGenwayError(error));
  }
}
main();
`,
    );
    const tsc = runNode(NODE20, ["node_modules/typescript/bin/tsc", "-p", "."], dir);
    expect(tsc.status, tsc.stdout).toBe(0);
    const app = runNode(NODE20, ["out/app.js"], dir);
    expect(app.status, app.stderr).toBe(0);
    expect(app.stdout).toMatch(/^Hello from the genway mock gateway!.* video 401 true$/m);
  });
});

describe("Jest, CommonJS without ES modules", () => {
  it("F7: a Jest test requires genway and genway/testing and reaches the code loaded on first use (a cost, the mock's server), on Node 20", async () => {
    const dir = await installed("jest");
    await writeFile(
      join(dir, "gateway.test.js"),
      `const { Genway, AuthenticationError } = require("genway");
const { createMockGateway } = require("genway/testing");

test("a call, its cost and a typed error, over the mock's server", async () => {
  const mock = createMockGateway();
  const server = await mock.listen();
  try {
    const gw = new Genway({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });
    const { data, cost } = await gw.chat.completions.create(${HI}).withResponse();
    expect(data.choices[0].message.content).toContain("hi");
    expect(cost.currency).toBe("CNY");
    const stranger = new Genway({ apiKey: "sk-not-the-mock-key", baseURL: server.url, maxRetries: 0 });
    await expect(stranger.chat.completions.create(${HI})).rejects.toBeInstanceOf(AuthenticationError);
  } finally {
    await server.close();
  }
});
`,
    );
    const result = runNode(NODE20, ["node_modules/jest/bin/jest.js"], dir);
    expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
    expect(result.stderr).toMatch(/Tests:\s+1 passed, 1 total/);
  });
});

describe("zod, an optional peer", () => {
  const NO_ZOD_4 = `import Genway, { zodResponseFormat } from "genway";
import { createMockGateway } from "genway/testing";

const mock = createMockGateway();
const gw = new Genway({ apiKey: mock.apiKey, baseURL: "http://gateway.test", fetch: mock.fetch });
console.log((await gw.chat.completions.create(${HI})).choices[0].message.content);
const schema = await SCHEMA;
try {
  await gw.chat.completions.parse({ ...${HI}, response_format: zodResponseFormat(schema, "recipe") });
} catch (error) {
  console.log(\`\${error.name}: \${error.message}\`);
}
console.log(\`requests: \${mock.requests.length}\`);
`;

  it("F12: installs without zod, and node -e 'import(\"genway\")' loads it (on Node 20)", async () => {
    const dir = await installed("withoutZod");
    expect(existsSync(join(dir, "node_modules", "zod"))).toBe(false);
    const loaded = runNode(
      NODE20,
      ["-e", 'import("genway").then((genway) => console.log(typeof genway.default))'],
      dir,
    );
    expect(loaded.status, loaded.stderr).toBe(0);
    expect(loaded.stdout).toBe("function\n");
  });

  it.each([
    [
      "F12: without zod, a structured-output call fails with one line that says to install zod 4, and sends nothing",
      "withoutZod",
      // What a schema can be without zod: a validator of one's own, without a JSON Schema.
      '{ "~standard": { version: 1, vendor: "hand-written", validate: (value) => ({ value }) } }',
      'schema: carries no JSON Schema of its own: pass it as the jsonSchema option, or use a zod 4 schema (npm install "zod@^4.6.7")',
    ],
    [
      "F12: beside zod 3: npm install resolves, genway works, and a zod 3 schema names the fix in one line",
      "zod3",
      '(await import("zod")).z.object({ title: (await import("zod")).z.string() })',
      'schema: a zod 3 schema carries no JSON Schema: genway reads zod 4 schemas (npm install "zod@^4.6.7")',
    ],
  ] as const)("%s", async (_, name, schema, refusal) => {
    const dir = await installed(name);
    await writeFile(join(dir, "structured.mjs"), NO_ZOD_4.replace("await SCHEMA", schema));
    const result = runNode(NODE20, ["structured.mjs"], dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split("\n")).toEqual([
      expect.stringContaining("Hello from the genway mock gateway!"),
      `ValidationError: Invalid zodResponseFormat request: ${refusal}`,
      "requests: 1",
      "",
    ]);
  });
});

describe("genway/testing/msw on msw 2 and msw 3", () => {
  /** docs/testing.md's msw face as a user's vitest file. */
  const TEST = `import Genway, { RateLimitError } from "genway";
import { createMockGateway } from "genway/testing";
import { mswHandlers } from "genway/testing/msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, it } from "vitest";

const baseURL = "https://gateway.example.test";
const mock = createMockGateway();
const server = setupServer(...mswHandlers(mock, baseURL));
// Made before server.listen(): msw's fetch is on globalThis only from then on.
const early = new Genway({ apiKey: mock.apiKey, baseURL, maxRetries: 0 });
beforeAll(() => server.listen());
afterAll(() => server.close());

it("answers through msw", async () => {
  const gw = new Genway({ apiKey: mock.apiKey, baseURL, maxRetries: 0 });
  const completion = await gw.chat.completions.create(${HI});
  expect(completion.choices[0].message.content).toContain("hi");
  const stream = await gw.chat.completions.create({ ...${HI}, stream: true });
  expect((await stream.finalCompletion()).choices[0].message.content).toContain("hi");
  mock.inject({ status: 429 });
  await expect(gw.chat.completions.create(${HI})).rejects.toBeInstanceOf(RateLimitError);
});

it("answers a client made before listen()", async () => {
  const completion = await early.chat.completions.create(${HI});
  expect(completion.choices[0].message.content).toContain("hi");
});
`;

  it.each([
    ["msw2", "vitest 4 and msw 2", "Node 20", NODE20],
    ["msw3", "vitest 5 and msw 3", "Node 24", NODE24],
  ] as const)(
    "F3: %s: %s install together (no ERESOLVE) and run the msw face on %s, a client made before listen() too (review msw note)",
    async (name, _, __, node) => {
      const dir = await installed(name);
      await writeFile(join(dir, "gateway.test.mjs"), TEST);
      const result = runNode(node, ["node_modules/vitest/vitest.mjs", "run"], dir);
      expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(/Tests\s.*2 passed/);
    },
  );
});

/** The text of the first fenced block of `info` after `marker` in a docs page. */
function docsBlock(page: string, info: string, marker = ""): string {
  const text = readFileSync(join(ROOT, "docs", page), "utf8");
  const fenced = new RegExp(`^\`\`\`${info}\n([\\s\\S]*?)^\`\`\`$`, "m").exec(
    text.slice(text.indexOf(marker)),
  );
  if (!fenced) throw new Error(`docs/${page} has no \`\`\`${info} block after "${marker}"`);
  return fenced[1]!;
}

describe("what the docs and the types promise, on the packed tarball and Node 20", () => {
  /** `source` saved in the README's project as `name` and run on Node 20: its output lines. */
  async function onNode20(name: string, source: string): Promise<string[]> {
    await writeFile(join(project, name), source);
    const result = runNode(NODE20, [name], project);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toBe("");
    return result.stdout.trim().split("\n");
  }

  it("F6: docs/chat.md's preamble and first example, saved as one .mjs, run on Node 20 and exit", async () => {
    const preamble = docsBlock("chat.md", "ts preamble");
    const example = docsBlock("chat.md", "ts", "## Chat completions");
    const lines = await onNode20("chat-docs.mjs", `${preamble}\n${example}`);
    expect(lines[0]).toContain("Hello from the genway mock gateway!");
  });

  it("F11: a failed task scripted with mock.failNextTask, the app's prompt as it is", async () => {
    const lines = await onNode20(
      "failed-task.mjs",
      `import Genway, { TaskFailedError } from "genway";
import { createMockGateway } from "genway/testing";

const mock = createMockGateway({ taskSteps: 1 });
const gw = new Genway({ apiKey: mock.apiKey, baseURL: "http://gateway.test", fetch: mock.fetch });
mock.failNextTask({ reason: "Content policy: scene 3" });
const scene = "a quiet harbour";
const task = await gw.videos.create({ model: "veo3", prompt: \`Cinematic: \${scene}\` });
try {
  await task.wait({ interval: 10 });
} catch (error) {
  console.log(error instanceof TaskFailedError, error.reason);
}
const next = await gw.videos.create({ model: "veo3", prompt: \`Cinematic: \${scene}\` });
console.log((await next.wait({ interval: 10 })).status);
`,
    );
    expect(lines).toEqual(["true Content policy: scene 3", "succeeded"]);
  });

  it("F13: mock.listen({ port, host }) serves on the address given, loopback by default; a mistaken argument is a TypeError", async () => {
    const lines = await onNode20(
      "listen.mjs",
      `import Genway from "genway";
import { createMockGateway } from "genway/testing";

const mock = createMockGateway();
const server = await mock.listen({ port: 0 });
try {
  const answer = await new Genway({ apiKey: mock.apiKey, baseURL: server.url }).chat.completions.create(${HI});
  console.log(new URL(server.url).hostname, answer.object);
} finally {
  await server.close();
}
const port = Number(new URL(server.url).port);
const again = await mock.listen({ port, host: "127.0.0.1" });
console.log(again.url === \`http://127.0.0.1:\${port}\`);
await again.close();
await mock.listen({ prot: 8792 }).catch((error) => console.log(error.name, error.message));
`,
    );
    expect(lines).toEqual([
      "127.0.0.1 chat.completion",
      "true",
      'TypeError mock.listen() takes { port?, host? } or (port?, host?): unexpected option "prot"',
    ]);
  });

  it("openai-node's names: asResponse() (the body unread), requestID, _request_id (not enumerable)", async () => {
    const lines = await onNode20(
      "parity.mjs",
      `import Genway from "genway";
import { createMockGateway } from "genway/testing";

const mock = createMockGateway();
const gw = new Genway({ apiKey: mock.apiKey, baseURL: "http://gateway.test", fetch: mock.fetch, maxRetries: 0 });
const response = await gw.chat.completions.create(${HI}).asResponse();
console.log(response.status, response.bodyUsed, (await response.json()).object);
const completion = await gw.chat.completions.create(${HI});
console.log(completion._request_id, Object.keys(completion).includes("_request_id"));
const { requestId, requestID } = await gw.chat.completions.create(${HI}).withResponse();
console.log(requestID === requestId && requestId !== undefined);
const wrong = new Genway({ apiKey: "sk-wrong", baseURL: "http://gateway.test", fetch: mock.fetch, maxRetries: 0 });
await wrong.chat.completions.create(${HI}).catch((error) => console.log(error.name, error.requestID === error.requestId));
console.log("requests:", mock.requests.filter((r) => r.path === "/v1/chat/completions").length);
`,
    );
    expect(lines).toEqual([
      "200 false chat.completion",
      expect.stringMatching(/^mock-req-\d+ false$/),
      "true",
      "AuthenticationError true",
      "requests: 4",
    ]);
  });

  it("F8: a role typo fails to compile (tsc names the role it meant); a known role, and a later one cast, compile", async () => {
    const dir = await installed("typescript5");
    const file = (...roles: string[]) =>
      [
        'import Genway, { type ChatRole } from "genway";',
        'const gw = new Genway({ apiKey: "sk", baseURL: "http://gateway.test" });',
        ...roles.map(
          (role, i) =>
            `export const call${i} = () => gw.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: ${role}, content: "hi" }] });`,
        ),
        "export type Roles = ChatRole;",
        "",
      ].join("\n");
    const tsc = (name: string) =>
      runNode(
        NODE20,
        [
          "node_modules/typescript/bin/tsc",
          "--noEmit",
          "--strict",
          "--module",
          "commonjs",
          "--target",
          "es2022",
          name,
        ],
        dir,
      );
    await writeFile(join(dir, "typo.ts"), file('"usr"'));
    await writeFile(join(dir, "roles.ts"), file('"user"', '"critic" as ChatRole'));
    const typo = tsc("typo.ts");
    expect(typo.status).not.toBe(0);
    expect(typo.stdout).toMatch(
      /^typo\.ts\(3,\d+\): error TS\d+:.*Type '"usr"' is not assignable to type 'ChatRole'\. Did you mean '"user"'\?/s,
    );
    const roles = tsc("roles.ts");
    expect(roles.status, roles.stdout).toBe(0);
  });
});

describe("npm run check:package", () => {
  it("leaves a genway-*.tgz the user keeps in the folder as it was", async () => {
    const kept = join(ROOT, `genway-${PACKAGE.version}.tgz`);
    if (existsSync(kept)) throw new Error(`${kept} exists: move it away before this test`);
    await writeFile(kept, "the user's own tarball");
    try {
      const run = spawnSync("node", [join(ROOT, "scripts", "check-package.mjs")], {
        cwd: ROOT,
        encoding: "utf8",
        timeout: 120_000,
      });
      expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
      expect(await readFile(kept, "utf8")).toBe("the user's own tarball");
      expect(statSync(kept).size).toBe(22);
    } finally {
      await rm(kept, { force: true });
    }
  }, 120_000);
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
