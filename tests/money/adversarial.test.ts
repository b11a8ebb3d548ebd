/**
 * The money probes of the third adversarial review (D3-D9, D26), kept as tests: budgets under
 * concurrency with the prompt a format adds, tool loops under one budget, calls that never left the
 * process, hostile usage and image counts, a middleware sending twice, and cost objects shared
 * between the caller, onCost and the totals.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  APIConnectionError,
  BudgetExceededError,
  type CostEvent,
  defineTool,
  estimateCost,
  GenwayError,
  type GenwayOptions,
  type Middleware,
  MiddlewareError,
  zodSchema,
} from "../../src/index.js";
import { hello, loopback, place, rejection, serving as servingAny } from "../support/index.js";

// These probes are of the budget's and the ledger's own logic, priced by the spec's table (the ids
// are placed in its families); a stub gateway publishes no prices, so the clients say so instead
// of asking it for /api/pricing. Live prices have their own tests (live-prices.test.ts).
const serving: typeof servingAny = (answer, options = {}) =>
  servingAny(answer, { prices: "spec", ...options });

const json = (body: unknown) => Response.json(body);
const chatAnswer = (usage: unknown, message: unknown = { role: "assistant", content: "x" }) => ({
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "gpt-4o",
  choices: [{ index: 0, message, finish_reason: "stop" }],
  usage,
});

describe("D3: the worst case counts the prompt a format adds", () => {
  it("D3: 60 parallel tool-using messages.parse calls under a budget never spend past it, by the usage the mock reports", async () => {
    place("claude-*", "messages-chat");
    const limit = 0.05;
    const { gw, sent } = await loopback({ budget: { limit, currency: "CNY" } });
    const schema = zodSchema(z.object({ ok: z.boolean() }));
    // The mock reports Anthropic's tool-use system prompt (313 tokens with a forced tool) in
    // input_tokens, as the upstream bills it; its tool_use answer is under 30 tokens.
    const params = {
      model: "claude-x",
      max_tokens: 30,
      messages: [{ role: "user" as const, content: "ok?" }],
    };
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () => gw.messages.parse({ ...params, schema })),
    );
    const answered = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(answered.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const error of refused) expect(error).toBeInstanceOf(BudgetExceededError);
    expect(sent("/v1/messages")).toHaveLength(answered.length);
    for (const message of answered) expect(message.usage.input_tokens).toBeGreaterThan(313);
    const reported = answered.reduce(
      (sum, message) => sum + estimateCost({ model: "claude-x", usage: message.usage }).total,
      0,
    );
    expect(reported).toBeLessThanOrEqual(limit);
    expect(gw.costs.total).toBeCloseTo(reported, 8);
  });

  it("D3: every format counts a tool-use system prompt for a request with tools or a response schema", async () => {
    place("any-model", "coding-chat");
    const { gw, calls } = serving(() => json({}), { budget: { limit: 0, currency: "CNY" } });
    const tool = { type: "function" as const, function: { name: "f", parameters: { type: "object" } } };
    const schema = { type: "object", properties: {} };
    const estimate = async (call: () => PromiseLike<unknown>) =>
      ((await rejection(Promise.resolve(call()))) as BudgetExceededError).estimate!;
    const asked = [
      [
        () => gw.chat.completions.create({ model: "any-model", max_tokens: 1, messages: hello.messages }),
        () =>
          gw.chat.completions.create({
            model: "any-model",
            max_tokens: 1,
            messages: hello.messages,
            tools: [tool],
          }),
      ],
      [
        () => gw.messages.create({ model: "any-model", max_tokens: 1, messages: hello.messages }),
        () =>
          gw.messages.create({
            model: "any-model",
            max_tokens: 1,
            messages: hello.messages,
            tools: [{ name: "f", input_schema: { type: "object" } }],
          }),
      ],
      [
        () => gw.responses.create({ model: "any-model", max_output_tokens: 16, input: "hi" }),
        () =>
          gw.responses.create({
            model: "any-model",
            max_output_tokens: 16,
            input: "hi",
            text: { format: { type: "json_schema", name: "s", schema } },
          }),
      ],
      [
        () =>
          gw.native.generateContent({
            model: "any-model",
            contents: [{ role: "user", parts: [{ text: "hi" }] }],
            generationConfig: { maxOutputTokens: 1 },
          }),
        () =>
          gw.native.generateContent({
            model: "any-model",
            contents: [{ role: "user", parts: [{ text: "hi" }] }],
            generationConfig: {
              maxOutputTokens: 1,
              responseMimeType: "application/json",
              responseSchema: schema,
            },
          }),
      ],
    ] as const;
    for (const [plain, withTools] of asked) {
      // coding-chat default: 1.75 CNY per 1M prompt tokens; the tools' bytes come on top of the 804.
      const added = (await estimate(withTools)) - (await estimate(plain));
      expect(added).toBeGreaterThanOrEqual((804 * 1.75) / 1e6);
    }
    expect(calls).toHaveLength(0);
  });

  it("D3: a prompt the request only refers to has no bound: refused under a budget, with the reason", async () => {
    place("any-model", "coding-chat");
    const { gw, calls } = serving(() => json({}), { budget: { limit: 100, currency: "CNY" } });
    const refused = [
      [
        gw.responses.create({
          model: "any-model",
          max_output_tokens: 16,
          input: "go on",
          previous_response_id: "resp_1",
        }),
        /previous_response_id/,
      ],
      [
        gw.responses.create({
          model: "any-model",
          max_output_tokens: 16,
          input: "news?",
          tools: [{ type: "web_search_preview" }],
        }),
        /the tool web_search_preview adds its results to the input, so nothing bounds its prompt/,
      ],
      [
        gw.native.generateContent({
          model: "any-model",
          contents: [{ role: "user", parts: [{ text: "hi" }] }],
          cachedContent: "cachedContents/abc",
          generationConfig: { maxOutputTokens: 1 },
        }),
        /cachedContent cachedContents\/abc joins the input/,
      ],
      [
        gw.messages.create({
          model: "any-model",
          max_tokens: 1,
          messages: hello.messages,
          tools: [{ type: "web_search_20250305", name: "web_search" }],
        }),
        /the tool web_search_20250305 adds a prompt of its own/,
      ],
    ] as const;
    for (const [call, reason] of refused) {
      const error = await rejection(call);
      expect(error).toBeInstanceOf(BudgetExceededError);
      expect(error.estimate).toBeNull();
      expect(error.message).toMatch(reason);
    }
    expect(calls).toHaveLength(0);
  });

  it("D3: with unpriced: 'allow', a call sent without a bound spends what it turns out to cost", async () => {
    place("gpt-4o", "coding-chat");
    const { gw, calls } = serving(
      () => json(chatAnswer({ prompt_tokens: 1_000_000, completion_tokens: 0 })),
      {
        budget: { limit: 2, currency: "CNY", unpriced: "allow" },
      },
    );
    // No max_tokens: no worst case, sent with nothing reserved; it costs 1.75 CNY.
    await gw.chat.completions.create({ model: "gpt-4o", messages: hello.messages });
    const error = await rejection(
      gw.chat.completions.create({ model: "gpt-4o", messages: hello.messages, max_tokens: 30_000 }),
    );
    expect(error).toMatchObject({ name: "BudgetExceededError", remaining: 0.25 });
    expect(calls).toHaveLength(1);
  });

  it("D3: a budgeted call serializes its prompt once: the bytes priced are the bytes sent", async () => {
    place("gpt-4o", "coding-chat");
    const { gw, calls } = serving(() => json(chatAnswer({ prompt_tokens: 1, completion_tokens: 1 })), {
      budget: { limit: 100, currency: "CNY" },
    });
    const messages = Array.from({ length: 200 }, (_, i) => ({
      role: "user" as const,
      content: `${"é".repeat(500)} ${i}`,
    }));
    const stringify = JSON.stringify;
    let serialized = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      const text = stringify(...args);
      serialized += text?.length ?? 0;
      return text;
    }) as typeof stringify;
    try {
      await gw.chat.completions.create({ model: "gpt-4o", max_tokens: 10, messages });
    } finally {
      JSON.stringify = stringify;
    }
    const body = String(calls[0]!.init.body);
    expect(serialized).toBeGreaterThanOrEqual(body.length);
    expect(serialized).toBeLessThan(body.length * 1.1);
  });
});

describe("D4: a runTools budget spans the loop", () => {
  it("D4: runTools(params, { budget }) stops the loop when its next step no longer fits, whatever each step costs", async () => {
    place("gpt-4o*", "coding-chat");
    let steps = 0;
    const { gw, calls } = serving(() => {
      steps++;
      const message =
        steps < 6
          ? {
              role: "assistant",
              content: null,
              tool_calls: [
                { id: `c${steps}`, type: "function", function: { name: "lookup", arguments: '{"q":"x"}' } },
              ],
            }
          : { role: "assistant", content: "done" };
      return json(chatAnswer({ prompt_tokens: 30, completion_tokens: 500 }, message));
    });
    const lookup = defineTool({
      name: "lookup",
      parameters: z.object({ q: z.string() }),
      run: () => "result",
    });
    const limit = 0.01;
    const runner = gw.chat.completions.runTools(
      { model: "gpt-4o", max_tokens: 500, messages: [{ role: "user", content: "go" }], tools: [lookup] },
      { budget: { limit, currency: "CNY" } },
    );
    expect(await rejection(runner.finalContent())).toBeInstanceOf(BudgetExceededError);
    // Each step may cost up to ~0.0071 CNY (500 tokens at 14 per 1M): one fits, two do not.
    expect(calls).toHaveLength(1);
    expect(gw.costs.total).toBeLessThanOrEqual(limit);
  });
});

describe("D5: a call that never left the process", () => {
  // Worst case about 0.014 CNY: two fit in 0.03, a third does not unless the first two freed theirs.
  const params = { model: "gpt-4o", messages: hello.messages, max_tokens: 1000 };
  const budget = { limit: 0.03, currency: "CNY" as const };
  const ok = () => json(chatAnswer({ prompt_tokens: 1, completion_tokens: 1 }));
  const cases: Array<[string, GenwayOptions, abstract new (...args: never[]) => Error]> = [
    [
      "a middleware that throws before next()",
      { middleware: [async () => Promise.reject(new Error("policy says no"))] },
      MiddlewareError,
    ],
    [
      "a middleware that moves the request off the gateway",
      {
        middleware: [
          (r, next) => next({ ...r, url: "http://elsewhere.example/v1/chat/completions" }),
        ] as Middleware[],
      },
      GenwayError,
    ],
    [
      "an apiKey() that rejects",
      { apiKey: async () => Promise.reject(new Error("vault unavailable")) },
      APIConnectionError,
    ],
  ];
  for (const [label, options, thrown] of cases) {
    it(`D5: ${label} frees its reservation, is not reported as billed, and throws its own error`, async () => {
      place("gpt-4o*", "coding-chat");
      const events: CostEvent[] = [];
      const { gw, calls } = serving(ok, { budget, onCost: (e) => events.push(e), maxRetries: 1, ...options });
      for (let i = 0; i < 3; i++) {
        const error = await rejection(gw.chat.completions.create(params));
        expect(error).toBeInstanceOf(thrown);
        expect(error).not.toBeInstanceOf(BudgetExceededError);
      }
      expect(calls).toHaveLength(0);
      expect(gw.costs.unpriced).toBe(0);
      expect(events).toEqual([]);
    });
  }

  it("D5: a key vault that is back serves a budgeted client at once", async () => {
    place("gpt-4o*", "coding-chat");
    let up = false;
    const { gw, calls } = serving(ok, {
      budget,
      apiKey: async () => {
        if (!up) throw new Error("vault unavailable");
        return "sk-vault-0123456789";
      },
    });
    const down = await rejection(gw.chat.completions.create(params));
    expect(down).toBeInstanceOf(APIConnectionError);
    expect(down.message).toMatch(/apiKey\(\) failed, so nothing was sent: vault unavailable/);
    expect(down.notSent).toBe(true);
    up = true;
    await gw.chat.completions.create(params);
    await gw.chat.completions.create(params);
    expect(calls).toHaveLength(2);
  });

  it("D5: the middleware's record of a call never sent says so", async () => {
    const outcomes: unknown[] = [];
    const refuse: Middleware = async (request) => {
      request.call.done.then((outcome) => outcomes.push(outcome.costReason));
      throw new Error("policy says no");
    };
    const { gw } = serving(ok, { middleware: [refuse] });
    await rejection(gw.chat.completions.create(hello));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(outcomes).toEqual(["the call was never sent"]);
  });
});

describe("D6: image counts", () => {
  it("D6: an answer without a real list of images is unpriced with the reason, and keeps the worst case", async () => {
    place("flux-*", "image-h"); // 3 CNY per image in group ssvip
    for (const data of [[], "x".repeat(71), null, undefined, { 0: { url: "u" } }]) {
      const events: CostEvent[] = [];
      const { gw } = serving(() => json({ created: 1, data }), {
        group: "ssvip",
        budget: { limit: 9, currency: "CNY" },
        onCost: (e) => events.push(e),
      });
      const { cost, costReason } = await gw.images
        .generate({ model: "flux-pro", prompt: "x", n: 2 })
        .withResponse();
      expect(cost).toBeNull();
      expect(costReason).toMatch(/not a list of images to count \(the gateway bills the 2 asked for\)/);
      expect(events.map((e) => e.cost)).toEqual([null]);
      expect(gw.costs).toMatchObject({ total: 0, unpriced: 1 });
      // The 6 CNY worst case stays spent: 3 CNY left, one more image fits, two do not.
      expect(await rejection(gw.images.generate({ model: "flux-pro", prompt: "x", n: 2 }))).toMatchObject({
        name: "BudgetExceededError",
        remaining: 3,
      });
    }
  });

  it("D6: the images answered are priced (new-api bills the count of data), up to what one call can bill", async () => {
    place("flux-*", "image-h");
    let data: unknown[] = [];
    const { gw } = serving(() => json({ created: 1, data }), { group: "ssvip" });
    data = [{ url: "a" }];
    expect(
      (await gw.images.generate({ model: "flux-pro", prompt: "x", n: 2 }).withResponse()).cost?.total,
    ).toBe(3);
    data = Array.from({ length: 129 }, () => ({ url: "a" }));
    const { cost, costReason } = await gw.images
      .generate({ model: "flux-pro", prompt: "x", n: 2 })
      .withResponse();
    expect(cost).toBeNull();
    expect(costReason).toMatch(/129 images, more than one call can bill \(128\)/);
  });
});

describe("D7: implausible usage", () => {
  for (const usage of [
    { prompt_tokens: 1e308, completion_tokens: 1e308 },
    { prompt_tokens: 1e20, completion_tokens: 0 },
    { prompt_tokens: 10, completion_tokens: 1e14 },
  ]) {
    it(`D7: usage ${JSON.stringify(usage)} is not believed: null with the reason, the worst case kept, the budget alive`, async () => {
      place("gpt-4o*", "coding-chat");
      const { gw, calls } = serving(() => json(chatAnswer(usage)), { budget: { limit: 1, currency: "CNY" } });
      const call = () =>
        gw.chat.completions.create({ model: "gpt-4o", messages: hello.messages, max_tokens: 100 });
      const { cost, costReason } = await call().withResponse();
      expect(cost).toBeNull();
      expect(costReason).toMatch(/more than one call can bill \(100000000\); not believed/);
      expect(JSON.parse(JSON.stringify(gw.costs))).toMatchObject({ total: 0, unpriced: 1 });
      // The worst case (about 0.0015 CNY) stayed spent; the budget still admits calls.
      await call();
      expect(calls).toHaveLength(2);
    });
  }
});

describe("D8: a middleware calling next() twice", () => {
  it("D8: the second next() is refused with a MiddlewareError: one request reaches the gateway, and the ledger says so", async () => {
    place("gpt-4o*", "coding-chat");
    const events: CostEvent[] = [];
    const twice: Middleware = async (request, next) => {
      await next(request);
      return next(request);
    };
    const { gw, calls } = serving(
      (url) =>
        url.includes("images")
          ? json({ created: 1, data: [{ url: "http://x/1.png" }] })
          : json(chatAnswer({ prompt_tokens: 10, completion_tokens: 10 })),
      { middleware: [twice], onCost: (e) => events.push(e) },
    );
    for (const call of [
      () => gw.chat.completions.create({ model: "gpt-4o", messages: hello.messages }),
      () => gw.images.generate({ model: "nano-banana", prompt: "x" }),
    ]) {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(MiddlewareError);
      expect(error.message).toMatch(/Middleware 1 of 1 called next\(\) a second time/);
    }
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      "/v1/chat/completions",
      "/v1/images/generations",
    ]);
    // Each was sent once and failed after: may have been billed, counted and reported so.
    expect(gw.costs.unpriced).toBe(2);
    expect(events.map((e) => e.reason)).toEqual([
      expect.stringMatching(/may have billed it/),
      expect.stringMatching(/may have billed it/),
    ]);
  });

  it("D8: a middleware may catch the refusal and return the answer it already has", async () => {
    place("gpt-4o*", "coding-chat");
    const careful: Middleware = async (request, next) => {
      const response = await next(request);
      await next(request).catch(() => undefined);
      return response;
    };
    const { gw, calls } = serving(() => json(chatAnswer({ prompt_tokens: 10, completion_tokens: 10 })), {
      middleware: [careful],
    });
    const { cost } = await gw.chat.completions
      .create({ model: "gpt-4o", messages: hello.messages })
      .withResponse();
    expect(cost?.total).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
  });
});

describe("D9: cost objects are not shared views", () => {
  it("D9: an onCost listener cannot change the caller's cost, nor a reader the totals", async () => {
    place("gpt-4o*", "coding-chat");
    const warnings: string[] = [];
    const answer = () => json(chatAnswer({ prompt_tokens: 1_000_000, completion_tokens: 0 }));
    const { gw: ledger } = serving(answer, {
      logLevel: "warn",
      logger: { error() {}, warn: (m: string) => warnings.push(m), info() {}, debug() {} },
      onCost: (e) => {
        (e.cost as { total: number }).total = Math.round(e.cost!.total);
      },
    });
    const { cost } = await ledger.chat.completions
      .create({ model: "gpt-4o", messages: hello.messages })
      .withResponse();
    expect(cost?.total).toBe(1.75);
    expect(warnings.join("\n")).toMatch(/onCost failed/);

    const { gw } = serving(answer);
    await gw.chat.completions.create({ model: "gpt-4o", messages: hello.messages });
    expect(() => {
      (gw.costs.byModel["gpt-4o"] as { total: number }).total = 0;
    }).toThrow(TypeError);
    await gw.chat.completions.create({ model: "gpt-4o", messages: hello.messages });
    expect(gw.costs.byModel["gpt-4o"]).toEqual({ total: 3.5, calls: 2 });
    expect(gw.costs.total).toBe(3.5);
  });
});

describe("D26: a budget refusing a retry", () => {
  it("D26: says the earlier attempt reached the gateway, and carries its error", async () => {
    place("gpt-4o*", "coding-chat");
    const { gw, calls } = serving(
      () => Promise.reject(Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } })),
      {
        maxRetries: 2,
        budget: { limit: 0.02, currency: "CNY" },
      },
    );
    const error = await rejection(
      gw.chat.completions.create({ model: "gpt-4o", messages: hello.messages, max_tokens: 1000 }),
    );
    expect(error).toBeInstanceOf(BudgetExceededError);
    expect(error.message).not.toMatch(/Nothing was sent/);
    expect(error.message).toMatch(
      /Its retry was not sent; the attempt before it reached the gateway and may have been billed/,
    );
    expect(error.cause).toBeInstanceOf(APIConnectionError);
    expect(calls).toHaveLength(1);
  });
});
