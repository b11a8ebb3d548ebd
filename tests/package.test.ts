/**
 * The tarball npm would publish: what a user installs, and nothing of the repository besides. It
 * lists the built dist/: `npm run test:first-hour` builds it and runs this (not `npm test`, which
 * needs no build).
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

describe("npm pack", () => {
  // --ignore-scripts: `npm run test:first-hour` has just built dist/; prepack would only build it again.
  const pack = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  const files: string[] =
    pack.status === 0 ? JSON.parse(pack.stdout)[0].files.map((f: { path: string }) => f.path) : [];

  it("packs", () => {
    expect(pack.status, pack.stderr).toBe(0);
  });

  it("carries the licence, the README, the guides and every file package.json names", () => {
    for (const file of ["LICENSE", "README.md", "package.json", "docs/models.md", "docs/client.md"]) {
      expect(files).toContain(file);
    }
    const named = namedFiles(JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")));
    expect(named.length).toBeGreaterThan(60);
    expect(named.filter((file) => !files.includes(file))).toEqual([]);
  });

  it("has the three builds of every entry: ESM (.js, .d.ts), its one-graph copy for Node (node-esm/.js) and CommonJS (.cjs, .d.cts)", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    for (const [subpath, target] of Object.entries<Conditions | string>(pkg.exports)) {
      if (typeof target === "string") continue; // ./package.json
      expect(Object.keys(target), subpath).toEqual(["import", "require"]);
      const built = (target.import as Conditions).default as string;
      // Key order is resolution order: types first, node before default.
      expect(Object.entries(target.import as Conditions), subpath).toEqual(
        Object.entries({
          types: built.replace(/\.js$/, ".d.ts"),
          node: built.replace(/^\.\/dist\//, "./dist/node-esm/"),
          default: built,
        }),
      );
      expect(target.require, subpath).toEqual({
        types: built.replace(/\.js$/, ".d.cts"),
        default: built.replace(/\.js$/, ".cjs"),
      });
    }
    expect(files).toContain("dist/cli/main.js"); // the command: ESM only
  });

  it("the CommonJS build loads its lazy chunks with require: no import() a CommonJS host may refuse", () => {
    const cjs = files.filter((file) => file.endsWith(".cjs"));
    expect(cjs.length).toBeGreaterThan(20);
    const withImport = cjs.filter((file) => /\bimport\(/.test(readFileSync(join(ROOT, file), "utf8")));
    expect(withImport).toEqual([]);
  });

  it("leaves the repository's sources, tests and tooling out, and its contributors' pages", () => {
    const stray = files.filter((f) => /^(src|tests|bench|matrix|scripts|\.ci|docs\/api)\//.test(f));
    expect(stray).toEqual([]);
    expect(files).not.toContain("docs/architecture.md");
    expect(files).not.toContain("CONTRIBUTING.md");
  });

  it("ships the examples the docs link, and the changelog", () => {
    const examples = readdirSync(join(ROOT, "examples"), { recursive: true })
      .map((f) => `examples/${String(f)}`)
      .filter((f) => f.endsWith(".ts"));
    expect(examples.length).toBeGreaterThan(10);
    for (const example of examples) expect(files).toContain(example);
    expect(files).toContain("CHANGELOG.md");
  });

  it("ships no source maps: a stack trace names dist/, which the package carries", () => {
    expect(files.filter((f) => f.endsWith(".map"))).toEqual([]);
    const pointing = files
      .filter((f) => /\.c?js$/.test(f))
      .filter((f) => /sourceMappingURL/.test(readFileSync(join(ROOT, f), "utf8")));
    expect(pointing).toEqual([]);
  });
});

type Conditions = { [condition: string]: Conditions | string };

/** Every file package.json points at: main, types, bin, the exports map and typesVersions. */
function namedFiles(pkg: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === "string") found.add(value.replace(/^\.\//, ""));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk([pkg.main, pkg.types, pkg.bin, pkg.exports, pkg.typesVersions]);
  return [...found];
}
