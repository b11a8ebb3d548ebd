/**
 * The first hour of an app developer, as the README walks it: an empty project, `npm install` of the
 * packed tarball and zod (the README's own install line), the README's first snippet saved as
 * app.mjs (and its CommonJS snippet as app.cjs), and the README's mock lines run as written in a
 * shell: `eval "$(npx genway mock --print-env)"`, then `node app.mjs`. The package is the tarball
 * npm would publish, built from this run's sources (scripts/pack.mjs packs dist/: `npm run
 * test:first-hour` builds first).
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packInto } from "../scripts/pack.mjs";

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

let project: string;
let installLog: string;

function sh(script: string, env: Record<string, string> = {}) {
  const { GENWAY_BASE_URL: _url, GENWAY_API_KEY: _key, ...inherited } = process.env;
  return spawnSync("sh", ["-ec", script], {
    cwd: project,
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
  const tarball = packInto(project);
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
  if (project) await rm(project, { recursive: true, force: true });
});

describe("the README's first hour, on the packed tarball", () => {
  it("installs genway and zod cleanly: no engine warning (EBADENGINE) on this Node", () => {
    expect(installLog).not.toContain("EBADENGINE");
    const installed = JSON.parse(readFileSync(join(project, "package.json"), "utf8")).dependencies;
    expect(Object.keys(installed).sort()).toEqual(["genway", "zod"]);
    // The README names the zod range genway takes as a peer.
    expect(install).toContain(`"zod@${PACKAGE.peerDependencies.zod}"`);
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

  it("the CommonJS snippet loads the ESM-only package with import()", () => {
    const run = sh(mockLines.replace(/^node app\.mjs/m, "node app.cjs"));
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("Hello from the genway mock gateway!");
  });

  it("the mock the README starts in the background is stopped by its kill line", async () => {
    const run = sh(`${mockLines}\necho "pid $GENWAY_MOCK_PID"`);
    const pid = Number(/^pid (\d+)$/m.exec(run.stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => alive(pid), { timeout: 10_000 }).toBe(false);
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
