/**
 * Every script in examples/ runs as the README says to run one (`npx tsx examples/x.ts`, which works
 * on Node 20 as on 24: tsx strips the types; here `node --import tsx`, the same loader), importing
 * the built "genway" through the package's own exports, against the mock gateway. Each must exit 0
 * and print what its `// expect: ...` comment lines say (or, without one, print something).
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const EXAMPLES = join(ROOT, "examples");
const scripts = readdirSync(EXAMPLES)
  .filter((name) => name.endsWith(".ts"))
  .sort();

beforeAll(() => {
  // Build once, and only when dist/ is missing or older than a source file.
  if (isFresh(join(ROOT, "dist", "index.js"), join(ROOT, "src"))) return;
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8" });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
}, 120_000);

describe("examples", () => {
  it("has scripts to run", () => {
    expect(scripts.length).toBeGreaterThan(0);
  });

  // Each script waits on its own child process (and its own mock): they run side by side.
  it.concurrent.each(scripts)("%s runs against the mock gateway", async (name) => {
    const source = readFileSync(join(EXAMPLES, name), "utf8");
    const expected = [...source.matchAll(/^\/\/ expect: (.+)$/gm)].map((m) => m[1]!.trim());
    const { code, stdout, stderr } = await runExample(join(EXAMPLES, name));
    expect({ code, stderr: code === 0 ? "" : stderr }).toEqual({ code: 0, stderr: "" });
    if (expected.length === 0) expect(stdout.trim()).not.toBe("");
    for (const line of expected) expect(stdout).toContain(line);
  });
});

function runExample(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Without these the preamble starts the built-in mock; with them it would call a real gateway.
  const { GENWAY_BASE_URL: _url, GENWAY_API_KEY: _key, ...env } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", file], { cwd: ROOT, env, timeout: 30_000 });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function isFresh(built: string, sources: string): boolean {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const newest = (dir: string): number =>
    Math.max(
      0,
      ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
        const path = join(dir, entry.name);
        return entry.isDirectory() ? newest(path) : statSync(path).mtimeMs;
      }),
    );
  return newest(sources) <= builtAt;
}
