/** Model fallback: the next model is tried only after errors the gateway does not bill; the model used is reported. */
import { describe, expect, it } from "vitest";
import { APIConnectionError, BadRequestError, ValidationError } from "../../src/index.js";
import { collect, hello, loopback, place, rejection } from "../support/index.js";

/** The gateway's answer when no channel serves a model (new-api, shared/upstream/newapi-errors.json). */
const noChannel = {
  status: 503,
  code: "model_not_found",
  message: "No available channel for model x under group default",
};

const FORMATS = [
  {
    name: "chat completions",
    path: "/v1/chat/completions",
    call: (gw: any, model: unknown) => gw.chat.completions.create({ model, messages: hello.messages }),
    sentModel: (r: { body: any; url: string }) => r.body.model,
  },
  {
    name: "messages",
    path: "/v1/messages",
    call: (gw: any, model: unknown) =>
      gw.messages.create({ model, max_tokens: 16, messages: hello.messages }),
    sentModel: (r: { body: any; url: string }) => r.body.model,
  },
  {
    name: "responses",
    path: "/v1/responses",
    call: (gw: any, model: unknown) => gw.responses.create({ model, input: "hi" }),
    sentModel: (r: { body: any; url: string }) => r.body.model,
  },
  {
    name: "native",
    path: /^\/v1beta\/models\//,
    call: (gw: any, model: unknown) =>
      gw.native.generateContent({ model, contents: [{ parts: [{ text: "hi" }] }] }),
    sentModel: (r: { body: any; url: string }) => /models\/([^:]+):/.exec(r.url)![1],
  },
];

describe("model fallback", () => {
  it.each(FORMATS)(
    "$name: a 503 model_not_found on the primary is answered by the next model, billed once",
    async (f) => {
      const { gw, mock } = await loopback();
      mock.faults.inject({ match: f.path, ...noChannel });
      const { model, data } = await f.call(gw, ["primary-model", "backup-model"]).withResponse();
      expect(model).toBe("backup-model");
      expect(data).toBeDefined();
      const sent = mock.requests.filter((r) =>
        typeof f.path === "string" ? r.path === f.path : f.path.test(r.path),
      );
      expect(sent.map((r) => f.sentModel(r as never))).toEqual(["primary-model", "backup-model"]);
    },
  );

  it("rate limits (429, 10012) and maintenance (10020) fall back; the warning names both models", async () => {
    const lines: string[] = [];
    const { gw, mock, sent } = await loopback({
      logLevel: "warn",
      logger: { debug() {}, info() {}, warn: (line: string) => lines.push(line), error() {} },
    });
    mock.faults.inject({ match: "/v1/chat/completions", status: 429 });
    mock.faults.inject({ match: "/v1/chat/completions", code: 10012 });
    mock.faults.inject({ match: "/v1/chat/completions", code: 10020 });
    const { model } = await gw.chat.completions
      .create({ ...hello, model: ["a", "b", "c", "d"] })
      .withResponse();
    expect(model).toBe("d");
    expect(sent("/v1/chat/completions").map((r) => r.body.model)).toEqual(["a", "b", "c", "d"]);
    expect(lines[0]).toMatch(/chat\.completions\.create: model a failed \(.*\); falling back to b/);
  });

  it("with retries on, a not-billed error goes to the next model at once; the last model is retried as usual", async () => {
    const { gw, mock, sent } = await loopback({ maxRetries: 2 });
    // A 429 would be retried on a model alone; with a fallback left it is handed over at once.
    mock.faults.inject({ match: "/v1/chat/completions", status: 429, times: 2 });
    const { model } = await gw.chat.completions.create({ ...hello, model: ["a", "b"] }).withResponse();
    expect(model).toBe("b");
    // a failed once and handed over; b failed once, was retried, and answered.
    expect(sent("/v1/chat/completions").map((r) => r.body.model)).toEqual(["a", "b", "b"]);
  });

  it("model_not_found, which no retry heals, goes to the next model and is not retried on the last", async () => {
    const { gw, mock, sent } = await loopback({ maxRetries: 2 });
    mock.faults.inject({ match: "/v1/chat/completions", ...noChannel, times: 2 });
    const error = await rejection(gw.chat.completions.create({ ...hello, model: ["a", "b"] }));
    expect(error).toMatchObject({ status: 503, code: "model_not_found" });
    expect(sent("/v1/chat/completions").map((r) => r.body.model)).toEqual(["a", "b"]);
  });

  it("an error that would fail on any model, or may have been billed, is thrown without trying the next", async () => {
    const { gw, mock, sent } = await loopback();
    mock.faults.inject({ match: "/v1/chat/completions", status: 400, message: "bad request" });
    expect(await rejection(gw.chat.completions.create({ ...hello, model: ["a", "b"] }))).toBeInstanceOf(
      BadRequestError,
    );
    mock.faults.inject({ match: "/v1/chat/completions", reset: "after-headers" });
    expect(await rejection(gw.chat.completions.create({ ...hello, model: ["a", "b"] }))).toBeInstanceOf(
      APIConnectionError,
    );
    expect(sent("/v1/chat/completions").map((r) => r.body.model)).toEqual(["a", "a"]);
  });

  it("a stream falls back when the primary fails before its first event, and never after", async () => {
    const { gw, mock, sent } = await loopback();
    mock.faults.inject({ match: "/v1/chat/completions", ...noChannel });
    const response = await gw.chat.completions
      .create({ ...hello, model: ["a", "b"], stream: true })
      .withResponse();
    expect(response.model).toBe("b");
    const events = await collect(response.data);
    expect(events.length).toBeGreaterThan(1);

    mock.faults.inject({ match: "/v1/chat/completions", cutAfter: 2 });
    const cut = await gw.chat.completions.create({ ...hello, model: ["c", "d"], stream: true });
    expect(await rejection(collect(cut))).toBeInstanceOf(APIConnectionError);
    expect(sent("/v1/chat/completions").map((r) => r.body.model)).toEqual(["a", "b", "c"]);
  });

  it("the `fallback` request option appends models to the params' model", async () => {
    const { gw, mock, sent } = await loopback();
    mock.faults.inject({ match: "/v1/messages", ...noChannel });
    const { model } = await gw.messages
      .create(
        { model: "claude-sonnet-4-5", max_tokens: 16, messages: hello.messages },
        { fallback: ["claude-haiku-4-5"] },
      )
      .withResponse();
    expect(model).toBe("claude-haiku-4-5");
    expect(sent("/v1/messages").map((r) => r.body.model)).toEqual(["claude-sonnet-4-5", "claude-haiku-4-5"]);
  });

  it("paid submissions fall back only when the caller opts in per call", async () => {
    const { gw, mock, sent } = await loopback();
    const refused = await rejection(
      gw.images.generate({ model: "dall-e-3", prompt: "a fox" }, { fallback: ["gpt-image-1"] }),
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect(refused.message).toMatch(/paidFallback: true/);
    expect(sent("/v1/images/generations")).toHaveLength(0);

    mock.faults.inject({ match: "/v1/images/generations", status: 429 });
    const { model } = await gw.images
      .generate({ model: "dall-e-3", prompt: "a fox" }, { fallback: ["gpt-image-1"], paidFallback: true })
      .withResponse();
    expect(model).toBe("gpt-image-1");
    expect(sent("/v1/images/generations").map((r) => r.body.model)).toEqual(["dall-e-3", "gpt-image-1"]);
  });

  it("the primary's 503 frees its budget reservation, so the fallback fits; the fallback alone is counted", async () => {
    place("primary-*", "coding-chat");
    place("backup-*", "coding-chat");
    // One call's worst case (1,000 completion tokens at 14 CNY per 1M) fits; two would not.
    const { gw, mock } = await loopback({ budget: { limit: 0.02, currency: "CNY" } });
    mock.faults.inject({ match: "/v1/chat/completions", ...noChannel });
    const { model, cost } = await gw.chat.completions
      .create({ ...hello, model: ["primary-1", "backup-1"], max_tokens: 1000 })
      .withResponse();
    expect(model).toBe("backup-1");
    expect(gw.costs.calls).toBe(1);
    expect(gw.costs.byModel).toEqual({ "backup-1": { total: cost!.total, calls: 1 } });
  });

  it("an empty or non-string fallback list is a ValidationError before anything is sent", async () => {
    const { gw, sent } = await loopback();
    expect(await rejection(gw.chat.completions.create({ ...hello, model: [] as never }))).toBeInstanceOf(
      ValidationError,
    );
    expect(
      await rejection(gw.chat.completions.create({ ...hello, model: ["a", 3] as never })),
    ).toBeInstanceOf(ValidationError);
    expect(sent("/v1/chat/completions")).toHaveLength(0);
  });
});
