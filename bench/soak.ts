/**
 * Soak: thousands of chats (mostly streamed) against the mock gateway on loopback, each with a random
 * fault (resets before headers and mid-body, 5xx, 429 with a short or a too-long Retry-After, stalls
 * under a small idleTimeout, slow headers, error events inside the stream, aborts, malformed bodies).
 * Counts outcomes (success, each typed error, untyped errors, hangs: the last two must stay 0),
 * checks every outcome is one its scenario allows, and measures heap and active handles before and
 * after (after a GC when run with --expose-gc).
 *
 *   SOAK_N=5000 node --expose-gc --import tsx bench/soak.ts
 *   (SOAK_CONCURRENCY=32, SOAK_SEED=1, SOAK_HANG_MS=15000)
 *
 * tests/soak/soak.test.ts runs a short form in CI. To soak another operation (the lead adds task
 * waits here), push a Scenario onto SCENARIOS: a name, a weight, the outcomes it may end in, and
 * `run`, which arms its faults on its own mock (each worker has one, so faults never cross) and
 * makes the call.
 */
import { pathToFileURL } from "node:url";
import { createMockGateway, type MockGateway, type MockServer } from "../mock/index.js";
import Genway, { isGenwayError } from "../src/index.js";

export interface SoakContext {
  /** A client on this worker's own mock, retries on (maxRetries 2), long default clocks. */
  gw: Genway;
  /** This worker's mock: faults armed here are met by this worker's next request only. */
  mock: MockGateway;
  random: () => number;
  /** Aborted by the hang watchdog; pass it to calls so a hung call is torn down. */
  signal: AbortSignal;
}

export interface Scenario {
  name: string;
  /** Relative frequency. */
  weight: number;
  /** Outcomes this scenario may end in: "ok" or an error class name. */
  expect: readonly string[];
  run(context: SoakContext): Promise<unknown>;
}

const hello = {
  model: "gpt-4o-mini",
  messages: [{ role: "user" as const, content: "Tell me about soak tests" }],
};

async function readStream(context: SoakContext, options: object = {}, content?: string): Promise<string> {
  const messages = content ? [{ role: "user" as const, content }] : hello.messages;
  const stream = await context.gw.chat.completions.create(
    { ...hello, messages, stream: true },
    { signal: context.signal, ...options },
  );
  let text = "";
  for await (const delta of stream.text()) text += delta;
  return text;
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** The scenarios, each a fault and a call. Add new ones here (see the header). */
export const SCENARIOS: Scenario[] = [
  { name: "stream ok", weight: 6, expect: ["ok"], run: (c) => readStream(c) },
  {
    name: "json ok",
    weight: 2,
    expect: ["ok"],
    run: (c) => c.gw.chat.completions.create(hello, { signal: c.signal }),
  },
  {
    name: "reset before headers (retried)",
    weight: 2,
    expect: ["ok"],
    run: (c) => {
      c.mock.inject({ reset: "before-headers" });
      return readStream(c);
    },
  },
  {
    name: "reset mid-stream",
    weight: 2,
    expect: ["APIConnectionError"],
    run: (c) => {
      c.mock.inject({ cutAfter: 1 + Math.floor(c.random() * 4) });
      return readStream(c);
    },
  },
  {
    name: "5xx, retried until it passes or retries run out",
    weight: 3,
    expect: ["ok", "InternalServerError", "ServiceUnavailableError", "UpstreamTimeoutError"],
    run: (c) => {
      const status = pick(c.random, [500, 502, 503, 504]);
      c.mock.inject({ status, retryAfterMs: 5, times: 1 + Math.floor(c.random() * 3) });
      return readStream(c);
    },
  },
  {
    name: "gateway code 10014 / 10012 (retried)",
    weight: 1,
    expect: ["ok"],
    run: (c) => {
      c.mock.inject({ code: pick(c.random, [10014, 10012]), retryAfterMs: 5 });
      return readStream(c);
    },
  },
  {
    name: "429 with a short retry-after (retried)",
    weight: 2,
    expect: ["ok"],
    run: (c) => {
      c.mock.inject({ status: 429, retryAfterMs: 10 + Math.floor(c.random() * 40) });
      return readStream(c);
    },
  },
  {
    name: "429 asking for an hour (returned at once)",
    weight: 1,
    expect: ["RateLimitError"],
    run: (c) => {
      c.mock.inject({ status: 429, retryAfter: 3600 });
      return readStream(c);
    },
  },
  {
    name: "stall mid-stream, idleTimeout 150 ms",
    weight: 2,
    expect: ["APITimeoutError"],
    run: (c) => {
      c.mock.inject({ stallAfter: 1 + Math.floor(c.random() * 3) });
      return readStream(c, { idleTimeout: 150 });
    },
  },
  {
    // Headers held until the call is torn down, and a response clock that a healthy retry beats
    // even on a loaded machine: the outcome depends on which comes first, not on the CPU.
    name: "headers that never come, timeout 1 s (retried)",
    weight: 1,
    expect: ["ok"],
    run: (c) => {
      c.mock.inject({ delayMs: 10 * 60_000, passThrough: true });
      return readStream(c, { timeout: 1000 });
    },
  },
  {
    name: "error event inside the stream",
    weight: 2,
    expect: ["RateLimitError", "InternalServerError", "ServiceUnavailableError", "PermissionDeniedError"],
    run: (c) =>
      readStream(
        c,
        {},
        `${pick(c.random, ["[error:rate_limit]", "[error:server]", "[error]", "[error:quota]"])} hi`,
      ),
  },
  {
    name: "caller aborts mid-stream",
    weight: 1,
    expect: ["APIUserAbortError"],
    run: async (c) => {
      const controller = new AbortController();
      const stream = await c.gw.chat.completions.create(
        { ...hello, stream: true },
        { signal: AbortSignal.any([controller.signal, c.signal]) },
      );
      let seen = 0;
      for await (const _ of stream) if (++seen === 2) controller.abort();
    },
  },
  {
    name: "break out of the loop",
    weight: 1,
    expect: ["ok"],
    run: async (c) => {
      const stream = await c.gw.chat.completions.create({ ...hello, stream: true }, { signal: c.signal });
      for await (const _ of stream) break;
      if (!stream.controller.signal.aborted) throw new Error("break did not close the request");
    },
  },
  {
    name: "malformed JSON body",
    weight: 1,
    expect: ["MalformedResponseError"],
    run: (c) => {
      c.mock.inject({ body: '{"id": "chatcmpl-x", "choices": [', status: 200 });
      return c.gw.chat.completions.create(hello, { signal: c.signal });
    },
  },
  {
    name: "wrong key",
    weight: 1,
    expect: ["AuthenticationError"],
    run: (c) => {
      c.mock.inject({ code: 10001 });
      return readStream(c);
    },
  },
];

export interface SoakOptions {
  n: number;
  concurrency?: number;
  seed?: number;
  /** A call still pending after this long is a hang. */
  hangMs?: number;
  scenarios?: Scenario[];
  /** Warm-up calls before the "before" measurement (JIT, sockets, lazy imports). */
  warmup?: number;
  /** The clients' `retryDelay` (ms); the short form in CI backs off from 5 ms, the long form as users do. */
  retryDelay?: number;
}

export interface SoakReport {
  n: number;
  concurrency: number;
  ms: number;
  /** scenario -> outcome -> count */
  outcomes: Record<string, Record<string, number>>;
  totals: { ok: number; typed: number; untyped: number; hangs: number; unexpected: number };
  /** Examples of untyped errors, hangs and unexpected outcomes, for the report. */
  problems: string[];
  heap: { beforeMB: number; afterMB: number; gc: boolean };
  /** Active resources (process.getActiveResourcesInfo) by type. */
  handles: {
    /** Before any server was started. */
    start: Record<string, number>;
    /** Servers up, after the warm-up. */
    before: Record<string, number>;
    /** Right after the last call, servers still up (pooled keep-alive sockets may show). */
    after: Record<string, number>;
    /** After the servers closed: must equal `start`. */
    end: Record<string, number>;
  };
}

/** Deterministic PRNG (mulberry32), so a failing run can be replayed with its seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function resources(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of process.getActiveResourcesInfo()) out[name] = (out[name] ?? 0) + 1;
  return out;
}

async function settle(): Promise<void> {
  // Let closed sockets and cancelled bodies finish their callbacks, then collect garbage (when we
  // may) several times: fetch releases some per-request state through finalizers, which needs
  // more than one GC cycle and a turn of the event loop in between.
  const gc = (globalThis as { gc?: () => void }).gc;
  for (let i = 0; i < (gc ? 5 : 2); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc?.();
  }
}

const heapMB = () => Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10;

export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const { n, concurrency = 32, seed = 1, hangMs = 15_000, scenarios = SCENARIOS, warmup = 64 } = options;
  const random = prng(seed);
  const totalWeight = scenarios.reduce((sum, s) => sum + s.weight, 0);
  const choose = () => {
    let r = random() * totalWeight;
    for (const s of scenarios) if ((r -= s.weight) < 0) return s;
    return scenarios.at(-1)!;
  };

  await settle();
  const start = resources();
  const workers: Array<{ mock: MockGateway; server: MockServer; gw: Genway }> = [];
  for (let i = 0; i < Math.min(concurrency, n); i++) {
    const mock = createMockGateway();
    const server = await mock.listen();
    const gw = new Genway({
      apiKey: mock.apiKey,
      baseURL: server.url,
      maxRetries: 2,
      timeout: 10_000,
      idleTimeout: 10_000,
      maxRetryAfter: 1_000,
      ...(options.retryDelay === undefined ? {} : { retryDelay: options.retryDelay }),
      logLevel: "off",
    });
    workers.push({ mock, server, gw });
  }

  const outcomes: Record<string, Record<string, number>> = {};
  const totals = { ok: 0, typed: 0, untyped: 0, hangs: 0, unexpected: 0 };
  const problems: string[] = [];

  async function one(worker: (typeof workers)[number], scenario: Scenario, count: boolean): Promise<void> {
    const watchdog = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hang = new Promise<"hang">((resolve) => {
      timer = setTimeout(() => resolve("hang"), hangMs);
    });
    const context: SoakContext = { gw: worker.gw, mock: worker.mock, random, signal: watchdog.signal };
    let outcome: string;
    try {
      const result = await Promise.race([scenario.run(context).then(() => "ok" as const), hang]);
      outcome = result;
    } catch (error) {
      outcome = isGenwayError(error) ? error.name : `untyped ${(error as Error)?.name ?? typeof error}`;
      if (!isGenwayError(error) && problems.length < 20) problems.push(`${scenario.name}: ${String(error)}`);
    } finally {
      clearTimeout(timer);
    }
    if (outcome === "hang") {
      watchdog.abort();
      if (problems.length < 20) problems.push(`${scenario.name}: still pending after ${hangMs} ms`);
    }
    worker.mock.faults.clear(); // a fault the call never reached must not hit the next scenario
    worker.mock.requests.length = 0; // the mock's log is not the client's memory
    if (!count) return;
    const row = (outcomes[scenario.name] ??= {});
    row[outcome] = (row[outcome] ?? 0) + 1;
    if (outcome === "hang") totals.hangs++;
    else if (outcome.startsWith("untyped")) totals.untyped++;
    else if (outcome === "ok") totals.ok++;
    else totals.typed++;
    if (outcome !== "hang" && !outcome.startsWith("untyped") && !scenario.expect.includes(outcome)) {
      totals.unexpected++;
      if (problems.length < 20) problems.push(`${scenario.name}: unexpected ${outcome}`);
    }
  }

  async function drive(total: number, count: boolean): Promise<void> {
    let next = 0;
    await Promise.all(
      workers.map(async (worker) => {
        while (next < total) {
          next++;
          await one(worker, choose(), count);
        }
      }),
    );
  }

  await drive(Math.min(warmup, n), false);
  await settle();
  const heapBefore = heapMB();
  const before = resources();
  const started = Date.now();
  await drive(n, true);
  const ms = Date.now() - started;
  await settle();
  const heapAfter = heapMB();
  const after = resources();
  await Promise.all(workers.map((w) => w.server.close()));
  await settle();
  const end = resources();

  return {
    n,
    concurrency: workers.length,
    ms,
    outcomes,
    totals,
    problems,
    heap: {
      beforeMB: heapBefore,
      afterMB: heapAfter,
      gc: typeof (globalThis as { gc?: unknown }).gc === "function",
    },
    handles: { start, before, after, end },
  };
}

/** The report as plain-text tables. */
export function formatReport(report: SoakReport): string {
  const lines: string[] = [];
  const { totals } = report;
  lines.push(
    `soak: ${report.n} calls, ${report.concurrency} at a time, ${(report.ms / 1000).toFixed(1)} s (${Math.round((report.n / report.ms) * 1000)} calls/s)`,
    "",
    "| scenario | outcomes |",
    "|---|---|",
  );
  for (const [name, row] of Object.entries(report.outcomes).sort()) {
    const cells = Object.entries(row)
      .sort((a, b) => b[1] - a[1])
      .map(([outcome, count]) => `${outcome} ${count}`)
      .join(", ");
    lines.push(`| ${name} | ${cells} |`);
  }
  lines.push(
    "",
    "| ok | typed errors | untyped errors | hangs | outside the scenario's expected outcomes |",
    "|---|---|---|---|---|",
    `| ${totals.ok} | ${totals.typed} | ${totals.untyped} | ${totals.hangs} | ${totals.unexpected} |`,
    "",
    `| heap used before | heap used after | GC before measuring |`,
    "|---|---|---|",
    `| ${report.heap.beforeMB} MB | ${report.heap.afterMB} MB | ${report.heap.gc ? "yes" : "no (run with --expose-gc)"} |`,
    "",
    "| active resources | at start | servers up, before | servers up, after | servers closed |",
    "|---|---|---|---|---|",
  );
  const { start, before, after, end } = report.handles;
  const kinds = [
    ...new Set([...Object.keys(start), ...Object.keys(before), ...Object.keys(after), ...Object.keys(end)]),
  ].sort();
  for (const kind of kinds) {
    lines.push(
      `| ${kind} | ${start[kind] ?? 0} | ${before[kind] ?? 0} | ${after[kind] ?? 0} | ${end[kind] ?? 0} |`,
    );
  }
  if (report.problems.length) lines.push("", "problems:", ...report.problems.map((p) => `- ${p}`));
  return lines.join("\n");
}

async function main(): Promise<void> {
  const report = await runSoak({
    n: Number(process.env.SOAK_N ?? 5000),
    concurrency: Number(process.env.SOAK_CONCURRENCY ?? 32),
    seed: Number(process.env.SOAK_SEED ?? 1),
    hangMs: Number(process.env.SOAK_HANG_MS ?? 15_000),
  });
  console.log(formatReport(report));
  const { untyped, hangs, unexpected } = report.totals;
  if (untyped || hangs || unexpected) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
