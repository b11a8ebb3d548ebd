/**
 * The tarball npm would publish: what a user installs, and nothing of the repository besides. It
 * lists the built dist/: `npm run test:first-hour` builds it and runs this (not `npm test`, which
 * needs no build).
 */
import { spawnSync } from "node:child_process";
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

  it("carries the licence, the README, the guides and every entry the exports map names", () => {
    for (const file of [
      "LICENSE",
      "README.md",
      "package.json",
      "docs/models.md",
      "docs/client.md",
      "dist/index.js",
      "dist/index.d.ts",
      ...["chat", "images", "audio", "videos", "vidgen", "musicgen"].flatMap((family) => [
        `dist/${family}.js`,
        `dist/${family}.d.ts`,
      ]),
      "dist/testing/index.js",
      "dist/testing/msw.js",
      "dist/node/index.js",
      "dist/otel/index.js",
      "dist/otel/index.d.ts",
      "dist/cli/main.js",
    ]) {
      expect(files).toContain(file);
    }
  });

  it("leaves the repository's sources, tests and tooling out", () => {
    const stray = files.filter((f) => /^(src|tests|bench|matrix|scripts|examples|\.ci|docs\/api)\//.test(f));
    expect(stray).toEqual([]);
  });
});
