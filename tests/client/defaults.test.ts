/**
 * One place per default: DEFAULTS (src/core/shared/defaults.ts) is what the code uses. Everything
 * else that states a default is read here and held to it: the `@default` tag of every option (a
 * per-call option's says "the client's `x`" and states no number), docs/client.md's "Defaults"
 * table and its opening example, the wait table of docs/tasks.md and the tool loop's `maxSteps` in
 * docs/tools.md, numbers in parentheses ("(10 min)") included. Each test lists every mismatch it
 * finds, not just the first.
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
const DEFAULT = leaves(DEFAULTS);

/** A literal as the docs and tags write it: `600_000`, `2 000`, `"strict"`, `false`, `30 min`; undefined for prose. */
function literal(text: string): unknown {
  const value = text.trim();
  const [first] = quantities(value);
  if (first && first.at === 0) return first.value;
  const token = value.split(/\s/)[0] ?? "";
  if (/^"[^"]*"$/.test(token) || token === "true" || token === "false") return JSON.parse(token);
  return undefined;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, KiB: 1024, MiB: 1024 * 1024 };

/** Every number a text states, in the option's own unit (ms, bytes): `600_000`, `2 000`, `10 min`, `128 MiB`. */
function quantities(text: string): Array<{ value: number; at: number; text: string }> {
  const out: Array<{ value: number; at: number; text: string }> = [];
  for (const match of text.matchAll(
    /(?<![\w.])(\d{1,3}(?:[_ ]\d{3})+|\d+(?:\.\d+)?)(?:\s?(ms|s|min|KiB|MiB)\b)?/g,
  )) {
    const number = Number(match[1]!.replace(/[_ ]/g, ""));
    out.push({ value: number * (UNITS[match[2] ?? "ms"] ?? 1), at: match.index, text: match[0] });
  }
  return out;
}

/** The numbers a text states in parentheses: "(10 min)", "(128 MiB)", "(30 min; docs/tasks.md)". */
const inParentheses = (text: string) =>
  [...text.matchAll(/\(([^)]*)\)/g)].flatMap((group) => quantities(group[1]!.split(";")[0]!));

/** One place that states a default: where, for which DEFAULTS path, and what it says. */
interface Statement {
  where: string;
  path: string;
  says: unknown;
}

/** What disagrees with DEFAULTS, one line each. */
function mismatches(statements: Statement[]): string[] {
  return statements
    .filter(({ path, says }) => !DEFAULT.has(path) || DEFAULT.get(path) !== says)
    .map(({ where, path, says }) =>
      DEFAULT.has(path)
        ? `${where}: says ${JSON.stringify(says)}, DEFAULTS.${path} is ${JSON.stringify(DEFAULT.get(path))}`
        : `${where}: ${path} is in no DEFAULTS`,
    );
}

/** The rows of a Markdown table whose header has a `default` column: option names -> that cell, and the row. */
function tables(page: string): Array<{ names: string[]; cell: string; row: string[] }> {
  const rows: Array<{ names: string[]; cell: string; row: string[] }> = [];
  let column = -1;
  for (const line of page.split("\n")) {
    if (!line.startsWith("|")) {
      column = -1;
      continue;
    }
    const cells = line.split("|").map((cell) => cell.trim());
    if (column < 0) {
      column = cells.indexOf("default");
      continue;
    }
    const names = [...(cells[1] ?? "").matchAll(/`([\w.]+)`/g)].map((name) => name[1]!);
    if (names.length === 0) continue; // the separator line
    rows.push({ names, cell: cells[column]!.replaceAll("`", ""), row: cells });
  }
  return rows;
}

/** The pages that state defaults, and the part of DEFAULTS their option names are in. */
const PAGES = { "docs/client.md": "", "docs/tasks.md": "wait.", "docs/tools.md": "runTools." } as const;

async function read(page: string): Promise<string> {
  return readFile(join(ROOT, page), "utf8");
}

/** Every default the docs state in a table, in parentheses of that row, or as "`name` (default N)" / "name: N, // default N". */
async function statedInDocs(): Promise<Statement[]> {
  const out: Statement[] = [];
  for (const [page, prefix] of Object.entries(PAGES)) {
    const text = await read(page);
    for (const { names, cell, row } of tables(text)) {
      const says = literal(cell);
      for (const name of names) {
        const path = name.includes(".") ? name : `${prefix}${name}`;
        if (says !== undefined) out.push({ where: `${page}, the row of ${name}`, path, says });
        for (const q of inParentheses(row.slice(2).join(" | "))) {
          out.push({ where: `${page}, the row of ${name}: "(${q.text})"`, path, says: q.value });
        }
      }
    }
    for (const match of text.matchAll(/`?(\w+)`?\*{0,2}:? [^\n]{0,12}?\(?(?:\/\/ )?default (\d[^)\n,;]*)/g)) {
      if (DEFAULT.has(`${prefix}${match[1]}`))
        out.push({ where: `${page}: "${match[0]}"`, path: `${prefix}${match[1]}`, says: literal(match[2]!) });
    }
  }
  return out;
}

let read_: Map<string, Map<string, string | undefined>> | undefined;

/** Every optional option of the public options types, with its `@default` tag (undefined: none). */
function tags(): Map<string, Map<string, string | undefined>> {
  read_ ??= readTags();
  return read_;
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
  for (const name of [...Object.keys(OWN), ...PER_CALL]) {
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

/** The options types that own their defaults, and where in DEFAULTS those are. */
const OWN = { GenwayOptions: "", WaitOptions: "wait.", RunnerOptions: "runTools.", BudgetOptions: "budget." };
/** The options of one call or download: each default is the client's option of the same name. */
const PER_CALL = ["RequestOptions", "DownloadConfig"];

describe("DEFAULTS, the docs and the @default tags say the same", () => {
  it("docs/client.md's Defaults table gives every default DEFAULTS holds", async () => {
    const rows = tables(await read("docs/client.md")).flatMap(({ names, cell }) =>
      names.map((name) => [name, cell] as const),
    );
    expect(DEFAULT.size).toBeGreaterThan(10);
    const given = new Map(rows.filter(([, cell]) => literal(cell) !== undefined));
    expect([...DEFAULT.keys()].filter((path) => !given.has(path))).toEqual([]);
  });

  it('every default the docs state (tables, their parentheses, "default N") is DEFAULTS\' value', async () => {
    const statements = await statedInDocs();
    // A guard against a reader that reads nothing: the client's table, the wait's, maxSteps.
    expect(statements.length).toBeGreaterThan(25);
    expect(new Set(statements.map(({ where }) => where.split(",")[0]!.split(":")[0]))).toEqual(
      new Set(Object.keys(PAGES)),
    );
    expect(mismatches(statements)).toEqual([]);
  });

  it("docs/client.md's opening example sets no option to its default (the table states them)", async () => {
    const page = await read("docs/client.md");
    const example = /```ts\n([\s\S]*?)```/.exec(page)![1]!;
    const restated = [...example.matchAll(/^\s+(\w+): ([^,\n]+),/gm)]
      .filter(([, name, value]) => DEFAULT.has(name!) && literal(value!) === DEFAULT.get(name!))
      .map(([line]) => line.trim());
    expect(restated).toEqual([]);
  });

  it("every optional option of the client, a call, a wait, a download, a tool loop and a budget has a @default tag", () => {
    const untagged = [...tags()].flatMap(([type, members]) =>
      [...members].filter(([, tag]) => tag === undefined).map(([name]) => `${type}.${name}`),
    );
    expect(untagged).toEqual([]);
  });

  it("each tag of an option DEFAULTS holds shows DEFAULTS' value, its parentheses too", () => {
    const statements: Statement[] = [];
    for (const [type, prefix] of Object.entries(OWN)) {
      for (const [name, tag] of tags().get(type)!) {
        const path = `${prefix}${name}`;
        if (!DEFAULT.has(path)) continue; // an object of options (budget), or an option with no default value
        // logLevel's default comes after the environment's: "env GENWAY_LOG, else "warn"".
        const text = tag!.replace(/^env \w+, else /, "");
        statements.push({ where: `${type}.${name}: @default ${tag}`, path, says: literal(text) });
        for (const q of inParentheses(text)) {
          statements.push({ where: `${type}.${name}: @default ${tag}`, path, says: q.value });
        }
      }
    }
    expect(statements.length).toBeGreaterThanOrEqual(17);
    expect(mismatches(statements)).toEqual([]);
  });

  it("a per-call option's tag names the client's option and restates no number", () => {
    const client = tags().get("GenwayOptions")!;
    const wrong: string[] = [];
    let read = 0;
    for (const type of PER_CALL) {
      for (const [name, tag] of tags().get(type)!) {
        const named = /the client's `(\w+)`/.exec(tag!)?.[1];
        if (named !== undefined) read++;
        if (named !== undefined && !client.has(named))
          wrong.push(`${type}.${name}: no client option ${named}`);
        if (quantities(tag!).length > 0) wrong.push(`${type}.${name}: @default ${tag} states a number`);
      }
    }
    expect(read).toBeGreaterThanOrEqual(7);
    expect(wrong).toEqual([]);
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
