/**
 * One place per default (issue 30 item 4): DEFAULTS (src/core/shared/defaults.ts) is what the code
 * uses; docs/client.md's "Defaults" table and the `@default` tag of every option say the same.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { DEFAULTS } from "../../src/core/shared/defaults.js";
import Genway, { ValidationError } from "../../src/index.js";
import { rejection } from "../support/index.js";

const ROOT = join(import.meta.dirname, "../..");

/** DEFAULTS as dotted paths: `timeout`, `wait.interval` ... -> value. */
function leaves(value: object, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === "object" && inner !== null) {
      for (const [path, leaf] of leaves(inner, `${prefix}${key}.`)) out.set(path, leaf);
    } else out.set(`${prefix}${key}`, inner);
  }
  return out;
}

/** A literal as the docs and tags write it: `600_000`, `"strict"`, `false`; undefined for prose. */
function literal(text: string): unknown {
  const token = text.trim().split(/\s/)[0] ?? "";
  if (/^\d[\d_]*$/.test(token)) return Number(token.replaceAll("_", ""));
  if (/^"[^"]*"$/.test(token) || token === "true" || token === "false") return JSON.parse(token);
  return undefined;
}

/** The rows of docs/client.md's Defaults table: option -> its default cell. */
async function table(): Promise<Map<string, string>> {
  const page = await readFile(join(ROOT, "docs/client.md"), "utf8");
  const section = page.slice(
    page.indexOf("## Defaults"),
    page.indexOf("\n## ", page.indexOf("## Defaults") + 1),
  );
  const rows = new Map<string, string>();
  for (const line of section.split("\n")) {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1]?.startsWith("`")) continue;
    for (const name of cells[1].matchAll(/`([\w.]+)`/g)) rows.set(name[1]!, cells[2]!.replaceAll("`", ""));
  }
  return rows;
}

let read: Map<string, Map<string, string | undefined>> | undefined;

/** Every optional option of the public options types, with its `@default` tag (undefined: none). */
function tags(): Map<string, Map<string, string | undefined>> {
  read ??= readTags();
  return read;
}

function readTags(): Map<string, Map<string, string | undefined>> {
  const program = ts.createProgram([join(ROOT, "src/index.ts"), join(ROOT, "src/core/uploads/download.ts")], {
    strict: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const index = checker.getSymbolAtLocation(program.getSourceFile(join(ROOT, "src/index.ts"))!)!;
  const exports = new Map(checker.getExportsOfModule(index).map((symbol) => [symbol.name, symbol]));
  const out = new Map<string, Map<string, string | undefined>>();
  for (const name of [
    "GenwayOptions",
    "RequestOptions",
    "WaitOptions",
    "DownloadConfig",
    "RunnerOptions",
    "BudgetOptions",
  ]) {
    const symbol = exports.get(name);
    if (!symbol) throw new Error(`genway exports no ${name}`);
    const type = checker.getDeclaredTypeOfSymbol(checker.getAliasedSymbol(symbol));
    const members = new Map<string, string | undefined>();
    for (const property of checker.getPropertiesOfType(type)) {
      if (!(property.flags & ts.SymbolFlags.Optional)) continue; // required: no default to give
      const tag = property.getJsDocTags(checker).find((t) => t.name === "default");
      members.set(property.name, tag ? ts.displayPartsToString(tag.text) : undefined);
    }
    out.set(name, members);
  }
  return out;
}

describe("DEFAULTS, the docs and the @default tags say the same (issue 30 item 4)", () => {
  it("docs/client.md's Defaults table gives every default DEFAULTS holds, and no other value", async () => {
    const rows = await table();
    const inCode = leaves(DEFAULTS);
    expect(inCode.size).toBeGreaterThan(10);
    for (const [path, value] of inCode) {
      expect(rows.has(path), `docs/client.md has no row for ${path}`).toBe(true);
      expect(literal(rows.get(path)!), path).toEqual(value);
    }
    for (const [option, cell] of rows) {
      if (literal(cell) !== undefined)
        expect(inCode.has(option), `${option}: ${cell} is in no DEFAULTS`).toBe(true);
    }
  });

  it("every optional option of the client, a call, a wait, a download, a tool loop and a budget has a @default tag", () => {
    const untagged = [...tags()].flatMap(([type, members]) =>
      [...members].filter(([, tag]) => tag === undefined).map(([name]) => `${type}.${name}`),
    );
    expect(untagged).toEqual([]);
  });

  it("each tag of an option DEFAULTS holds shows DEFAULTS' value", () => {
    const all = tags();
    const where: Array<[string, string, object]> = [
      ["GenwayOptions", "", DEFAULTS],
      ["WaitOptions", "", DEFAULTS.wait],
      ["RunnerOptions", "", DEFAULTS.runTools],
      ["BudgetOptions", "", DEFAULTS.budget],
    ];
    let checked = 0;
    for (const [type, , defaults] of where) {
      for (const [name, tag] of all.get(type)!) {
        const value = (defaults as Record<string, unknown>)[name];
        // An option that is an object of options (budget) has its own type's tags.
        if (value === undefined || typeof value === "object") continue;
        // logLevel's default comes after the environment's: "env GENWAY_LOG, else "warn"".
        const shown = literal(tag!.replace(/^env \w+, else /, ""));
        expect(shown, `${type}.${name}: @default ${tag}`).toEqual(value);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15);
  });
});

describe("retryDelay: the backoff's first wait, a client option", () => {
  it("is checked where it is given: a negative or infinite delay is a ValidationError naming it", () => {
    for (const retryDelay of [-1, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(() => new Genway({ apiKey: "k", baseURL: "http://gateway.test", retryDelay })).toThrow(
        ValidationError,
      );
    }
    expect(() => new Genway({ apiKey: "k", baseURL: "http://gateway.test", retryDelay: -1 })).toThrow(
      /retryDelay/,
    );
  });

  it("the first retry waits retryDelay, each next twice as long, up to 16 times it (fake clock, no jitter)", async () => {
    vi.useFakeTimers();
    // Jitter takes up to 25% off each wait; with random() at 0 it takes nothing, so each wait is whole.
    vi.spyOn(Math, "random").mockReturnValue(0);
    onTestFinished(() => {
      vi.useRealTimers();
      vi.restoreAllMocks();
    });
    let attempts = 0;
    const gw = new Genway({
      apiKey: "k",
      baseURL: "http://gateway.test",
      logLevel: "off",
      maxRetries: 6,
      retryDelay: 1000,
      fetch: async () => {
        attempts++;
        return Response.json({ error: { message: "busy", type: "server_error" } }, { status: 503 });
      },
    });
    const call = rejection(
      gw.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(attempts).toBe(1);
    for (const [i, wait] of [1000, 2000, 4000, 8000, 16_000, 16_000].entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(attempts, `retry ${i + 1} came before ${wait} ms`).toBe(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts, `retry ${i + 1} did not come at ${wait} ms`).toBe(i + 2);
    }
    expect((await call).status).toBe(503);
  });

  it("without the option, the backoff starts at DEFAULTS.retryDelay (0.5 s)", async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let attempts = 0;
    const gw = new Genway({
      apiKey: "k",
      baseURL: "http://gateway.test",
      logLevel: "off",
      maxRetries: 1,
      fetch: async () => {
        attempts++;
        return Response.json({ error: { message: "busy", type: "server_error" } }, { status: 503 });
      },
    });
    const call = rejection(
      gw.chat.completions.create({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }] }),
    );
    await vi.advanceTimersByTimeAsync(DEFAULTS.retryDelay * 0.75 - 1);
    expect(attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(DEFAULTS.retryDelay * 0.25 + 1);
    expect(attempts).toBe(2);
    await call;
  });
});
