/**
 * The mock's controls a test reaches for besides faults: a task scripted to fail without a marker in
 * the app's own prompt (`failNextTask`), and `listen()` from JavaScript, where nothing but the run
 * time stands between a mistaken argument and a server on every interface.
 */
import { describe, expect, it, onTestFinished } from "vitest";
import Genway, { TaskFailedError } from "../../src/index.js";
import { createMockGateway, type MockGateway } from "../index.js";

const servers = () => process.getActiveResourcesInfo().filter((kind) => kind === "TCPServerWrap").length;

/** A client on the mock's fetch face: tasks finish on their first poll. */
function client(): { mock: MockGateway; gw: Genway } {
  const mock = createMockGateway({ taskSteps: 1 });
  return { mock, gw: new Genway({ apiKey: mock.apiKey, baseURL: "http://gateway.test", fetch: mock.fetch }) };
}

async function failure(wait: () => Promise<unknown>): Promise<TaskFailedError> {
  const error = await wait().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TaskFailedError);
  return error as TaskFailedError;
}

describe("mock.failNextTask()", () => {
  it("F11: the next video task fails with the scripted reason, its prompt untouched; the one after succeeds", async () => {
    const { mock, gw } = client();
    mock.failNextTask({ reason: "Content policy: scene 3" });
    const task = await gw.videos.create({ model: "veo3", prompt: "Cinematic: a quiet harbour" });
    const error = await failure(() => task.wait({ interval: 1 }));
    expect(error.reason).toBe("Content policy: scene 3");
    expect(error.snapshot).toMatchObject({ status: "failed", raw: { status: "FAILURE" } });
    const next = await gw.videos.create({ model: "veo3", prompt: "Cinematic: a quiet harbour" });
    expect((await next.wait({ interval: 1 })).status).toBe("succeeded");
  });

  it("F11: scripts one task per call, in order, across families (vidgen and music answer their own failed states)", async () => {
    const { mock, gw } = client();
    mock.failNextTask({ reason: "first" }).failNextTask({ reason: "second" });
    const clip = await gw.vidgen.videos.textToVideo({ prompt: "a lake" });
    const song = await gw.musicgen.submit.music({ prompt: "la la", title: "t", tags: "pop", mv: "chirp-v4" });
    expect((await failure(() => clip.wait({ interval: 1 }))).reason).toBe("first");
    const music = await failure(() => song.wait({ interval: 1 }));
    expect(music.reason).toBe("second");
    expect(music.snapshot).toMatchObject({ raw: { code: "success", data: { status: "FAILURE" } } });
  });

  it("gives a reason of its own when none is given, and a music upload does not use it up", async () => {
    const { mock, gw } = client();
    mock.failNextTask();
    const upload = await gw.musicgen.uploads.fromUrl("https://cdn.test/song.mp3");
    expect((await gw.musicgen.uploads.wait(upload, { interval: 1 })).status).toBe("succeeded");
    const task = await gw.videos.create({ model: "veo3", prompt: "rain" });
    expect((await failure(() => task.wait({ interval: 1 }))).reason).toMatch(/moderation/);
  });

  it("keeps the [fail] marker working", async () => {
    const { gw } = client();
    const task = await gw.videos.create({ model: "veo3", prompt: "rain [fail]" });
    expect((await failure(() => task.wait({ interval: 1 }))).reason).toMatch(/moderation/);
  });

  it("refuses a mistaken argument at once, and scripts nothing with it", async () => {
    const { mock, gw } = client();
    for (const bad of ["quota", { reson: "quota" }, { reason: "" }, { reason: 7 }, null]) {
      expect(() => mock.failNextTask(bad as never)).toThrow(/failNextTask\(\) takes \{ reason\?: string \}/);
    }
    const task = await gw.videos.create({ model: "veo3", prompt: "rain" });
    expect((await task.wait({ interval: 1 })).status).toBe("succeeded");
  });
});

describe("mock.listen()", () => {
  it("F13: listen({ port }) serves on loopback, as listen(port) does", async () => {
    const mock = createMockGateway();
    const first = await mock.listen({ port: 0 });
    onTestFinished(() => first.close());
    expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(first.url).port);
    await first.close();
    const again = await mock.listen({ port });
    onTestFinished(() => again.close());
    expect(again.url).toBe(`http://127.0.0.1:${port}`);
    const gw = new Genway({ apiKey: mock.apiKey, baseURL: again.url });
    const answer = await gw.chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(answer.object).toBe("chat.completion");
  });

  it("takes { port, host } and (port, host) alike", async () => {
    const mock = createMockGateway();
    const named = await mock.listen({ host: "127.0.0.1" });
    onTestFinished(() => named.close());
    const positional = await mock.listen(0, "127.0.0.1");
    onTestFinished(() => positional.close());
    expect(named.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(positional.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("F13: a mistaken argument rejects with a TypeError naming it, and nothing listens", async () => {
    const mock = createMockGateway();
    const before = servers();
    const cases: Array<[unknown[], RegExp]> = [
      [[{ prot: 8792 }], /unexpected option "prot"/],
      [[{ port: "8792" }], /port must be an integer from 0 to 65535.*got "8792"/],
      [[{ port: 70_000 }], /port must be an integer from 0 to 65535/],
      [[{ port: 1.5 }], /port must be an integer/],
      [[{ host: "" }], /host must be a non-empty string/],
      [[{ port: 0 }, "0.0.0.0"], /unexpected/],
      [["8792"], /port must be an integer/],
      [[0, 127], /host must be a non-empty string/],
    ];
    for (const [args, message] of cases) {
      const listen = mock.listen as (...args: unknown[]) => Promise<unknown>;
      await expect(listen(...args), JSON.stringify(args)).rejects.toThrow(TypeError);
      await expect(listen(...args), JSON.stringify(args)).rejects.toThrow(message);
    }
    expect(servers()).toBe(before);
  });
});
