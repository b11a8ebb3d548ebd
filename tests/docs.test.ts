/**
 * Every ```ts example of README.md and docs/*.md runs as written, to its end, in this process: one
 * module each, through vitest's TypeScript transform, with `genway` and its subpaths resolving to
 * src/ (vitest.config.ts), so the examples run against this run's sources and no build is needed.
 *
 * - On a page with a ```ts preamble block (chat.md, tasks.md ...), the preamble goes in front of each
 *   example, as the page tells readers to do, and the example runs without GENWAY_BASE_URL: the
 *   preamble serves the mock in process. Each preamble also runs alone as a plain `.mjs` file on
 *   Node 20 (the oldest Node genway supports), against the package bundled from src/: readers put
 *   it in front of an example in JavaScript too, where TypeScript's syntax (and `await using`,
 *   which Node 20 does not parse) would be a SyntaxError.
 * - An example on a page without a preamble, or fenced ```ts standalone, is a complete file that
 *   reads the gateway from the environment, as after `eval "$(npx genway mock --print-env)"`: one mock
 *   for the whole file (its tasks finish on the first poll), and REDIS_URL pointing at a real
 *   redis-server for the queue examples.
 *
 * An example fails when it throws, when it has not finished within the hang guard (a bound against
 * a hang, not a speed check), or when it leaves a server listening: as a script it would never exit.
 * A worker that runs until SIGTERM (docs/scale.md) is stopped through its own SIGTERM handler after
 * the page's last example. Blocks fenced ```ts other-sdk are another library's code, shown for
 * comparison (they call that vendor's API): the only ```ts blocks not run.
 */
import { spawnSync } from "node:child_process";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMockGateway, type MockServer } from "../mock/index.js";
import { type RedisServer, startRedis } from "./queue/support.js";
import { installedBundle } from "./support/bundle.js";
import { runNode } from "./support/child.js";
import { zodTheRefusalsName } from "./support/zod.js";

const ROOT = join(import.meta.dirname, "..");
/** The examples are written here, one module each (under the root, so `zod` and `bullmq` resolve). */
const OUT = join(ROOT, ".tmp", "docs");
/** The hang guard: an example still running after this long never ends. */
const HANG_MS = 15_000;
/** Node 20, the oldest Node genway supports (a devDependency gives the tools Node 24). */
const NODE20 = process.env.GENWAY_NODE20 ?? "/usr/bin/node";

/** What package.json's `files` ships: its entries, a `*` matching within one folder, `!` excluding. */
async function shippedFiles(): Promise<(path: string) => boolean> {
  const { files } = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8")) as { files: string[] };
  const matcher = (pattern: string) => {
    const exact = new RegExp(
      `^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}(/.*)?$`,
    );
    return (path: string) => exact.test(path);
  };
  const included = files.filter((f) => !f.startsWith("!")).map(matcher);
  const excluded = files.filter((f) => f.startsWith("!")).map((f) => matcher(f.slice(1)));
  return (path) =>
    path === "package.json" || (included.some((m) => m(path)) && !excluded.some((m) => m(path)));
}

/** The headings of a Markdown page, outside code blocks. */
function headings(markdown: string): string[] {
  return blocksRemoved(markdown)
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line));
}

function blocksRemoved(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");
}

interface Example {
  /** `docs/chat.md:42`: where the block starts. */
  where: string;
  source: string;
  /** Run with the gateway from the environment (no preamble). */
  fromEnv: boolean;
  /** The page's preamble, when the page has one. */
  preamble: string | undefined;
}

/** The fenced blocks of a Markdown file: their info string, first line number and text. */
function blocks(markdown: string): Array<{ info: string; line: number; text: string }> {
  const found: Array<{ info: string; line: number; text: string }> = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S.*)?$/.exec(lines[i]!);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i]!);
    found.push({ info: (open[1] ?? "").trim(), line: start + 1, text: body.join("\n") });
  }
  return found;
}

async function examples(): Promise<Example[]> {
  const pages = [
    "README.md",
    ...(await readdir(join(ROOT, "docs")))
      .filter((name) => name.endsWith(".md"))
      .sort()
      .map((name) => `docs/${name}`),
  ];
  const out: Example[] = [];
  for (const page of pages) {
    const all = blocks(await readFile(join(ROOT, page), "utf8"));
    const preamble = all.find((b) => b.info === "ts preamble")?.text;
    for (const block of all) {
      if (block.info !== "ts" && block.info !== "ts standalone") continue;
      const alone = block.info === "ts standalone" || preamble === undefined;
      out.push({
        where: `${page}:${block.line}`,
        source: alone ? block.text : `${preamble}\n\n${block.text}`,
        fromEnv: alone,
        preamble,
      });
    }
  }
  return out;
}

const all = await examples();
let gateway: MockServer;
let redis: RedisServer;
const saved = { ...process.env };

beforeAll(async () => {
  const mock = createMockGateway({ taskSteps: 1 });
  gateway = await mock.listen();
  redis = await startRedis();
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  delete process.env.GENWAY_LOG;
}, 60_000);

afterAll(async () => {
  process.env = saved;
  await gateway?.close();
  await redis?.stop();
});

/** Servers listening in this process (an example that leaves one open never exits as a script). */
const listening = () => process.getActiveResourcesInfo().filter((kind) => kind === "TCPServerWrap").length;

/** README.md and every page of docs/ the package ships, with their text. */
async function shippedPages(): Promise<Array<[page: string, text: string]>> {
  const shipped = await shippedFiles();
  const pages = ["README.md", ...(await readdir(join(ROOT, "docs"))).map((n) => `docs/${n}`)];
  const kept = pages.filter((page) => page.endsWith(".md") && shipped(page));
  return Promise.all(
    kept.map(async (page) => [page, await readFile(join(ROOT, page), "utf8")] as [string, string]),
  );
}

/** Whether `path` (from the repository's root) is a file or folder there. */
const exists = (path: string) =>
  stat(join(ROOT, path)).then(
    () => true,
    () => false,
  );

describe("links", () => {
  it("README.md and the shipped docs link only files that exist and that the package ships", async () => {
    const shipped = await shippedFiles();
    const broken: string[] = [];
    for (const [page, text] of await shippedPages()) {
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const path = join(page.includes("/") ? "docs" : "", target!.split("#")[0]!).replace(/\\/g, "/");
        if (!(await exists(path)) || !shipped(path)) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("every page", () => {
  it("has no heading twice (each is an anchor of its own)", async () => {
    const twice: string[] = [];
    const pages = [
      "README.md",
      "CONTRIBUTING.md",
      ...(await readdir(join(ROOT, "docs"))).map((n) => `docs/${n}`),
    ];
    for (const page of pages.filter((name) => name.endsWith(".md"))) {
      const seen = new Set<string>();
      for (const heading of headings(await readFile(join(ROOT, page), "utf8"))) {
        const text = heading.replace(/^#+ /, "").trim().toLowerCase();
        if (seen.has(text)) twice.push(`${page}: ${heading}`);
        seen.add(text);
      }
    }
    expect(twice).toEqual([]);
  });

  it("names examples/ only as files the package ships", async () => {
    const shipped = await shippedFiles();
    const unshipped: string[] = [];
    for (const [page, text] of await shippedPages()) {
      for (const [path] of text.matchAll(/examples\/[\w./-]*\w/g)) {
        if (!(await exists(path)) || !shipped(path)) unshipped.push(`${page}: ${path}`);
      }
    }
    expect(unshipped).toEqual([]);
  });
});

describe("the README's install section", () => {
  it("names the zod genway's helpers read, as their refusals name it", async () => {
    const ZOD_4 = zodTheRefusalsName();
    const readme = await readFile(join(ROOT, "README.md"), "utf8");
    const install = readme.slice(readme.indexOf("## Install"), readme.indexOf("## Your first call"));
    expect(install).toContain(`npm install "${ZOD_4}"`);
  });
});

describe("the README's first screen", () => {
  it("opens with the newcomer's two commands, then the install and the first call (F10): one screen for both readers", async () => {
    const readme = await readFile(join(ROOT, "README.md"), "utf8");
    const lines = readme.split("\n");
    // The contract with a newcomer to the repository: its first sh block, before any section.
    const first = blocks(readme)[0]!;
    expect(first.info).toBe("sh");
    expect(readme.indexOf(first.text)).toBeLessThan(readme.indexOf("## "));
    const commands = first.text
      .split("\n")
      .map((line) => line.replace(/#.*$/, "").trim())
      .filter(Boolean);
    // One sets up and runs the demo on the built-in mock, one runs the tests.
    expect(commands).toEqual(["npm start", "npm test"]);
    const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.start).toMatch(/^npm install .*&& npm run build && node dist\/cli\/main\.js demo$/);
    // Then the user's page: its first sections are the install and the first call, on the first screen.
    const sections = headings(readme).filter((h) => h.startsWith("## "));
    expect(sections.slice(0, 2)).toEqual(["## Install", "## Your first call"]);
    const install = readme.slice(readme.indexOf("## Install"));
    expect(blocks(install)[0]?.text.split("\n")[0]).toBe("npm install genway");
    expect(lines.indexOf("## Your first call")).toBeLessThan(40);
  });

  it("states the same two commands as CONTRIBUTING.md's first sh block", async () => {
    const readme = await readFile(join(ROOT, "README.md"), "utf8");
    const contributing = await readFile(join(ROOT, "CONTRIBUTING.md"), "utf8");
    expect(blocks(contributing).find((b) => b.info === "sh")!.text).toBe(blocks(readme)[0]!.text);
  });
});

describe("every preamble, as a plain .mjs on Node 20", () => {
  const FOLDER = join(ROOT, ".tmp", "node20");
  beforeAll(async () => {
    await rm(FOLDER, { recursive: true, force: true });
    await mkdir(FOLDER, { recursive: true });
    await installedBundle(FOLDER);
  }, 60_000);

  it(`${NODE20} is Node 20`, () => {
    const version = spawnSync(NODE20, ["--version"], { encoding: "utf8" });
    expect(version.error, `no Node 20 at ${NODE20} (set GENWAY_NODE20)`).toBeUndefined();
    expect(version.stdout.trim()).toMatch(/^v20\./);
  });

  const preambles = all.filter((e) => e.preamble !== undefined);
  const pages = [...new Map(preambles.map((e) => [e.where.split(":")[0]!, e.preamble!])).entries()];
  // Each in a process of its own, side by side.
  it.concurrent.for(pages)("F6: %s: its preamble runs and exits", async ([page, preamble], { expect }) => {
    const file = join(FOLDER, `${page.replace(/[/.]/g, "-")}.mjs`);
    await writeFile(file, preamble);
    const { GENWAY_BASE_URL: _url, GENWAY_API_KEY: _key, ...env } = process.env;
    const run = await runNode([file], HANG_MS, { node: NODE20, cwd: FOLDER, env });
    expect({ status: run.code, stderr: run.stderr, signal: run.signal }).toEqual({
      status: 0,
      stderr: "",
      signal: null,
    });
  });
});

describe("docs examples", () => {
  it("there are examples on every page that promises them", () => {
    const pages = new Set(all.map((e) => e.where.split(":")[0]));
    for (const page of ["README.md", "docs/chat.md", "docs/tasks.md", "docs/client.md", "docs/scale.md"])
      expect(pages).toContain(page);
  });

  const pages = [...new Set(all.map((e) => e.where.split(":")[0]!))];
  describe.each(pages)("%s", (page) => {
    // A long-running example (a queue worker) stops as it says it does, on SIGTERM: once the page's
    // last example has run, since a later example of the page may need it running.
    const stops: Array<() => unknown> = [];
    afterAll(async () => {
      for (const stop of stops.splice(0)) await stop();
    });

    const own = all.filter((e) => e.where.startsWith(`${page}:`));
    it.each(own.map((e) => [e.where, e] as const))(
      "%s runs to its end",
      async (where, example) => {
        const file = join(OUT, `${where.replace(/[/:.]/g, "-")}.ts`);
        await writeFile(file, example.source);
        process.env = { ...saved };
        delete process.env.GENWAY_BASE_URL;
        delete process.env.GENWAY_API_KEY;
        if (example.fromEnv) {
          process.env.GENWAY_BASE_URL = gateway.url;
          process.env.GENWAY_API_KEY = "sk-genway-mock";
          process.env.REDIS_URL = `redis://127.0.0.1:${redis.port}`;
        }
        const printed: unknown[][] = [];
        const quiet = (...args: unknown[]) => void printed.push(args);
        const spies = [
          vi.spyOn(console, "log").mockImplementation(quiet),
          vi.spyOn(console, "info").mockImplementation(quiet),
          vi.spyOn(console, "error").mockImplementation(quiet),
          vi.spyOn(console, "warn").mockImplementation(quiet),
          vi.spyOn(process.stdout, "write").mockImplementation(() => true),
        ];
        const servers = listening();
        const files = await readdir(ROOT);
        const sigterm = process.listeners("SIGTERM");
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            import(pathToFileURL(file).href),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`did not finish within ${HANG_MS} ms`)), HANG_MS);
            }),
          ]);
          for (const stop of process.listeners("SIGTERM").filter((l) => !sigterm.includes(l))) {
            process.off("SIGTERM", stop);
            stops.push(stop as () => unknown);
          }
          // A closed server leaves the list of active handles a turn or two of the event loop later.
          for (let turn = 0; turn < 10 && listening() > servers; turn++) await new Promise(setImmediate);
          expect(listening(), "a server was left listening").toBe(servers);
          expect(await readdir(ROOT), "it wrote into the repository").toEqual(files);
        } catch (error) {
          throw new Error(
            `${where}: ${(error as Error).message}\nprinted: ${JSON.stringify(printed).slice(0, 2000)}`,
            { cause: error },
          );
        } finally {
          clearTimeout(timer);
          for (const spy of spies) spy.mockRestore();
          process.env = { ...saved };
        }
      },
      HANG_MS + 5_000,
    );
  });
});
