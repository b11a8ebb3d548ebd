/**
 * The fault matrix: every family's representative call against every fault the mock
 * gateway can inject over a real loopback socket. Each cell must end in one of two ways: retried and
 * succeeded with a complete result, or one specific typed error. Never a hang (a hard deadline), never
 * an untyped error, never a second paid submission once the first reached the server (the mock counts
 * what it received).
 *
 * `UPDATE_RELIABILITY_DOC=1 npx vitest run tests/reliability` also writes the measured table into
 * docs/reliability.md between the fault-matrix markers; a normal run only asserts.
 */
import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { errorBody } from "../../mock/envelopes.js";
import {
  createMockGateway,
  type Envelope,
  type Fault,
  type MockGateway,
  type MockServer,
} from "../../mock/index.js";
import Genway, {
  APIConnectionError,
  APITimeoutError,
  IncompleteStreamError,
  InternalServerError,
  isGenwayError,
  MalformedResponseError,
  RateLimitError,
  ServiceUnavailableError,
  TaskTimeoutError,
  UpstreamTimeoutError,
} from "../../src/index.js";
import { quickRetries } from "../support/index.js";

/**
 * The client every cell uses: two retries, and clocks far beyond what a healthy loopback answer
 * takes on a loaded machine, so that only a fault can run them out. The rows that test a clock
 * shorten that one clock (`clocks` below) and make their fault outlast it for good (a stall that
 * never ends), so the verdict depends on which comes first, never on how busy the CPU is.
 */
const CLIENT = {
  maxRetries: 2,
  timeout: 5000,
  idleTimeout: 5000,
  maxRetryAfter: 1000,
  ...quickRetries,
} as const;
/** The clock a clock row shortens: long enough for a healthy retry under load, far below a stall. */
const SHORT_CLOCK_MS = 1000;
/** A cell still running after this long is a hang. */
const DEADLINE_MS = 15_000;
/** The music wait's own timeout: what ends it when every poll fails. */
const WAIT_TIMEOUT_MS = 4000;
/** Cells run this many at a time (they mostly wait on clocks, not on the CPU). */
const CONCURRENCY = 12;
const DOC = fileURLToPath(new URL("../../docs/reliability.md", import.meta.url));
const START = "<!-- fault-matrix:start -->";
const END = "<!-- fault-matrix:end -->";

// ---------------------------------------------------------------------------------------------
// Calls: one representative call per family, performed fully (stream read to its end, task waited).

type Policy = "idempotent" | "paid";
/** What the faulted response carries: a JSON body, an SSE stream, or binary bytes. */
type Body = "json" | "sse" | "binary";

interface Call {
  name: string;
  policy: Policy;
  body: Body;
  /** The envelope the gateway answers this route's errors in. */
  envelope: Envelope;
  /** The requests faults hit and that are counted (e.g. the paid submission, the task poll). */
  match: RegExp;
  /** A valid stream that stops before its end marker (SSE calls whose format has one). */
  unfinished?: string;
  /** Work done before the fault is armed (a submission whose wait is the call under test). */
  prepare?(gw: Genway): Promise<string>;
  /** Performs the call fully; throws {@link Incomplete} when a "success" is not the whole result. */
  run(gw: Genway, prepared: string | undefined): Promise<void>;
}

/** A call that resolved, but with less than the whole result: a silent failure. */
class Incomplete extends Error {}
function complete(condition: unknown, what: string): void {
  if (!condition) throw new Incomplete(what);
}

const hello = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "hi" }] };
const named = (payload: { type: string }) => `event: ${payload.type}\ndata: ${JSON.stringify(payload)}\n\n`;

const CALLS: Call[] = [
  {
    name: "chat",
    policy: "idempotent",
    body: "json",
    envelope: "openai",
    match: /^\/v1\/chat\/completions$/,
    async run(gw) {
      const completion = await gw.chat.completions.create(hello);
      complete(completion.choices[0]?.message.content && completion.choices[0].finish_reason, "no content");
    },
  },
  {
    name: "chat stream",
    policy: "idempotent",
    body: "sse",
    envelope: "openai",
    match: /^\/v1\/chat\/completions$/,
    // Content chunks, then the body ends: no finish reason, no `[DONE]`.
    unfinished: ["Hello", " from"]
      .map(
        (content) =>
          `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
      )
      .join(""),
    async run(gw) {
      const stream = await gw.chat.completions.create({ ...hello, stream: true });
      const completion = await stream.finalCompletion();
      complete(completion.choices[0]?.finish_reason === "stop", "the stream ended without a finish_reason");
    },
  },
  {
    name: "messages stream",
    policy: "idempotent",
    body: "sse",
    envelope: "anthropic",
    match: /^\/v1\/messages$/,
    unfinished:
      named({
        type: "message_start",
        message: {
          id: "msg_t",
          type: "message",
          role: "assistant",
          model: "claude-sonnet-4-6",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 3, output_tokens: 1 },
        },
      } as { type: string }) +
      named({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } } as {
        type: string;
      }) +
      named({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello" } } as {
        type: string;
      }),
    async run(gw) {
      const stream = await gw.messages.create({
        model: "claude-sonnet-4-6",
        max_tokens: 256,
        messages: hello.messages,
        stream: true,
      });
      const message = await stream.finalMessage();
      complete(message.stop_reason === "end_turn", "the stream ended without a stop_reason");
    },
  },
  {
    name: "image generation",
    policy: "paid",
    body: "json",
    envelope: "openai",
    match: /^\/v1\/images\/generations$/,
    async run(gw) {
      const images = await gw.images.generate({ prompt: "a lighthouse at dawn", n: 1, size: "256x256" });
      complete(images.data[0]?.url, "no image");
    },
  },
  {
    name: "speech",
    policy: "paid",
    body: "binary",
    envelope: "openai",
    match: /^\/v1\/audio\/speech$/,
    async run(gw) {
      const audio = await gw.audio.speech.create({ model: "tts-1", voice: "nova", input: "Hello there" });
      const bytes = await audio.arrayBuffer();
      complete(bytes.byteLength > 60_000, `only ${bytes.byteLength} bytes of audio`);
    },
  },
  {
    name: "video submission",
    policy: "paid",
    body: "json",
    envelope: "openai",
    match: /^\/v2\/videos\/generations$/,
    async run(gw) {
      const task = await gw.videos.create({ model: "vidA-2.5", prompt: "A paper boat on a rainy street" });
      const video = await task.wait({ interval: 10 });
      complete(video.result?.output, "no video url");
    },
  },
  {
    name: "music wait",
    policy: "idempotent",
    body: "json",
    envelope: "musicgen",
    match: /^\/musicgen\/fetch/,
    async prepare(gw) {
      const task = await gw.musicgen.submit.music({
        prompt: "[Verse]\nla",
        title: "T",
        tags: "pop",
        mv: "chirp-v4",
      });
      return task.id;
    },
    async run(gw, id) {
      // A wait rides out transient failures until its own timeout: short here.
      const song = await gw.musicgen.wait(id!, { interval: 10, timeout: WAIT_TIMEOUT_MS });
      complete(
        song.status === "succeeded" && Array.isArray(song.result) && song.result.length > 0,
        "no clips",
      );
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Faults, each with the outcome every call must end in.

type ErrorClass = abstract new (...args: never[]) => Error;
type Expected =
  | { ok: true; requests: number; attempts?: number }
  | {
      error: ErrorClass;
      code?: number | string;
      phase?: "response" | "idle";
      notSent?: boolean;
      requests: number;
      attempts?: number;
    };

interface Cell {
  mock: MockGateway;
  server: MockServer;
  call: Call;
  /** Sends every later request to a port certain to refuse (see "connection refused"). */
  refuse(): void;
}

interface FaultCase {
  name: string;
  /** The clocks this row tests, shortened for its cells (the others keep CLIENT's). */
  clocks?: { timeout?: number; idleTimeout?: number };
  /** Why the fault cannot happen to this call, if it cannot. */
  na?(call: Call): string | undefined;
  arm(cell: Cell): void | Promise<void>;
  expect(call: Call): Expected;
}

const retried: Expected = { ok: true, requests: 2 };
const once = (
  error: ErrorClass,
  extra: Omit<Extract<Expected, { error: ErrorClass }>, "error" | "requests"> = {},
): Expected => ({
  error,
  requests: 1,
  ...extra,
});
/** Idempotent calls retry and succeed; a paid one gets `paid` (the submission is never repeated). */
const retriedUnlessPaid = (paid: Expected) => (call: Call) => (call.policy === "paid" ? paid : retried);

const inject = (fault: Fault) => (cell: Cell) => {
  cell.mock.inject({ match: cell.call.match, ...fault });
};

const notJsonStream =
  "the mock writes a JSON answer in one piece (a stall before it is the headers-that-never-come row)";
const sseOnly = (call: Call) =>
  call.body === "sse"
    ? undefined
    : call.body === "json"
      ? "a JSON answer has no SSE framing"
      : "a binary body has no SSE framing";

const ENVELOPES: Array<[Envelope, string]> = [
  ["openai", "OpenAI"],
  ["anthropic", "Messages"],
  ["vidgen", "vidgen"],
  ["musicgen", "musicgen"],
];

const CODES: Array<{ label: string; fault: Fault; expect: (call: Call) => Expected }> = [
  { label: "10011", fault: { code: 10011 }, expect: () => retried },
  { label: "10012", fault: { code: 10012 }, expect: () => retried },
  {
    label: "10013",
    fault: { code: 10013 },
    expect: retriedUnlessPaid(once(RateLimitError, { code: 10013 })),
  },
  {
    label: "10014",
    fault: { code: 10014 },
    expect: retriedUnlessPaid(once(InternalServerError, { code: 10014 })),
  },
  {
    label: "10020",
    fault: { code: 10020 },
    expect: retriedUnlessPaid(once(ServiceUnavailableError, { code: 10020 })),
  },
  { label: "10020 + Retry-After 0.2 s", fault: { code: 10020, retryAfter: 0.2 }, expect: () => retried },
  { label: "10021", fault: { code: 10021 }, expect: () => once(ServiceUnavailableError, { code: 10021 }) },
];

const FAULTS: FaultCase[] = [
  {
    name: "connection refused (closed port)",
    // Port 2 on loopback: a privileged port nothing listens on (and not on fetch's blocked-port
    // list, unlike 1), so it refuses every time; the mock's own port, once closed, could be taken
    // by another test's server.
    arm: (cell) => cell.refuse(),
    // Certainly not sent, so even a paid call retries; the port stays closed, so it ends in the
    // error. A wait keeps polling through it until its own timeout.
    expect: (call) =>
      call.name === "music wait"
        ? { error: TaskTimeoutError, requests: 0 }
        : { error: APIConnectionError, notSent: true, requests: 0, attempts: 3 },
  },
  {
    name: "reset before headers",
    arm: inject({ reset: "before-headers" }),
    expect: retriedUnlessPaid(once(APIConnectionError, { notSent: false })),
  },
  {
    name: "reset mid-body",
    // A JSON answer is one write: its body is cut right after the headers instead.
    arm: (cell) => inject(cell.call.body === "json" ? { reset: "after-headers" } : { cutAfter: 2 })(cell),
    // Once a stream or an audio body has started, the call has resolved: nothing can be retried.
    expect: (call) =>
      call.body === "json" ? retriedUnlessPaid(once(APIConnectionError))(call) : once(APIConnectionError),
  },
  {
    name: "headers that never come (`timeout` 1 s)",
    clocks: { timeout: SHORT_CLOCK_MS },
    // Held past the deadline: only the response clock can end the attempt.
    arm: inject({ delayMs: 2 * DEADLINE_MS, passThrough: true }),
    expect: retriedUnlessPaid(once(APITimeoutError, { phase: "response" })),
  },
  {
    name: "stall mid-stream (`idleTimeout` 1 s)",
    clocks: { idleTimeout: SHORT_CLOCK_MS },
    na: (call) => (call.body === "json" ? notJsonStream : undefined),
    arm: inject({ stallAfter: 2 }),
    expect: () => once(APITimeoutError, { phase: "idle" }),
  },
  {
    name: "429 + Retry-After 0.2 s",
    arm: inject({ status: 429, retryAfter: 0.2 }),
    expect: () => retried,
  },
  {
    name: "429 + Retry-After 1 h (> `maxRetryAfter`)",
    arm: inject({ status: 429, retryAfter: 3600 }),
    // A wait asked to pause past its own timeout ends at once with TaskTimeoutError.
    expect: (call) => (call.name === "music wait" ? once(TaskTimeoutError) : once(RateLimitError)),
  },
  { name: "500", arm: inject({ status: 500 }), expect: retriedUnlessPaid(once(InternalServerError)) },
  { name: "502", arm: inject({ status: 502 }), expect: retriedUnlessPaid(once(InternalServerError)) },
  { name: "503", arm: inject({ status: 503 }), expect: retriedUnlessPaid(once(ServiceUnavailableError)) },
  { name: "504", arm: inject({ status: 504 }), expect: retriedUnlessPaid(once(UpstreamTimeoutError)) },
  ...CODES.flatMap(({ label, fault, expect }) =>
    ENVELOPES.map(
      ([envelope, shown]): FaultCase => ({
        name: `${label} · ${shown} envelope`,
        arm: inject({ ...fault, envelope }),
        expect,
      }),
    ),
  ),
  {
    name: "200 with an error envelope (10014)",
    arm: (cell) =>
      inject({
        status: 200,
        body: JSON.stringify(
          errorBody(
            cell.call.envelope,
            { status: 500, code: 10014, message: "Internal system error" },
            "mock-req-0",
          ),
        ),
      })(cell),
    // Nothing has been handed to the caller yet (a stream resolves on its first event's headers,
    // and this answer is not a stream), so the idempotent calls retry.
    expect: retriedUnlessPaid(once(InternalServerError, { code: 10014 })),
  },
  {
    name: "malformed JSON",
    arm: (cell) =>
      inject(
        cell.call.body === "sse"
          ? { body: 'data: {"id": "broken", "choices": [\n\n', contentType: "text/event-stream" }
          : { body: '{"id": "broken", "data": [', contentType: "application/json" },
      )(cell),
    // A wait polls again: an unusable answer is transient for a free query.
    expect: (call) => (call.name === "music wait" ? retried : once(MalformedResponseError)),
  },
  {
    name: "truncated SSE (ends inside an event)",
    na: sseOnly,
    arm: inject({ truncateAfter: 2 }),
    expect: () => once(MalformedResponseError),
  },
  {
    name: "truncated SSE (ends between events, no end marker)",
    na: sseOnly,
    arm: (cell) => inject({ body: cell.call.unfinished!, contentType: "text/event-stream" })(cell),
    // The connection closed normally: the answer was cut upstream, not by the network.
    expect: () => once(IncompleteStreamError),
  },
  {
    name: "oversized SSE line (> 8 MiB)",
    na: sseOnly,
    arm: inject({ oversizedEvent: true }),
    expect: () => once(MalformedResponseError),
  },
];

// ---------------------------------------------------------------------------------------------
// Running a cell.

interface Result {
  call: string;
  fault: string;
  verdict: "pass" | "fail" | "n/a";
  /** What the table shows. */
  label: string;
  /** Why it failed, or why it does not apply. */
  detail: string;
}

async function runCell(call: Call, fault: FaultCase): Promise<Result> {
  const base = { call: call.name, fault: fault.name };
  const reason = fault.na?.(call);
  if (reason) return { ...base, verdict: "n/a", label: "n/a", detail: reason };

  const expected = fault.expect(call);
  const mock = createMockGateway({ taskSteps: 1 });
  const server = await mock.listen();
  let attempts = 0;
  let refused = false;
  const gw = new Genway({
    apiKey: mock.apiKey,
    baseURL: server.url,
    logLevel: "off",
    ...CLIENT,
    ...fault.clocks,
    fetch: (input, init) => {
      const url = new URL(String(input));
      if (call.match.test(url.pathname)) attempts++;
      if (refused) url.port = "2";
      return fetch(url, init);
    },
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const prepared = await call.prepare?.(gw);
    await fault.arm({
      mock,
      server,
      call,
      refuse: () => {
        refused = true;
      },
    });
    const outcome = await Promise.race([
      call.run(gw, prepared).then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ error }),
      ),
      new Promise<{ hang: true }>((resolve) => {
        timer = setTimeout(() => resolve({ hang: true }), DEADLINE_MS);
      }),
    ]);
    const requests = mock.requests.filter((request) => call.match.test(request.path)).length;
    // A fault that no request took proves nothing: the cell would pass on a healthy gateway.
    const problem =
      mock.faults.pending > 0
        ? "the fault was never triggered"
        : judge(outcome, expected, requests, attempts);
    const label = "ok" in expected ? "retried ✓" : `\`${expected.error.name}\` ✓`;
    return problem
      ? { ...base, verdict: "fail", label: `✗ ${problem}`, detail: problem }
      : { ...base, verdict: "pass", label, detail: "" };
  } finally {
    clearTimeout(timer);
    await server.close();
  }
}

/** What is wrong with an outcome, or undefined when it is the expected one. */
function judge(
  outcome: { ok: true } | { error: unknown } | { hang: true },
  expected: Expected,
  requests: number,
  attempts: number,
): string | undefined {
  if ("hang" in outcome) return `hang (no outcome in ${DEADLINE_MS / 1000} s)`;
  const counts = `${requests} request(s) received, ${attempts} attempt(s)`;
  if ("ok" in outcome) {
    if (!("ok" in expected)) return `succeeded, expected ${expected.error.name} (${counts})`;
  } else {
    const error = outcome.error;
    if (error instanceof Incomplete) return `incomplete result returned as success: ${error.message}`;
    if (!isGenwayError(error))
      return `untyped ${(error as Error)?.name ?? typeof error}: ${(error as Error)?.message}`;
    const name = (error as Error).name;
    if ("ok" in expected)
      return `${name} (${shorten((error as Error).message)}), expected a retried success (${counts})`;
    if (name !== expected.error.name)
      return `${name} (${shorten((error as Error).message)}), expected ${expected.error.name}`;
    const fields = error as unknown as { code?: unknown; phase?: unknown; notSent?: unknown };
    if (expected.code !== undefined && fields.code !== expected.code)
      return `${name} with code ${String(fields.code)}, expected ${expected.code}`;
    if (expected.phase !== undefined && fields.phase !== expected.phase)
      return `${name} phase ${String(fields.phase)}, expected ${expected.phase}`;
    if (expected.notSent !== undefined && fields.notSent !== expected.notSent)
      return `${name} notSent ${String(fields.notSent)}, expected ${expected.notSent}`;
  }
  if (requests !== expected.requests) return `${counts}, expected ${expected.requests} request(s)`;
  if (expected.attempts !== undefined && attempts !== expected.attempts)
    return `${counts}, expected ${expected.attempts} attempt(s)`;
  return undefined;
}

const shorten = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

async function runAll(): Promise<Result[]> {
  const cells = FAULTS.flatMap((fault) => CALLS.map((call) => ({ call, fault })));
  const results: Result[] = new Array(cells.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < cells.length; i = next++) {
      const { call, fault } = cells[i]!;
      results[i] = await runCell(call, fault).catch((error: unknown) => ({
        call: call.name,
        fault: fault.name,
        verdict: "fail" as const,
        label: "✗ harness error",
        detail: `harness error: ${String(error)}`,
      }));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// The table in docs/reliability.md.

function table(results: Result[]): string {
  const applicable = results.filter((r) => r.verdict !== "n/a");
  const survived = applicable.filter((r) => r.verdict === "pass").length;
  const cell = (fault: string, call: string) => results.find((r) => r.fault === fault && r.call === call)!;
  const lines = [
    `**${survived} / ${applicable.length} injected faults survived** (${results.length - applicable.length} cells n/a).`,
    "",
    `| fault | ${CALLS.map((c) => `${c.name} (${c.policy})`).join(" | ")} |`,
    `|---|${CALLS.map(() => "---").join("|")}|`,
    ...FAULTS.map((f) => `| ${f.name} | ${CALLS.map((c) => cell(f.name, c.name).label).join(" | ")} |`),
    "",
    "Not applicable:",
    "",
  ];
  const reasons = new Map<string, { fault: string; detail: string; calls: string[] }>();
  for (const r of results.filter((x) => x.verdict === "n/a")) {
    const key = `${r.fault}\n${r.detail}`;
    if (!reasons.has(key)) reasons.set(key, { fault: r.fault, detail: r.detail, calls: [] });
    reasons.get(key)!.calls.push(r.call);
  }
  for (const { fault, detail, calls } of reasons.values())
    lines.push(`- ${fault} — ${calls.join(", ")}: ${detail}.`);
  return lines.join("\n");
}

const SECTION_INTRO = `## Fault matrix

Measured by \`tests/reliability/fault-matrix.test.ts\`: each family's representative call against each
fault the mock gateway injects on a real loopback socket, with a fresh mock and client per cell
(\`maxRetries: 2\`, \`maxRetryAfter\` 1000 ms, \`timeout\` and \`idleTimeout\` 5 s, which only a fault can
run out on a loaded machine; the two rows that test a clock set it to 1 s against a stall that never
ends) and a 15 s deadline (past it, the cell is a hang). A cell passes when the call ends in the outcome written in the test:
*retried ✓* (it was retried and returned the whole result: a finished stream, all the audio, a
succeeded task) or the named typed error ✓, and the mock received exactly the expected number of
requests, so a paid submission (image generation, speech, video) that reached the gateway was never
sent twice. Paid calls retry only what the gateway certainly turned away (a refused connection,
429 / 10011 / 10012, 10020 with Retry-After); a stream that has started is never retried. The music
wait is faulted on its polls (\`/musicgen/fetch\`), the video submission on its \`POST\`.
Regenerate with \`UPDATE_RELIABILITY_DOC=1 npx vitest run tests/reliability\`.

`;

async function writeDoc(results: Result[]): Promise<void> {
  const block = `${START}\n${table(results)}\n${END}`;
  const doc = await readFile(DOC, "utf8").catch(() => "# Reliability\n");
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  const next =
    start >= 0 && end > start
      ? doc.slice(0, start) + block + doc.slice(end + END.length)
      : `${doc.trimEnd()}\n\n${SECTION_INTRO}${block}\n`;
  await writeFile(DOC, next);
}

// ---------------------------------------------------------------------------------------------

describe("fault matrix", () => {
  let results: Result[] = [];

  beforeAll(async () => {
    results = await runAll();
    if (process.env.UPDATE_RELIABILITY_DOC === "1") await writeDoc(results);
  }, 120_000);

  for (const fault of FAULTS) {
    describe(fault.name, () => {
      for (const call of CALLS) {
        if (fault.na?.(call)) continue; // listed as n/a with its reason in the table
        it(`${call.name} (${call.policy})`, () => {
          const result = results.find((r) => r.fault === fault.name && r.call === call.name);
          expect(result?.verdict, result?.detail).toBe("pass");
        });
      }
    });
  }

  it("gives every inapplicable cell a reason", () => {
    const na = results.filter((r) => r.verdict === "n/a");
    expect(na.length).toBeGreaterThan(0);
    for (const r of na) expect(r.detail.length, `${r.fault} / ${r.call}`).toBeGreaterThan(10);
  });
});
