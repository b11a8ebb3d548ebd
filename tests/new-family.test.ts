/**
 * A new task family touches only the files docs/architecture.md's "a new family" row lists, and
 * those are enough: in a copy of the repository, `scripts/new-family.mjs vidc` writes the family;
 * the files it changed are exactly the row's, and the copy typechecks, lints (the house's rules
 * included), and passes the tests that list families (the task kinds, the manifest, the entries,
 * the price rows, the architecture page) with the new family's own tests and its page's example.
 *
 * A minute or more of compiling and testing, so not part of `npm test`: `npm run test:new-family`
 * runs it (CI does, .ci/run). tests/docs/architecture.test.ts checks the row against the script's
 * list within `npm test`.
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "..");
const NAME = "vidc";

/** Runs `command` in the copy; its output when it fails. */
async function inCopy(copy: string, command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(command, args, { cwd: copy, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(" ")} failed:\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`);
  }
}

/** The files under tests/ that import the built package by its name (`from "genway"`, `import("genway")`). */
function importingThePackage(copy: string): string[] {
  return readdirSync(join(copy, "tests"), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `tests/${file.replaceAll("\\", "/")}`)
    .filter((file) =>
      /(?:from\s*|import\()\s*["']genway(?:\/[\w/-]+)?["']/.test(readFileSync(join(copy, file), "utf8")),
    );
}

describe("a new family, scaffolded in a copy of the repository", () => {
  let copy = "";
  let touched: string[] = [];

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), "genway-new-family-"));
    // The repository as git sees it (tracked and new files, nothing ignored), and its node_modules.
    const { stdout } = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    for (const file of stdout.split("\0").filter(Boolean)) {
      cpSync(join(ROOT, file), join(copy, file), { recursive: true });
    }
    symlinkSync(join(ROOT, "node_modules"), join(copy, "node_modules"));
    await inCopy(copy, "git", ["init", "-q"]);
    await inCopy(copy, "git", ["add", "-A"]);
    await inCopy(copy, "git", ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "before"]);
    await inCopy(copy, process.execPath, ["scripts/new-family.mjs", NAME]);
    const status = await inCopy(copy, "git", ["status", "--porcelain", "--untracked-files=all"]);
    touched = status
      .split("\n")
      .filter(Boolean)
      .map((line) => line.slice(3))
      .sort();
  }, 120_000);

  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it("touches exactly the files of the architecture page's row", () => {
    const page = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");
    const row = page.split("\n").find((line) => line.startsWith("| a new family "))!;
    const listed = [...row.matchAll(/(?<![\w./<>-])(?:src|mock|tests|docs)\/[\w./<>-]*[\w>]/g)]
      .map((match) => match[0].replaceAll("<family>", NAME))
      .filter((path) => !path.endsWith(`/${NAME}`));
    expect(touched.length).toBeGreaterThan(12);
    expect(touched).toEqual([...new Set(listed)].sort());
  });

  it("typechecks: the library, the mock and every test", async () => {
    // The examples/ and the test programs that import the built package by name (the queue's
    // workers, the fetch-wrapper child) resolve it in dist/, which a copy lacks.
    const config = join(copy, "tsconfig.new-family.json");
    writeFileSync(
      config,
      `${JSON.stringify({ extends: "./tsconfig.json", include: ["src", "mock", "tests"], exclude: importingThePackage(copy) })}\n`,
    );
    try {
      await inCopy(copy, process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", config]);
    } finally {
      rmSync(config);
    }
  }, 300_000);

  it("lints: formatting, the rules of the house (dependency-cruiser), the browser build, knip", async () => {
    await inCopy(copy, "npx", ["biome", "check", "."]);
    await inCopy(copy, "npx", ["depcruise", "src", "mock", "--config", ".dependency-cruiser.cjs"]);
    await inCopy(copy, "npx", ["tsc", "-p", "tsconfig.browser.json", "--noEmit"]);
    await inCopy(copy, "npx", ["knip", "--production", "--no-tag-hints"]);
  }, 300_000);

  it("passes its own tests, its page's example, and the tests that list families", async () => {
    await inCopy(copy, "npx", [
      "vitest",
      "run",
      `tests/resources/${NAME}`,
      `tests/types/${NAME}.test-d.ts`,
      "tests/types/tasks.test-d.ts",
      "tests/core/tasks.test.ts",
      "tests/families.test.ts",
      "tests/pricing/estimate.test.ts",
      "tests/docs/architecture.test.ts",
      "tests/limits.test.ts",
    ]);
    await inCopy(copy, "npx", [
      "vitest",
      "run",
      "tests/docs.test.ts",
      "-t",
      `docs/${NAME}\\.md|link only files`,
    ]);
  }, 300_000);
});
