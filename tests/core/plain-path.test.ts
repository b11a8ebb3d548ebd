/**
 * Pay only for what you use: a plain call (no budget, onCost, middleware, fallback,
 * OTel) runs none of their code, and a plain chat client's bundle carries no money. Counted, not
 * timed: V8's per-function call counts over one call (in a child process of its own, see
 * fixtures/plain-call-child.ts), and esbuild's import graph of the chat entry.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { runNode } from "../support/child.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHILD = fileURLToPath(new URL("./fixtures/plain-call-child.ts", import.meta.url));

type Ran = Record<string, string[]>;

async function runChild(): Promise<{ control: Ran; plainCall: Ran; plainStream: Ran }> {
  // tsx, not a bundle: the call counts are read per source file.
  const { code, stdout, stderr } = await runNode(["--import", "tsx", CHILD], 30_000);
  if (code !== 0) throw new Error(`child exited ${code}: ${stderr}`);
  return JSON.parse(stdout.trim().split("\n").at(-1)!);
}

/** The functions of the transport's money glue that only a metered call (or a cost read) runs. */
const METERING: Record<string, string[]> = {
  "src/core/http/transport.ts": ["askMoney"],
  "src/core/http/billing.ts": ["ask", "metered", "#attempt", "price", "final", "#sized"],
};

/**
 * The request path, step by step: the named methods a plain call runs, in the order it runs them
 * (docs/architecture.md, core/http), and the one branch each step takes to its feature instead.
 */
const PLAIN_STEPS: Record<string, string[]> = {
  "src/core/http/transport.ts": [
    "jsonOrStream",
    "call",
    "#operate",
    "usesFeature",
    "#try",
    "#plain",
    "#build",
    "#promise",
  ],
  "src/core/http/attempts.ts": ["send", "#attempt", "#request"],
};
const FEATURE_STEPS: Record<string, string[]> = {
  "src/core/http/attempts.ts": ["#trackedExchange", "#fetchFollowing"],
};

/**
 * The one exception to "a plain call runs no money code" (DESIGN.md, "Pay only for what you use"),
 * and the only change to this test's expectations since then: a billed call's model and what its
 * answer says it used are counted in the client's ledger, so that `gw.costs` counts every call from
 * the client's first (its cost per call is measured in docs/benchmarks.md). These are the functions
 * that recording runs; no other function of these files may run on the plain path.
 */
const RECORDING: Record<string, string[]> = {
  "src/core/http/ledger.ts": ["add"],
  "src/core/http/units.ts": ["unitsOf", "meteredParams", "tokenUnits", "usedTokens"],
  "src/core/http/usage.ts": ["count", "normalizeUsage", "has", "minus"],
  "src/core/http/delivered.ts": ["streamUnits"],
};

/** The feature code a call may run: what a plain call must not. */
function featureCode(ran: Ran): string[] {
  const found: string[] = [];
  for (const [file, names] of Object.entries(ran)) {
    const own = names.filter((name) => name !== "__name"); // the module's name helper (tsx)
    if (own.length === 0) continue;
    // Money is src/money (and was src/core/money and src/pricing before it had a room of its own).
    if (/^src\/(money|core\/money|pricing|otel)\//.test(file) || file === "src/core/http/middleware.ts") {
      found.push(`${file}: ${own.join(", ")}`);
    }
    // A call that uses a feature (featured.ts), and its fallback loop.
    if (file === "src/core/http/featured.ts" || file === "src/core/http/fallback.ts") {
      found.push(`${file}: ${own.join(", ")}`);
    }
    // The transport's side of money: a billed call's metered try, and asking for money.
    const metering = METERING[file];
    if (metering) for (const name of own) if (metering.includes(name)) found.push(`${file}: ${name}`);
    // The ledger's recording, and nothing more of its files.
    const recording = RECORDING[file];
    if (recording) for (const name of own) if (!recording.includes(name)) found.push(`${file}: ${name}`);
  }
  return found;
}

/** Whether the call was counted in the ledger: the recording ran. */
const recorded = (ran: Ran) => ran["src/core/http/ledger.ts"]?.includes("add") === true;

describe("the plain path", () => {
  let ran: { control: Ran; plainCall: Ran; plainStream: Ran };
  beforeAll(async () => {
    ran = await runChild();
  }, 40_000);

  it("sees the features where a call uses them: money, middleware (OTel) and fallback all ran", () => {
    const found = featureCode(ran.control).join("\n");
    expect(found).toMatch(/src\/money\/metering\.ts/);
    expect(found).toMatch(/src\/money\/budget\.ts: .*reserve/);
    expect(found).toMatch(/src\/otel\/index\.ts/);
    expect(found).toMatch(/src\/core\/http\/middleware\.ts: .*runChain/);
    expect(found).toMatch(/src\/core\/http\/fallback\.ts: .*fallBack/);
    expect(found).toMatch(/src\/core\/http\/featured\.ts: featured/);
    expect(found).toMatch(/src\/core\/http\/billing\.ts: .*metered/);
  });

  it("a feature's call takes its branch: the tracked exchange runs for the client with middleware", () => {
    expect(ran.control["src/core/http/attempts.ts"]).toContain("#trackedExchange");
    expect(ran.control["src/core/http/billing.ts"]).toContain("metered");
  });

  it("the request path is named methods: a plain call runs each step, and none of a feature's", () => {
    for (const [file, steps] of Object.entries(PLAIN_STEPS)) {
      expect(ran.plainCall[file], file).toEqual(expect.arrayContaining(steps));
    }
    for (const [file, steps] of Object.entries(FEATURE_STEPS)) {
      expect(
        (ran.plainCall[file] ?? []).filter((name) => steps.includes(name)),
        file,
      ).toEqual([]);
    }
  });

  it("a plain call runs no money, middleware, fallback or OTel code: only its count in the ledger", () => {
    expect(Object.keys(ran.plainCall)).toContain("src/core/http/attempts.ts");
    expect(recorded(ran.plainCall)).toBe(true);
    expect(featureCode(ran.plainCall)).toEqual([]);
  });

  it("fetchOptions cost a plain call nothing: no fetch options are merged, only Node's clock-free dispatcher runs", () => {
    const fetching = ran.plainCall["src/core/http/runtime-fetch.ts"] ?? [];
    expect(fetching).toContain("dispatch");
    expect(fetching.filter((name) => name === "merged" || name === "clockFree")).toEqual([]);
  });

  it("a plain stream runs none either: counted at its end, priced only if its cost is read", () => {
    expect(Object.keys(ran.plainStream)).toContain("src/core/streams/sse.ts");
    expect(recorded(ran.plainStream)).toBe(true);
    expect(featureCode(ran.plainStream)).toEqual([]);
  });
});

describe("the money room is a dynamic import", () => {
  it("the chat entry's static import graph holds no file of src/money: it loads where it is first needed", async () => {
    const result = await build({
      stdin: {
        contents: `import ChatClient from "./src/entries/chat.ts";
export const go = (apiKey) => new ChatClient({ apiKey, baseURL: "http://x" }).chat.completions.create({ model: "m", messages: [] });`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      outdir: "out",
      write: false,
      metafile: true,
      logLevel: "silent",
      external: ["zod", "zod/*"],
    });
    const outputs = result.metafile.outputs;
    const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint !== undefined)!;
    // The entry and what it imports statically: what a page loads before the first call.
    const loaded = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const { path, kind, external } of outputs[file]!.imports) {
        if (kind === "import-statement" && !external) visit(path);
      }
    };
    visit(entry);
    const inputs = [...loaded].flatMap((file) => Object.keys(outputs[file]!.inputs));
    expect(inputs.some((input) => input.startsWith("src/core/http/transport.ts"))).toBe(true);
    expect(inputs.filter((input) => input.startsWith("src/money/"))).toEqual([]);
    // ... and the money is there, behind the dynamic import.
    const lazy = Object.keys(outputs).filter((file) => !loaded.has(file) && file.endsWith(".js"));
    const later = lazy.flatMap((file) => Object.keys(outputs[file]!.inputs));
    expect(later).toContain("src/money/metering.ts");
  });
});
