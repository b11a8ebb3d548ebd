/**
 * veo through new-api: the relay fetches a Gemini/Vertex task live from the upstream at each query
 * and answers `{code: "success", data: {error: null, format, metadata: null, status, task_id, url}}`
 * (new-api 116255f07 relay/relay_task.go tryRealtimeFetch). `url` is the failure reason of a failed
 * task (model/task.go GetResultURL), and the relay's own content URL of a succeeded one
 * (GET /v1/videos/{id}/content, behind the key: router/video-router.go).
 */
import { describe, expect, it } from "vitest";
import { AuthenticationError, download, TaskFailedError } from "../../../src/index.js";
import { loopback, serving, thrown } from "../../support/index.js";

const veo = { model: "veo3", prompt: "rain on neon streets" } as const;

describe("veo's live task shape", () => {
  it("a failed veo task throws TaskFailedError with the reason new-api put in `url`", async () => {
    const { gw } = await loopback({}, { veoLive: true, taskSteps: 2 });
    const task = await gw.videos.create({ ...veo, prompt: "[fail] rain" });
    const error = await thrown(() => task.wait({ interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.reason).toMatch(/rejected by content moderation/);
    expect(error.task).toEqual({ kind: "video", id: task.id });
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
