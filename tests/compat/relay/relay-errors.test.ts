/**
 * The relay's errors: those that cannot heal are thrown at once (new-api's no-channel 503
 * `model_not_found` in every language and one-api's code-less Chinese one, `task_failed`, a 4xx
 * `fail_to_fetch_task`), and the request id a support desk can look up is the relay's own
 * `X-Oneapi-Request-Id`, never the upstream's id beside it.
 */
import { describe, expect, it } from "vitest";
import Genway, { BadRequestError, RateLimitError, ServiceUnavailableError } from "../../../src/index.js";
import { hello, loopback, serving, thrown } from "../../support/index.js";
import {
  NO_CHANNEL_EN,
  NO_CHANNEL_ONE_API,
  NO_CHANNEL_ZH_CN,
  NO_CHANNEL_ZH_TW,
  TASK_ERROR_429,
  TASK_ERROR_FAIL_TO_FETCH_400,
  TASK_ERROR_TASK_FAILED,
} from "./relay-bodies.js";

describe("R5: no channel for the model", () => {
  it("model_not_found is sent once, and a chat fallback still takes it", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 }, { noChannel: ["gpt-9"] });
    const error = await thrown(() => gw.chat.completions.create({ ...hello, model: "gpt-9" }));
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(error).toMatchObject({
      status: 503,
      code: "model_not_found",
      type: "new_api_error",
      retryable: false,
    });
    expect(error.message).toMatch(
      /^503 No available channel for model gpt-9 under group default \(distributor\)/,
    );
    expect(mock.requests).toHaveLength(1);

    const answer = await gw.chat.completions
      .create({ ...hello, model: ["gpt-9", "gpt-4o-mini"] })
      .withResponse();
    expect(answer.model).toBe("gpt-4o-mini");
    // The chat requests (reading withResponse() also loaded the gateway's prices beside them).
    const chats = mock.requests.filter((r) => r.path === "/v1/chat/completions");
    expect(chats.map((r) => (r.body as { model: string }).model)).toEqual(["gpt-9", "gpt-9", "gpt-4o-mini"]);
  });

  it("on every route, in the OpenAI shape the distributor writes (Messages and paid submissions too)", async () => {
    const { gw, mock } = await loopback(
      { maxRetries: 2 },
      { noChannel: (model) => model.startsWith("kling-v9") },
    );
    const messages = await thrown(() =>
      gw.messages.create({ model: "kling-v9", max_tokens: 8, messages: [{ role: "user", content: "hi" }] }),
    );
    const video = await thrown(() =>
      gw.vidgen.videos.textToVideo({ prompt: "p", model_name: "kling-v9-pro" }),
    );
    for (const error of [messages, video])
      expect(error).toMatchObject({ status: 503, code: "model_not_found" });
    expect(mock.requests).toHaveLength(2);
  });

  it("in Chinese (new-api zh-CN and zh-TW, one-api without a code): the same code, not retried", async () => {
    const { gw, mock } = await loopback(
      { maxRetries: 2, defaultHeaders: { "accept-language": "zh-CN,zh;q=0.9" } },
      { noChannel: ["gpt-9"] },
    );
    const error = await thrown(() => gw.chat.completions.create({ ...hello, model: "gpt-9" }));
    expect(error.message).toContain("分组 default 下模型 gpt-9 无可用渠道（distributor）");
    expect(mock.requests).toHaveLength(1);
    for (const body of [NO_CHANNEL_EN, NO_CHANNEL_ZH_CN, NO_CHANNEL_ZH_TW, NO_CHANNEL_ONE_API]) {
      const { gw: relayed, calls } = serving(() => Response.json(body, { status: 503 }), { maxRetries: 2 });
      const refused = await thrown(() => relayed.chat.completions.create(hello));
      expect(refused).toMatchObject({ code: "model_not_found", retryable: false });
      expect(calls).toHaveLength(1);
    }
  });
});

describe("R4: new-api's task errors", () => {
  it("a Kling 429 relayed (the rewritten Chinese message, no Retry-After), task_failed and a 4xx fail_to_fetch_task: thrown at once", async () => {
    const { gw, calls } = serving(() => Response.json(TASK_ERROR_429, { status: 429 }), { maxRetries: 2 });
    const error = await thrown(() => gw.vidgen.videos.textToVideo({ prompt: "p" }));
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: "fail_to_fetch_task", retryAfterMs: undefined, retryable: false });
    expect(error.message).toContain("当前分组上游负载已饱和，请稍后再试");
    expect(calls).toHaveLength(1);
    // task_failed (a Kling code inside a 200) and Kling's own 4xx are final too, with their code.
    for (const body of [TASK_ERROR_TASK_FAILED, TASK_ERROR_FAIL_TO_FETCH_400]) {
      const { gw, calls } = serving(() => Response.json(body, { status: 400 }), { maxRetries: 2 });
      const error = await thrown(() => gw.vidgen.videos.textToVideo({ prompt: "p" }));
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({ code: body.code, retryable: false });
      expect(calls).toHaveLength(1);
    }
  });

  it("the mock's new-api relay answers them: Kling's 400 as fail_to_fetch_task, an injected 429 in Chinese", async () => {
    // Validation off: the gateway's own check is under test.
    const { gw, mock } = await loopback({ maxRetries: 2, validation: "off" }, { vidgenRelay: "new-api" });
    const refused = await thrown(() => gw.vidgen.videos.textToVideo({ prompt: "p", duration: "7" as "5" }));
    expect(refused).toMatchObject({ status: 400, code: "fail_to_fetch_task", retryable: false });
    expect(refused.message).toContain('"code":1201');
    mock.inject({ match: "/vidgen/", status: 429, retryAfter: undefined });
    const saturated = await thrown(() => gw.vidgen.videos.textToVideo({ prompt: "p" }));
    expect(saturated).toMatchObject({ status: 429, code: "fail_to_fetch_task", retryable: false });
    expect(saturated.message).toContain("当前分组上游负载已饱和");
    const missing = await thrown(() => gw.vidgen.retrieve("task_nope", "text2video"));
    expect(missing).toMatchObject({ name: "NotFoundError", status: 400, code: "task_not_exist" });
    expect(mock.requests.filter((r) => r.method === "POST")).toHaveLength(2);
  });
});

describe("R6: request ids", () => {
  it("the relay's X-Oneapi-Request-Id, not the upstream's x-request-id beside it", async () => {
    const { gw } = await loopback();
    const { requestId, response } = await gw.chat.completions.create(hello).withResponse();
    const relay = response.headers.get("x-oneapi-request-id");
    const upstream = response.headers.get("x-request-id");
    expect(relay).toMatch(/^mock-req-/);
    expect(upstream).toMatch(/^req_/);
    expect(requestId).toBe(relay);
    // The Messages upstream names it request-id.
    const message = await gw.messages
      .create({ model: "claude-sonnet-4", max_tokens: 8, messages: [{ role: "user", content: "hi" }] })
      .withResponse();
    expect(message.response.headers.get("request-id")).toMatch(/^req_/);
    expect(message.requestId).toBe(message.response.headers.get("x-oneapi-request-id"));
    // Whoever sends both, genway reports the relay's: on an answer and on an error.
    const both = {
      "content-type": "application/json",
      "x-request-id": "req_upstream",
      "x-oneapi-request-id": "2026relay",
    };
    const ok = serving(() => new Response(JSON.stringify({ id: "c", choices: [] }), { headers: both })).gw;
    expect((await ok.chat.completions.create(hello).withResponse()).requestId).toBe("2026relay");
    const failing = serving(
      () => new Response(JSON.stringify(NO_CHANNEL_EN), { status: 503, headers: both }),
    ).gw;
    expect((await thrown(() => failing.chat.completions.create(hello))).requestId).toBe("2026relay");
  });

  it("an error's request id is the relay's, the one its message ends with", async () => {
    const { mock, url } = await loopback();
    const gw = new Genway({ apiKey: "sk-wrong", baseURL: url, maxRetries: 0, logLevel: "off" });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error.message).toMatch(new RegExp(`\\(request id: ${error.requestId}\\)`));
    expect(error.requestId).toBe(error.headers.get("x-oneapi-request-id"));
    expect(mock.requests).toHaveLength(1);
  });
});
