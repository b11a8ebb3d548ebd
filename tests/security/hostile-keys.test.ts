/**
 * Key leaks and log forging against a hostile gateway: a redirect whose
 * Location echoes the key (in the query, or in a host name that URL parsing lower-cases), a failed
 * task whose reason and record echo it, a rotating apiKey(), gateway text written to the logger;
 * and a tool whose error text holds the key, sent back to the model (D24 of the third review).
 */
import { format, inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, GenwayError, TaskFailedError } from "../../src/index.js";
import { answering, callingTool, serving } from "../support/index.js";

const SECRET = "AbCdEfGh0123IjKlMn4567OpQr";
const KEY = `sk-${SECRET}`;
const hello = { model: "gpt-4o", messages: [{ role: "user" as const, content: "hi" }] };

/** Any 12 characters of the secret, in any letter case. */
function leaked(text: string): string | undefined {
  const lower = text.toLowerCase();
  for (let i = 0; i + 12 <= SECRET.length; i++) {
    const piece = SECRET.slice(i, i + 12).toLowerCase();
    if (lower.includes(piece)) return piece;
  }
  return undefined;
}

function faces(error: unknown): string[] {
  const e = error as Error & { cause?: unknown };
  const cause = e.cause as { input?: unknown; cause?: unknown } | undefined;
  return [
    e.message,
    String(e),
    String(e.stack),
    JSON.stringify(e),
    inspect(e, { depth: Number.POSITIVE_INFINITY }),
    format("%o %O %s", e, e, e),
    inspect(e.cause, { depth: 6 }),
    String((e.cause as Error | undefined)?.message),
    String((e.cause as Error | undefined)?.stack),
    String(cause?.input),
    inspect(cause?.cause, { depth: 6 }),
    JSON.stringify((e as { reason?: unknown }).reason ?? null),
    JSON.stringify((e as { snapshot?: unknown }).snapshot ?? null),
    inspect((e as { snapshot?: unknown }).snapshot, { depth: 10 }),
  ];
}

function expectNoLeak(error: unknown) {
  expect(error).toBeInstanceOf(GenwayError);
  for (const face of faces(error)) expect(leaked(face), face).toBeUndefined();
}

const redirect = (location: string) => new Response(null, { status: 302, headers: { location } });

describe("a redirect whose Location echoes the key", () => {
  it.each([
    ["in another origin's host name (lower-cased by URL)", `http://${KEY}.evil.test/x`],
    ["in a Location that is no URL (cause.input)", `http://[${KEY}/x`],
    ["in the query of a same-origin Location that then fails", `/next?key=${KEY}`],
  ])("%s: no face of the error shows it", async (_, location) => {
    const { gw } = serving(
      (url, _init, n) => {
        if (n === 1) return redirect(location);
        throw Object.assign(new TypeError(`fetch failed for ${url}`), {
          input: url,
          cause: new Error(`connect to ${url}`),
        });
      },
      { apiKey: KEY },
    );
    const error = await gw.chat.completions.create(hello).catch((e: unknown) => e);
    expectNoLeak(error);
  });
});

describe("a failed task echoing the key", () => {
  const failed = (reason: string) =>
    new Response(
      JSON.stringify({
        code: "success",
        data: { task_id: "a", status: "FAILURE", fail_reason: reason, data: [{ prompt: `token ${KEY}` }] },
      }),
      { headers: { "content-type": "application/json" } },
    );

  it("reason, snapshot, message and inspect are redacted", async () => {
    const { gw } = serving(() => failed(`upstream said Bearer ${KEY} and ${KEY.toUpperCase()}`), {
      apiKey: KEY,
    });
    const error = await gw.musicgen.wait("a", { interval: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TaskFailedError);
    expectNoLeak(error);
  });

  it("the message is bounded", async () => {
    const { gw } = serving(() => failed("x".repeat(100_000)), { apiKey: KEY });
    const error = (await gw.musicgen.wait("a", { interval: 1 }).catch((e: unknown) => e)) as TaskFailedError;
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.message.length).toBeLessThan(1100);
  });
});

describe("a rotating apiKey()", () => {
  it("remembers only the current and the previous token", async () => {
    let n = 0;
    const tokens: string[] = [];
    const { gw } = serving(
      () =>
        new Response(JSON.stringify({ id: "c", choices: [] }), {
          headers: { "content-type": "application/json" },
        }),
      {
        apiKey: () => {
          const token = `sk-rotating-${String(n++).padStart(6, "0")}-zzzz`;
          tokens.push(token);
          return token;
        },
      },
    );
    for (let i = 0; i < 50; i++) await gw.chat.completions.create(hello);
    // What the SDK prints is scrubbed of the latest two tokens, the ones a request may still carry;
    // the 48 before them are forgotten, so a rotating key does not grow what every message is
    // scrubbed against (docs/client.md, Authentication).
    const scrubbed = tokens.filter((token) => !new GenwayError(`echo ${token}`).message.includes(token));
    expect(tokens).toHaveLength(50);
    expect(scrubbed).toEqual(tokens.slice(-2));
  });
});

describe("gateway text written to the logger", () => {
  it("cannot forge lines or send terminal escapes", async () => {
    const lines: string[] = [];
    const logger = {
      error: (m: string) => lines.push(m),
      warn: (m: string) => lines.push(m),
      info: (m: string) => lines.push(m),
      debug() {},
    };
    const { gw } = serving(
      (_, __, n) =>
        n === 1
          ? new Response(
              JSON.stringify({
                error: { message: "busy\n[genway] FORGED all is well\r\u001b[2K\u001b[31mred\u0007\u2028" },
              }),
              {
                status: 500,
                headers: { "content-type": "application/json" },
              },
            )
          : new Response(JSON.stringify({ id: "c", choices: [] }), {
              headers: { "content-type": "application/json" },
            }),
      { maxRetries: 1, logLevel: "info", logger },
    );
    await gw.chat.completions.create(hello);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      expect(line).toContain("FORGED"); // still readable, escaped
    }
  });
});

describe("a tool's error text sent to the model", () => {
  it("D24: has the client's key (and any bearer token) removed, the rest kept", async () => {
    const proxy = defineTool({
      name: "proxy",
      parameters: z.object({}),
      run: () => {
        throw new Error(`upstream rejected Authorization: Bearer ${KEY} (key ${KEY.toUpperCase()})`);
      },
    });
    const { gw, sent } = answering(callingTool("proxy"), { apiKey: KEY });
    const runner = gw.chat.completions.runTools({
      model: "m",
      messages: hello.messages,
      tools: [proxy],
      maxSteps: 2,
    });
    await runner.done();
    const toolMessage = (
      sent[1]!.body as { messages: Array<{ role: string; content: string }> }
    ).messages.find((m) => m.role === "tool")!;
    expect(toolMessage.content).toBe(
      "Error: upstream rejected Authorization: Bearer [REDACTED] (key [REDACTED])",
    );
    expect(leaked(JSON.stringify(sent))).toBeUndefined();
  });
});
