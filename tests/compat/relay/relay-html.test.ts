/**
 * A relay answers every path it does not route outside /v1, /api and /assets with its dashboard
 * page, 200 text/html (new-api router/web-router.go, SetWebRouter's NoRoute). That page is never
 * data: a call gets one error naming HTML, the URL tried and baseURL, streaming or not, with one
 * request sent; a task query path the relay does not route counts like a 404 (the other path is
 * tried), and a wait gives up after a few pages in a row instead of polling to its timeout.
 */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../../mock/index.js";
import { baseURLAdvice } from "../../../src/core/shared/base-url.js";
import Genway, { MalformedResponseError } from "../../../src/index.js";
import { hello, loopback, serving, thrown } from "../../support/index.js";
import { DASHBOARD_PAGE } from "./relay-bodies.js";

const html = () => new Response(DASHBOARD_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } });

/** The one error a dashboard page is: not retried, naming HTML, the URL and what baseURL must be. */
function expectDashboardError(error: unknown, url: string) {
  expect(error).toBeInstanceOf(MalformedResponseError);
  const e = error as MalformedResponseError;
  expect(e).toMatchObject({ status: 200, type: "html_page", retryable: false });
  expect(e.message).toMatch(/HTML page \("New API"\)/);
  // The same advice, word for word, as a wrong prefix's 404 gives (core/http/base-url.ts).
  expect(e.message).toContain(baseURLAdvice(url));
}

describe("R3: a baseURL with a wrong prefix meets the relay's dashboard", () => {
  it("a chat call: one request, one error naming HTML, the URL tried and baseURL", async () => {
    const { mock, url } = await loopback();
    // Copied from the browser's address bar: the relay's console, not its API root.
    const gw = new Genway({ apiKey: mock.apiKey, baseURL: `${url}/console`, maxRetries: 2, logLevel: "off" });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expectDashboardError(error, `${url}/console/v1/chat/completions`);
    expect(mock.requests).toHaveLength(1);
  });

  it("a streaming call: the same one error before the stream resolves, one request", async () => {
    const { mock, url } = await loopback();
    const gw = new Genway({ apiKey: mock.apiKey, baseURL: `${url}/console`, maxRetries: 2, logLevel: "off" });
    const error = await thrown(() => gw.chat.completions.create({ ...hello, stream: true }));
    expectDashboardError(error, `${url}/console/v1/chat/completions`);
    expect(mock.requests).toHaveLength(1);
  });

  it("a paid submission and a file route too; the URL is named even when fetch reports none", async () => {
    const mock = createMockGateway();
    // mock.fetch answers in-process: its responses carry no url, so the transport names it.
    const gw = new Genway({
      apiKey: mock.apiKey,
      baseURL: "http://gw.test/admin",
      fetch: mock.fetch,
      logLevel: "off",
    });
    expectDashboardError(
      await thrown(() => gw.images.generate({ model: "dall-e-3", prompt: "a fox" })),
      "http://gw.test/admin/v1/images/generations",
    );
    expectDashboardError(
      await thrown(() => gw.audio.speech.create({ model: "tts-1", input: "hi", voice: "alloy" })),
      "http://gw.test/admin/v1/audio/speech",
    );
    expect(mock.requests).toHaveLength(2);
  });

  it("the key never appears in it, and a query string in the URL is left out", async () => {
    const { gw, calls } = serving(html, { defaultQuery: { key: "sk-hostile-0123456789abcdef" } });
    const error = await thrown(() => gw.chat.completions.create(hello));
    expect(error.message).toContain("Tried http://gateway.test/v1/chat/completions.");
    expect(JSON.stringify(error)).not.toContain("sk-hostile");
    expect(calls).toHaveLength(1);
  });

  it("a page without text/html is still known by its opening", async () => {
    const { gw } = serving(() => new Response(DASHBOARD_PAGE, { headers: { "content-type": "text/plain" } }));
    expect((await thrown(() => gw.chat.completions.create(hello))).type).toBe("html_page");
  });
});

describe("R3: the mock answers unrouted paths as new-api does", () => {
  const get = (mock: ReturnType<typeof createMockGateway>, path: string) =>
    mock.handle(new Request(`http://gw.test${path}`, { headers: { authorization: "Bearer nope" } }));

  it("the dashboard outside /v1, /api, /assets (no key check); RelayNotFound's 404 inside", async () => {
    const mock = createMockGateway();
    const page = await get(mock, "/console/v1/chat/completions");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("<title>New API</title>");
    const missing = await get(mock, "/v1/nothing");
    expect(missing.status).toBe(404);
    // controller/relay.go RelayNotFound: no request id in the message.
    expect(await missing.json()).toEqual({
      error: { message: "Invalid URL (GET /v1/nothing)", type: "invalid_request_error", param: "", code: "" },
    });
    expect((await get(mock, "/api/nothing")).status).toBe(404);
  });

  it('unroutedPaths: "not-found" gives the 404 everywhere', async () => {
    const mock = createMockGateway({ unroutedPaths: "not-found" });
    expect((await get(mock, "/console/v1/chat/completions")).status).toBe(404);
  });
});

describe("R3: task queries on a path the relay does not route", () => {
  it("vidgen text-to-video on a relay routing only the video query path: the wait ends with result.videos[0].url", async () => {
    const { gw, mock } = await loopback({}, { vidgenTextToVideoQuery: "upstream" });
    const task = await gw.vidgen.videos.textToVideo({
      prompt: "a fox in the snow",
      model_name: "kling-v2-master",
    });
    const done = await task.wait({ interval: 1, timeout: 10_000 });
    expect(done.status).toBe("succeeded");
    expect(done.result?.videos?.[0]?.url).toMatch(/\.mp4$/);
    // The spec's path answered the dashboard once; the Kling path was remembered from then on.
    expect(mock.requests.slice(1).map((r) => r.path)).toEqual([
      `/vidgen/v1/images/text2video/${task.id}`,
      `/vidgen/v1/videos/text2video/${task.id}`,
      `/vidgen/v1/videos/text2video/${task.id}`,
      `/vidgen/v1/videos/text2video/${task.id}`,
    ]);
    const page = await mock.handle(new Request(`http://gw.test/vidgen/v1/images/text2video/${task.id}`));
    expect([page.status, page.headers.get("content-type")]).toEqual([200, "text/html; charset=utf-8"]);
  });

  it("through new-api's task relay end to end: submission, TaskDto queries, the URL in result.videos[0].url", async () => {
    const { gw, mock } = await loopback({}, { vidgenRelay: "new-api" });
    const task = await gw.vidgen.videos.textToVideo({
      prompt: "a fox in the snow",
      model_name: "kling-v2-master",
    });
    expect(task.id).toMatch(/^task_/); // the relay's id, from its OpenAI-video answer
    const done = await task.wait({ interval: 1, timeout: 10_000 });
    expect(done.result?.videos?.[0]?.url).toMatch(/\.mp4$/);
    expect((done.raw as unknown as { data: { status: string } }).data.status).toBe("SUCCESS"); // a TaskDto
    expect(mock.requests[1]!.path).toBe(`/vidgen/v1/images/text2video/${task.id}`);
  });

  it("a wait gives up with the page after 3 pages in a row, and rides out fewer", async () => {
    let pages = 0;
    const { gw, calls } = serving((url) => {
      if (!url.includes("/v2/videos/generations/")) return Response.json({ task_id: "t-1" });
      // Two maintenance pages, then the task; later only pages.
      if (calls.length <= 3 || calls.length > 4) {
        pages++;
        return html();
      }
      return Response.json({
        task_id: "t-1",
        status: "SUCCESS",
        progress: "100%",
        data: { output: "https://cdn/v.mp4" },
      });
    });
    const fast = { interval: 1, maxInterval: 2, timeout: 5_000 };
    const task = await gw.videos.create({ model: "veo3", prompt: "p" });
    expect((await task.wait(fast)).result?.output).toBe("https://cdn/v.mp4");
    const error = await thrown(() => task.wait(fast));
    expectDashboardError(error, "http://gateway.test/v2/videos/generations/t-1");
    // Three pages in a row end the wait (docs/tasks.md, docs/reliability.md); the two before were ridden out.
    expect(pages).toBe(2 + 3);
  });

  it("a task neither path knows: the routed path's own answer, not the page", async () => {
    const { gw } = await loopback({}, { vidgenTextToVideoQuery: "upstream" });
    const error = await thrown(() => gw.vidgen.retrieve("nope", "text2video"));
    expect(error).toMatchObject({ status: 404, code: 1203 });
  });
});
