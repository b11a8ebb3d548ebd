/**
 * Every script in examples/ runs as CONTRIBUTING.md says to run one (`npx tsx examples/<name>.ts`),
 * importing "genway" by name, against the mock gateway. Each must exit 0 and print what its
 * `// expect: ...` comment lines say (or, without one, print something).
 *
 * All in this one process: each script, bundled from this run's sources (tests/support/bundle.ts),
 * runs in a worker thread of its own, which is a script's life in small: its own globals and event
 * loop, its own stdout and stderr, exit 1 on an uncaught error, and an exit only once nothing is
 * left running (a server left listening keeps the thread alive, as it would keep a process).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { beforeAll, describe, expect, it } from "vitest";
import { bundled } from "./support/bundle.js";

const ROOT = join(import.meta.dirname, "..");
const EXAMPLES = join(ROOT, "examples");
const scripts = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith(".ts"))
  .sort();
/** The hang guard: a script still running after this long never ends. */
const HANG_MS = 30_000;

/** Each script's bundle, by name. */
const programs = new Map<string, string>();

beforeAll(async () => {
  const paths = await bundled(...scripts.map((name) => `examples/${name}`));
  for (const [i, name] of scripts.entries()) programs.set(name, paths[i]!);
});

describe("examples", () => {
  it("has scripts to run", () => {
    expect(scripts.length).toBeGreaterThan(0);
  });

  // Each script waits on its own thread (and its own mock): they run side by side.
  it.concurrent.each(scripts)("%s runs against the mock gateway", async (name) => {
    const source = readFileSync(join(EXAMPLES, name), "utf8");
    const expected = [...source.matchAll(/^\/\/ expect: (.+)$/gm)].map((m) => m[1]!.trim());
    const { code, stdout, stderr } = await runScript(programs.get(name)!);
    expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" });
    if (expected.length === 0) expect(stdout.trim()).not.toBe("");
    for (const line of expected) expect(stdout).toContain(line);
  });
});

async function runScript(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Without these the preamble starts the built-in mock; with them it would call a real gateway.
  const { GENWAY_BASE_URL: _url, GENWAY_API_KEY: _key, ...env } = process.env;
  const thread = new Worker(file, { env, stdout: true, stderr: true });
  let stdout = "";
  let stderr = "";
  thread.stdout.on("data", (chunk) => (stdout += chunk));
  thread.stderr.on("data", (chunk) => (stderr += chunk));
  // An uncaught error ends the thread with exit code 1; its text is the script's stderr.
  thread.on("error", (error) => (stderr += `${error.stack ?? error}\n`));
  let hung = false;
  const guard = setTimeout(() => {
    hung = true;
    void thread.terminate();
  }, HANG_MS);
  const code = await new Promise<number>((resolve) => thread.once("exit", resolve));
  clearTimeout(guard);
  // What the thread wrote before it ended arrives after its exit: read both streams to their end.
  await Promise.all(
    [thread.stdout, thread.stderr].map(
      (stream) =>
        new Promise((resolve) => (stream.readableEnded ? resolve(null) : stream.once("end", resolve))),
    ),
  );
  return { code: hung ? null : code, stdout, stderr };
}
