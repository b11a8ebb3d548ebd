/**
 * Options that used to break silently: a timeout above 2^31-1 ms fired after
 * 1 ms (the platform timer overflows); NaN or negative counts and delays, an infinite
 * maxRetryAfter were accepted. Every client, request and wait option is checked where it is given.
 * And those the third adversarial review found unchecked (D25): `fallback` given as a string,
 * `onCost` that is no function, a misspelt request option, a tool loop's `maxSteps`.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import Genway, {
  defineTool,
  type Middleware,
  type MiddlewareNext,
  type MiddlewareRequest,
  type TaskSnapshot,
  ValidationError,
} from "../../src/index.js";
import { serving, thrown } from "../support/index.js";

const hello = { model: "gpt-4o", messages: [{ role: "user" as const, content: "hi" }] };
const BIG = 2 ** 31 + 5;
const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));
const okJson = () =>
  new Response(JSON.stringify({ id: "c", object: "chat.completion", choices: [] }), {
    headers: { "content-type": "application/json" },
  });
const base = { apiKey: "sk-options-test-0000", baseURL: "http://gateway.test" };

describe("client options", () => {
  it.each([
    ["timeout", Number.NaN],
    ["timeout", -1],
    ["timeout", "10" as unknown as number],
    ["idleTimeout", Number.NaN],
    ["idleTimeout", -5],
    ["maxRetries", Number.NaN],
    ["maxRetries", -1],
    ["maxRetries", 1.5],
    ["maxRetries", Number.POSITIVE_INFINITY],
    ["maxRetryAfter", Number.POSITIVE_INFINITY],
    ["maxRetryAfter", Number.NaN],
    ["maxRetryAfter", -1],
  ])("%s: %s is refused at construction, naming the option", (name, value) => {
    let error: unknown;
    try {
      new Genway({ ...base, [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([name]);
  });

  it("a timeout above 2^31-1 ms does not fire after 1 ms", async () => {
    const { gw } = serving(() => later(50, okJson()), { timeout: BIG });
    await expect(gw.chat.completions.create(hello)).resolves.toMatchObject({ id: "c" });
  });

  it("an idleTimeout above 2^31-1 ms does not fire after 1 ms", async () => {
    const { gw } = serving(
      () => {
        const encoder = new TextEncoder();
        let step = 0;
        return new Response(
          new ReadableStream<Uint8Array>({
            async pull(controller) {
              step++;
              if (step === 1)
                controller.enqueue(
                  encoder.encode('data: {"id":"c","choices":[{"index":0,"delta":{"content":"a"}}]}\n\n'),
                );
              else if (step === 2) {
                await later(60, null);
                controller.enqueue(
                  encoder.encode(
                    'data: {"id":"c","choices":[{"index":0,"delta":{"content":"b"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n',
                  ),
                );
              } else controller.close();
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        );
      },
      { idleTimeout: BIG },
    );
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    await expect(stream.finalContent()).resolves.toBe("ab");
  });

  it("Infinity stays allowed for timeout and idleTimeout (no clock)", () => {
    expect(
      () => new Genway({ ...base, timeout: Number.POSITIVE_INFINITY, idleTimeout: Number.POSITIVE_INFINITY }),
    ).not.toThrow();
  });
});

describe("request options", () => {
  it.each([
    ["maxRetries", Number.NaN],
    ["maxRetries", -2],
    ["timeout", Number.NaN],
    ["idleTimeout", -1],
  ])("%s: %s rejects the call, nothing sent", async (name, value) => {
    const { gw, calls } = serving(okJson);
    const error = await gw.chat.completions.create(hello, { [name]: value }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([name]);
    expect(calls).toHaveLength(0);
  });

  it("a per-call timeout above 2^31-1 ms does not fire after 1 ms", async () => {
    const { gw } = serving(() => later(50, okJson()));
    await expect(gw.chat.completions.create(hello, { timeout: BIG })).resolves.toMatchObject({ id: "c" });
  });
});

describe("D25: options the docs say are checked", () => {
  it("D25: fallback given as a string is a ValidationError, never spread into one-letter models", async () => {
    const { gw, calls } = serving(() => new Response('{"error":{"message":"no channel"}}', { status: 503 }));
    const error = await gw.chat.completions
      .create(hello, { fallback: "claude" as unknown as string[] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(
      'Invalid request options: fallback: must be a list, got "claude"',
    );
    expect(calls).toHaveLength(0);
  });

  it("D25: paidFallback that is not true or false is a ValidationError", async () => {
    const { gw, calls } = serving(okJson);
    const error = await gw.images
      .generate({ model: "dall-e-3", prompt: "p" }, { paidFallback: "yes" as unknown as boolean })
      .catch((e: unknown) => e);
    expect((error as ValidationError).issues).toEqual([
      { path: "paidFallback", rule: "invalid_option", message: 'must be true or false, got "yes"' },
    ]);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["onCost", "ledger"],
    ["fetch", "node-fetch"],
  ])("D25: %s that is not a function is refused at construction", (name, value) => {
    const error = (() => {
      try {
        new Genway({ ...base, [name]: value });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      { path: name, rule: "invalid_option", message: `must be a function, got "${value}"` },
    ]);
  });

  it("D25: a misspelt request option is a ValidationError naming it, before anything is sent", async () => {
    const { gw, calls } = serving(okJson);
    const controller = new AbortController();
    controller.abort();
    const error = await gw.chat.completions
      .create(hello, { sigal: controller.signal } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toMatchObject([{ path: "sigal", rule: "unknown_option" }]);
    expect((error as ValidationError).message).toContain("sigal: is not an option; did you mean `signal`?");
    expect(calls).toHaveLength(0);
  });

  const tool = defineTool({ name: "t", parameters: z.object({}), run: () => "x" });
  it.each([0, -1, Number.NaN, 2.5, "3" as unknown as number])(
    "D25: runTools with maxSteps %s is a ValidationError, nothing sent",
    (maxSteps) => {
      const { gw, calls } = serving(okJson);
      const error = (() => {
        try {
          gw.chat.completions.runTools({ model: "m", messages: hello.messages, tools: [tool], maxSteps });
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toMatchObject([{ path: "maxSteps", rule: "invalid_option" }]);
      expect(calls).toHaveLength(0);
    },
  );

  it("maxSteps may be Infinity (the model decides when to stop)", async () => {
    const { gw } = serving(() =>
      Response.json({ id: "c", choices: [{ index: 0, message: { role: "assistant", content: "done" } }] }),
    );
    const runner = gw.chat.completions.runTools({
      model: "m",
      messages: hello.messages,
      tools: [tool],
      maxSteps: Number.POSITIVE_INFINITY,
    });
    expect(await runner.finalContent()).toBe("done");
  });
});

describe("wait options", () => {
  /** A middleware with an onWait hook: its wait spreads the options. */
  const waitHooked: Middleware = Object.assign(
    (request: MiddlewareRequest, next: MiddlewareNext) => next(request),
    {
      onWait: (_: unknown, next: () => Promise<TaskSnapshot<unknown>>) => next(),
    },
  );
  const record = (status: string) =>
    new Response(JSON.stringify({ code: "success", data: { task_id: "a", status, data: [] } }), {
      headers: { "content-type": "application/json" },
    });

  it.each([
    ["interval", Number.NaN],
    ["interval", -1],
    ["maxInterval", Number.NaN],
    ["timeout", Number.NaN],
    ["timeout", -1],
  ])("%s: %s rejects the wait, nothing sent", async (name, value) => {
    const { gw, calls } = serving(() => record("SUCCESS"));
    const error = await gw.musicgen.wait("a", { [name]: value }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues.map((i) => i.path)).toEqual([name]);
    expect(calls).toHaveLength(0);
  });

  it("review D11: a misspelt wait option is refused before the paid submission of createAndWait, with the closest name", async () => {
    const { gw, calls } = serving(() => Response.json({ task_id: "paid-1" }));
    for (const [options, message] of [
      [{ intervl: 100 }, "intervl: is not an option; did you mean `interval`?"],
      [{ timout: 100 }, "timout: is not an option; did you mean `timeout`?"],
      [{ maxIntervl: 100 }, "maxIntervl: is not an option; did you mean `maxInterval`?"],
      [{ onProgres: () => {} }, "onProgres: is not an option; did you mean `onProgress`?"],
      [{ sigal: new AbortController().signal }, "sigal: is not an option; did you mean `signal`?"],
    ] as const) {
      const error = await thrown(() =>
        gw.videos.createAndWait({ model: "veo3", prompt: "a boat" }, options as never),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toBe(`Invalid wait options: ${message}`);
    }
    expect(calls).toHaveLength(0);
  });

  it("review D11: every wait refuses one, nothing sent: task.wait, the families' waits, gw.tasks.wait, pollTask, the workflow, with onWait hooks too", async () => {
    for (const middleware of [[], [waitHooked]]) {
      const { gw, calls } = serving(() => record("IN_PROGRESS"), { middleware });
      const typo = { intervl: 1 } as never;
      const waits = [
        () => gw.tasks.get({ kind: "video", id: "a" }).wait(typo),
        () => gw.videos.wait("a", typo),
        () => gw.musicgen.wait("a", typo),
        () => gw.musicgen.uploads.wait("a", typo),
        () => gw.vidgen.wait("a", { kind: "text2video", intervl: 1 } as never),
        () => gw.tasks.wait({ kind: "video", id: "a" }, typo),
        () => gw.pollTask({ kind: "music", id: "a" }, typo),
        () => gw.musicgen.extendAndConcat({ song: { prompt: "x" }, extend: {} } as never, typo),
      ];
      for (const wait of waits) {
        const error = await thrown(wait);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).issues).toEqual([
          { path: "intervl", rule: "unknown_option", message: "is not an option; did you mean `interval`?" },
        ]);
      }
      expect(calls).toHaveLength(0);
    }
  });

  it("wait options that are no object are refused with onWait hooks too (which spread them), nothing sent", async () => {
    const { gw, calls } = serving(() => record("SUCCESS"), { middleware: [waitHooked] });
    for (const options of [5, "fast", null]) {
      const error = await thrown(() => gw.tasks.wait({ kind: "music", id: "a" }, options as never));
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toMatchObject([{ path: "", rule: "invalid_type" }]);
    }
    expect(calls).toHaveLength(0);
  });

  it("review D11: the options a family's wait adds are its own map's: `kind` (music, vidgen), an upload's `name`", async () => {
    const { gw, calls } = serving((_, __, n) => record(n < 2 ? "IN_PROGRESS" : "SUCCESS"));
    await expect(gw.musicgen.wait("a", { kind: "music", interval: 1 })).resolves.toMatchObject({
      status: "succeeded",
    });
    const misspelt = await thrown(() => gw.musicgen.wait("a", { knd: "music.lyrics" } as never));
    expect((misspelt as ValidationError).issues).toEqual([
      { path: "knd", rule: "unknown_option", message: "is not an option; did you mean `kind`?" },
    ]);
    const upload = await thrown(() =>
      gw.musicgen.uploads.upload(new Uint8Array([1]), { nme: "a.mp3" } as never),
    );
    expect((upload as ValidationError).issues).toEqual([
      { path: "nme", rule: "unknown_option", message: "is not an option; did you mean `name`?" },
    ]);
    expect(calls).toHaveLength(2);
  });

  it("a wait timeout above 2^31-1 ms does not fire at once", async () => {
    const { gw } = serving((_, __, n) => record(n < 3 ? "IN_PROGRESS" : "SUCCESS"));
    const snapshot = await gw.musicgen.wait("a", { timeout: BIG, interval: 5 });
    expect(snapshot.status).toBe("succeeded");
  });
});

/** The error `make()` throws, if any. */
function thrownBy(make: () => unknown): unknown {
  try {
    make();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("E19: client options genway does not know", () => {
  it.each([
    [{ budjet: { limit: 0.01, currency: "CNY" } }, "budjet: is not an option; did you mean `budget`?"],
    [{ timeot: 1000 }, "timeot: is not an option; did you mean `timeout`?"],
    [{ maxRetry: 0 }, "maxRetry: is not an option; did you mean `maxRetries`?"],
    [{ apikey: "sk-x" }, "apikey: is not an option; did you mean `apiKey`?"],
    [{ base_url: "http://x.test" }, "base_url: is not an option; did you mean `baseURL`?"],
    [
      { budget: { limit: 1, currancy: "USD" } },
      "budget: currancy is not a field of a budget; did you mean `currency`?",
    ],
    [
      { logLevel: "verbose" },
      'logLevel: must be one of "off", "error", "warn", "info", "debug", got "verbose"',
    ],
    [{ validation: "loose" }, 'validation: must be one of "strict", "off", got "loose"'],
  ])("E19: new Genway(%j) is a ValidationError naming the closest option", (options, message) => {
    const error = thrownBy(() => new Genway({ ...base, ...(options as object) }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(`Invalid Genway options: ${message}`);
  });

  it("E19: a name far from every option lists the known ones", () => {
    const error = thrownBy(() => new Genway({ ...base, colour: "blue" } as never));
    expect((error as ValidationError).message).toMatch(
      /^Invalid Genway options: colour: is not an option \(known: apiKey, baseURL, timeout, /,
    );
  });

  it("E19: the family and one-format clients refuse them too (one map, one check)", async () => {
    const { ChatCompletionsClient } = await import("../../src/entries/chat-completions.js");
    const { ImagesClient } = await import("../../src/entries/images.js");
    for (const Client of [ChatCompletionsClient, ImagesClient]) {
      const error = thrownBy(() => new Client({ ...base, budjet: { limit: 1 } } as never));
      expect((error as ValidationError).issues).toEqual([
        { path: "budjet", rule: "unknown_option", message: "is not an option; did you mean `budget`?" },
      ]);
    }
  });

  it("E19: a misspelt call option is answered the same way, nothing sent", async () => {
    const { gw, calls } = serving(okJson);
    const error = await gw.chat.completions
      .create(hello, { budjet: { limit: 1 } } as never)
      .catch((e: unknown) => e);
    expect((error as ValidationError).message).toBe(
      "Invalid request options: budjet: is not an option; did you mean `budget`?",
    );
    expect(calls).toHaveLength(0);
  });

  it("every option a call declares is accepted with a value of its kind", async () => {
    const { gw, calls } = serving(okJson);
    await gw.chat.completions.create(hello, {
      signal: new AbortController().signal,
      timeout: 1000,
      idleTimeout: 1000,
      maxRetries: 0,
      headers: { "x-a": "1" },
      query: { a: 1, b: "x", c: true },
      extra_body: { user: "u" },
      paidFallback: false,
    });
    expect(calls).toHaveLength(1);
  });
});
