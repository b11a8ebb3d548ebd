/**
 * veo through new-api: the relay fetches a Gemini/Vertex task live from the upstream at each query
 * and answers `{code: "success", data: {error: null, format, metadata: null, status, task_id, url}}`
 * (new-api 116255f07 relay/relay_task.go tryRealtimeFetch). `url` is the failure reason of a failed
 * task (model/task.go GetResultURL), and the relay's own content URL of a succeeded one
 * (GET /v1/videos/{id}/content, behind the key: router/video-router.go).
 */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../../mock/index.js";
import Genway, { AuthenticationError, download, TaskFailedError } from "../../../src/index.js";
import { loopback, serving, thrown } from "../../support/index.js";

const veo = { model: "veo3", prompt: "rain on neon streets" } as const;

describe("veo's live task shape", () => {
  it("a failed veo task throws TaskFailedError with the reason new-api put in `url`", async () => {
    const { gw } = await loopback({}, { veoLive: true, taskSteps: 2 });
    const task = await gw.videos.create({ ...veo, prompt: "[fail] rain" });
    // The live fetch that first sees the failure has no reason yet (review D5); the next one has it.
    await thrown(() => task.wait({ interval: 1 }));
    const error = await thrown(() => task.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toMatch(/rejected by content moderation/);
    expect(error.task).toEqual({ kind: "video", id: task.id });
  });

  it("review D5: the live fetch that first sees a failure has no reason (new-api sets the status only): the error says the gateway gave none", async () => {
    const { gw } = await loopback({}, { veoLive: true, taskSteps: 2 });
    const task = await gw.videos.create({ ...veo, prompt: "[fail] rain" });
    const error = await thrown(() => task.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toBe("");
    expect(error.message).toBe(`Task video/${task.id} failed; the gateway gave no reason.`);
    expect((await task.retrieve()).reason).toMatch(/rejected by content moderation/);
  });

  it("review D5: new-api builds the content URL from its ServerAddress (localhost:3000 unless set); the output is on the client's gateway, where download() sends the key", async () => {
    const { gw, server, mock } = await loopback({}, { veoLive: true, taskSteps: 2 });
    const done = await gw.videos.createAndWait(veo, { interval: 1 });
    expect(done.raw).toMatchObject({ data: { url: `http://localhost:3000/v1/videos/${done.id}/content` } });
    const output = done.result!.output!;
    expect(output).toBe(`${server.url}/v1/videos/${done.id}/content`);
    expect(done.result?.outputs).toEqual([output]);
    const video = await download(output, { client: gw });
    expect(video.contentType).toBe("video/mp4");
    expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
  });

  it("review D5: whatever ServerAddress says and however baseURL is written (with /v1, under a path prefix)", async () => {
    const mock = createMockGateway({
      veoLive: true,
      taskSteps: 1,
      serverAddress: "https://relay.example.com",
    });
    for (const [baseURL, expected] of [
      ["http://relay.test/v1", "http://relay.test/v1/videos/"],
      ["http://relay.test/newapi/", "http://relay.test/newapi/v1/videos/"],
    ] as const) {
      // The relay behind a path prefix (a reverse proxy's): the mock serves it at its root.
      const fetch: typeof globalThis.fetch = (url, init) =>
        mock.fetch(String(url).replace("/newapi/", "/"), init);
      const gw = new Genway({ apiKey: mock.apiKey, baseURL, fetch, logLevel: "off" });
      const done = await gw.videos.createAndWait(veo, { interval: 1 });
      expect(done.result?.output).toBe(`${expected}${done.id}/content`);
      expect(done.raw).toMatchObject({
        data: { url: expect.stringMatching(/^https:\/\/relay\.example\.com\/v1\/videos\//) },
      });
    }
  });

  it("review D5: a URL that is not the relay's content route of this task is kept as it is", async () => {
    const urls = [
      "https://cdn.example.com/v1/videos/task_1/content.mp4",
      "http://localhost:3000/v1/videos/task_2/content",
      "http://localhost:3000/v1/videos/task_1/content?token=x",
    ];
    for (const url of urls) {
      const { gw } = serving(() =>
        Response.json({
          code: "success",
          message: "",
          data: { status: "succeeded", task_id: "task_1", url },
        }),
      );
      expect((await gw.videos.retrieve("task_1")).result?.output).toBe(url);
    }
  });

  it("a succeeded one's output is the relay's content URL; download() with the client sends the key to it", async () => {
    const { gw, server, mock } = await loopback({}, { veoLive: true, taskSteps: 2 });
    const done = await gw.videos.createAndWait(veo, { interval: 1 });
    expect(done.status).toBe("succeeded");
    const output = done.result?.output;
    expect(output).toBe(`${server.url}/v1/videos/${done.id}/content`);

    const video = await download(output!, { client: gw });
    const bytes = await video.bytes();
    expect(String.fromCharCode(...bytes.subarray(4, 8))).toBe("ftyp");
    expect(video.contentType).toBe("video/mp4");
    expect(mock.requests.at(-1)?.headers.authorization).toBe(`Bearer ${mock.apiKey}`);

    // Without the client, no key is sent: the relay refuses (which is why the client is needed).
    const error = await thrown(() => download(output!));
    expect(error).toBeInstanceOf(AuthenticationError);
  });

  it("the key goes to the gateway's API only: never to another host, nor to the gateway's file host", async () => {
    const { gw, calls } = serving(
      () => new Response(new Uint8Array([1, 2, 3]), { headers: { "content-type": "video/mp4" } }),
    );
    const authOf = (n: number) => (calls[n]!.init.headers as Record<string, string>).authorization;
    await download("http://gateway.test/v1/videos/task_1/content", { client: gw });
    await download("http://elsewhere.test/v1/videos/task_1/content", { client: gw });
    await download("http://gateway.test/files/task_1.mp4", { client: gw });
    await download("https://gateway.test/v1/videos/task_1/content", { client: gw });
    expect(authOf(0)).toMatch(/^Bearer sk-/);
    expect([authOf(1), authOf(2), authOf(3)]).toEqual([undefined, undefined, undefined]);
  });
});
