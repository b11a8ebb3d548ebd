/**
 * docs/errors.md is the one list of genway's errors: every error class an entry of
 * the package exports is listed there under its own parent, and nothing is listed that no entry
 * exports. The entries are read from package.json's exports map, so a new subpath is checked too.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SERVICE_CODES, SYSTEM_CODES } from "../../src/core/errors/codes.js";
import tsup from "../../tsup.config.js";

const ROOT = join(import.meta.dirname, "../..");

/** Every `./subpath` of the exports map with the source file its build comes from. */
async function entries(): Promise<Array<{ subpath: string; source: string }>> {
  const pkg = JSON.parse(await readFile(join(ROOT, "package.json"), "utf8"));
  const sources: Record<string, string> = tsup.entry;
  const out: Array<{ subpath: string; source: string }> = [];
  for (const [subpath, target] of Object.entries<string | { import: { default: string } }>(pkg.exports)) {
    if (typeof target === "string") continue; // ./package.json
    const file = target.import.default; // the ESM build; the CommonJS one is built from the same entry
    const built = file.replace(/^\.\/dist\//, "").replace(/\.js$/, "");
    const source = sources[built];
    if (!source) throw new Error(`${subpath}: ${file} is no tsup entry`);
    out.push({ subpath, source });
  }
  return out;
}

/** Error classes exported by the package: name -> the name of the class it extends. */
async function exported(): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const { source } of await entries()) {
    const module: Record<string, unknown> = await import(join(ROOT, source));
    for (const [name, value] of Object.entries(module)) {
      if (name === "default" || typeof value !== "function") continue;
      if (!(value.prototype instanceof Error)) continue;
      found.set(name, Object.getPrototypeOf(value).name);
    }
  }
  return found;
}

/** The rows of docs/errors.md's table: class -> its parent and its "thrown when" cell, as written. */
async function table(): Promise<Map<string, { parent: string; when: string }>> {
  const page = await readFile(join(ROOT, "docs/errors.md"), "utf8");
  const rows = new Map<string, { parent: string; when: string }>();
  for (const line of page.split("\n")) {
    const row = /^\|\s*`(\w+)`\s*\|\s*`(\w+)`\s*\|([^|]*)\|/.exec(line);
    if (!row) continue;
    if (rows.has(row[1]!)) throw new Error(`docs/errors.md lists ${row[1]} twice`);
    rows.set(row[1]!, { parent: row[2]!, when: row[3]! });
  }
  return rows;
}

async function listed(): Promise<Map<string, string>> {
  return new Map([...(await table())].map(([name, { parent }]) => [name, parent]));
}

/** The gateway's system and service codes (5 and 6 digits) a text names, in order. */
const codesIn = (text: string) => [...text.matchAll(/\b\d{5,6}\b/g)].map((match) => Number(match[0])).sort();

describe("docs/errors.md, the one list of errors", () => {
  it("lists every exported error class under its own parent, and no class the package does not export", async () => {
    const [inCode, inDocs] = await Promise.all([exported(), listed()]);
    expect(inCode.size).toBeGreaterThan(20);
    const sorted = (map: Map<string, string>) =>
      Object.fromEntries([...map].sort(([a], [b]) => a.localeCompare(b)));
    expect(sorted(inDocs)).toEqual(sorted(inCode));
  });

  it("reads every entry of the exports map", async () => {
    const subpaths = (await entries()).map((entry) => entry.subpath);
    expect(subpaths).toContain(".");
    expect(subpaths).toContain("./chat");
    expect(subpaths).toContain("./queue");
  });

  it("names, in each class's row, exactly the spec's system and service codes that the code table makes that class", async () => {
    const rows = await table();
    const byClass = new Map<string, number[]>();
    for (const [code, info] of Object.entries({ ...SYSTEM_CODES, ...SERVICE_CODES })) {
      byClass.set(info.error.name, [...(byClass.get(info.error.name) ?? []), Number(code)]);
    }
    expect(byClass.size).toBeGreaterThan(5);
    const named = Object.fromEntries(
      [...rows]
        .map(([name, { when }]) => [name, codesIn(when)] as const)
        .filter(([, codes]) => codes.length > 0),
    );
    const inTable = Object.fromEntries([...byClass].map(([name, codes]) => [name, codes.sort()]));
    expect(named).toEqual(inTable);
  });
});
