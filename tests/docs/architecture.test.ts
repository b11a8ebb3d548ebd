/**
 * docs/architecture.md is the map a newcomer follows, so it must not go stale
 * silently: every `src/...`, `mock/...` and `tests/...` path it writes exists (a `<family>`
 * placeholder stands for any name that makes one exist), every rule of .dependency-cruiser.cjs is
 * named in its rules table, and every room (a folder of src/, src/core/ and mock/) is drawn.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
const PAGE = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");

/**
 * The paths the page writes: a word starting with src/, mock/ or tests/ (not inside another path,
 * such as docs/src/...), up to a character no path of the repository holds. A trailing dot or
 * comma ends the sentence, not the path.
 */
function pathsOnPage(page: string): string[] {
  const found = new Set<string>();
  for (const match of page.matchAll(/(?<![\w./<>-])(?:src|mock|tests)\/[\w./<>-]*/g)) {
    found.add(match[0].replace(/[.,]+$/, ""));
  }
  return [...found].sort();
}

/** Whether `path` names a file or folder; each `<placeholder>` segment part may be any name. */
function exists(path: string): boolean {
  if (!path.includes("<")) return existsSync(join(ROOT, path));
  const parts = path.replace(/\/$/, "").split("/");
  const walk = (dir: string, rest: string[]): boolean => {
    const [part, ...more] = rest;
    if (part === undefined) return true;
    if (!part.includes("<")) return existsSync(join(dir, part)) && walk(join(dir, part), more);
    const pattern = new RegExp(`^${part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/<[^>]+>/g, ".+")}$`);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    return readdirSync(dir).some((name) => pattern.test(name) && walk(join(dir, name), more));
  };
  return walk(ROOT, parts);
}

/** The folders directly inside `dir` (the rooms it holds). */
/** The folders of `dir` that hold a file (git keeps no empty folder: one left by a move is no room). */
function rooms(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`)
    .filter((room) =>
      readdirSync(join(ROOT, room), { recursive: true, withFileTypes: true }).some((e) => e.isFile()),
    );
}

describe("docs/architecture.md against the tree", () => {
  it("every src/, mock/ and tests/ path it writes exists", () => {
    const paths = pathsOnPage(PAGE);
    // The page is a map of the house: it names many places (a guard against a pattern that reads none).
    expect(paths.length).toBeGreaterThan(60);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it("reads paths as a reader does: one that is missing is reported, with its placeholder resolved", () => {
    const page =
      "See `src/pricing/catalog.ts`, `src/resources/<family>/requests-that-never-were.ts` and src/core/http/transport.ts.";
    const paths = pathsOnPage(page);
    expect(paths).toEqual([
      "src/core/http/transport.ts",
      "src/pricing/catalog.ts",
      "src/resources/<family>/requests-that-never-were.ts",
    ]);
    expect(paths.filter((path) => !exists(path))).toEqual([
      "src/pricing/catalog.ts",
      "src/resources/<family>/requests-that-never-were.ts",
    ]);
    expect(exists("src/resources/<family>/")).toBe(true);
    expect(exists("tests/types/<family>.test-d.ts")).toBe(true);
  });

  it("names every rule lint enforces from .dependency-cruiser.cjs", () => {
    const config = createRequire(import.meta.url)(join(ROOT, ".dependency-cruiser.cjs")) as {
      forbidden: Array<{ name: string }>;
    };
    const names = config.forbidden.map((rule) => rule.name);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !PAGE.includes(`\`${name}\``))).toEqual([]);
  });

  it("draws every room: each folder of src/, src/core/ and mock/", () => {
    const all = [...rooms("src"), ...rooms("src/core"), ...rooms("mock")];
    expect(all).toContain("src/core/shared");
    expect(all.filter((room) => !PAGE.includes(`${room}/`))).toEqual([]);
  });

  it("the new-family row lists exactly the files scripts/new-family.mjs touches (tests/new-family.test.ts runs it)", () => {
    const row = PAGE.split("\n").find((line) => line.startsWith("| a new family "))!;
    const listed = [...row.matchAll(/(?<![\w./<>-])(?:src|mock|tests|docs)\/[\w./<>-]*[\w>]/g)]
      .map((match) => match[0].replaceAll("<family>", "vidc"))
      .filter((path) => !path.endsWith("/") && !path.endsWith("vidc")); // the folder itself
    const touched = execFileSync(
      process.execPath,
      [join(ROOT, "scripts/new-family.mjs"), "vidc", "--dry-run"],
      {
        encoding: "utf8",
      },
    );
    expect(listed.length).toBeGreaterThan(12);
    expect([...new Set(listed)].sort()).toEqual(touched.trim().split("\n").sort());
  });
});
