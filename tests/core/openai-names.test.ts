/**
 * The names a user of openai-node reaches for, on genway's own answers: `.asResponse()` (the raw
 * Response, its body unread), `requestID` beside `requestId` (withResponse's result and errors) and
 * `_request_id` on a result (not enumerable: JSON and equality see the body as it came). Each over
 * a real loopback socket, counting what the mock received: none of them makes a request of its own.
 */
import { describe, expect, it } from "vitest";
import { AuthenticationError, IncompleteStreamError } from "../../src/index.js";
import { hello, loopback, thrown } from "../support/index.js";

describe("asResponse()", () => {
  it("gives the raw Response, its body unread, and the call is made once", async () => {
    const { gw, sent } = await loopback();
    const promise = gw.chat.completions.create(hello);
    const response = await promise.asResponse();
    expect(response.status).toBe(200);
    expect(response.bodyUsed).toBe(false);
    expect(response.headers.get("x-oneapi-request-id")).toMatch(/^mock-req-/);
    const raw = await response.json();
    expect(raw.object).toBe("chat.completion");
    // The same promise still gives the parsed body: the same answer, not a second request.
    expect((await promise).id).toBe(raw.id);
    expect(sent("/v1/chat/completions")).toHaveLength(1);
  });

  it("gives a stream's raw event stream, unread", async () => {
    const { gw, sent } = await loopback();
    const response = await gw.chat.completions.create({ ...hello, stream: true }).asResponse();
    expect(response.headers.get("content-type")).toMatch(/text\/event-stream/);
    const text = await response.text();
    expect(text).toMatch(/^data: \{/);
    expect(text).toContain("data: [DONE]");
    expect(sent("/v1/chat/completions")).toHaveLength(1);
  });

  it("gives the submission's Response of a method whose result is mapped (a task handle)", async () => {
    const { gw, sent } = await loopback();
    const response = await gw.videos.create({ model: "veo3", prompt: "rain" }).asResponse();
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toMatchObject({ task_id: expect.any(String) });
    expect(sent("/v2/videos/generations")).toHaveLength(1);
  });

  it("rejects as the call does: an error status is its typed error", async () => {
    const { gw } = await loopback({ apiKey: "sk-wrong" });
    const error = await thrown(() => gw.chat.completions.create(hello).asResponse());
    expect(error).toBeInstanceOf(AuthenticationError);
  });

  it("asked once the answer has arrived, is the Response genway read (bodyUsed), as in openai-node", async () => {
    const { gw } = await loopback();
    const promise = gw.chat.completions.create(hello);
    await promise;
    const response = await promise.asResponse();
    expect(response.status).toBe(200);
    expect(response.bodyUsed).toBe(true);
  });
});

describe("requestID, requestId under openai-node's spelling", () => {
  it("on withResponse()'s result: the same id, not an enumerable key", async () => {
    const { gw } = await loopback();
    const full = await gw.chat.completions.create(hello).withResponse();
    expect(full.requestId).toMatch(/^mock-req-/);
    expect(full.requestID).toBe(full.requestId);
    expect(Object.keys(full)).not.toContain("requestID");
  });

  it("on errors: the same id, and toJSON as it was", async () => {
    const { gw } = await loopback({ apiKey: "sk-wrong" });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.requestId).toMatch(/^mock-req-/);
    expect(error.requestID).toBe(error.requestId);
    expect(Object.keys(error.toJSON())).not.toContain("requestID");
    const cut = new IncompleteStreamError("cut", { missing: "message_stop", requestId: "r-1" });
    expect(cut.requestID).toBe("r-1");
  });
});

describe("_request_id on results", () => {
  it("names the gateway's request id, and JSON, keys and equality ignore it", async () => {
    const { gw } = await loopback();
    const { data, requestId } = await gw.chat.completions.create(hello).withResponse();
    expect(data._request_id).toBe(requestId);
    expect(data._request_id).toMatch(/^mock-req-/);
    expect(Object.keys(data)).not.toContain("_request_id");
    expect(JSON.stringify(data)).not.toContain("_request_id");
    expect(data).toEqual(JSON.parse(JSON.stringify(data)));
    expect({ ...data }).not.toHaveProperty("_request_id");
  });

  it("is on every format's answer and a task snapshot, and not on a stream, a handle or an array", async () => {
    const { gw } = await loopback({}, { taskSteps: 1 });
    const message = await gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(message._request_id).toMatch(/^mock-req-/);
    const images = await gw.images.generate({ model: "dall-e-3", prompt: "a fox" });
    expect(images._request_id).toMatch(/^mock-req-/);
    const task = await gw.videos.create({ model: "veo3", prompt: "rain" });
    expect(Object.hasOwn(task, "_request_id")).toBe(false);
    const snapshot = await task.retrieve();
    expect(snapshot._request_id).toMatch(/^mock-req-/);
    const stream = await gw.chat.completions.create({ ...hello, stream: true });
    expect(Object.hasOwn(stream, "_request_id")).toBe(false);
    await stream.finalCompletion();
  });
});
