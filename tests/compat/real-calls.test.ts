/**
 * The calls a new user tried on the first release, each refused before anything was sent:
 * every one now goes out as written and the mock, which follows the captures, answers it.
 */
import { describe, expect, it } from "vitest";
import { BinaryResponse, ValidationError } from "../../src/index.js";
import { loopback, thrown } from "../support/index.js";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0x2c, 0, 0,
  1, 0x2c, 8, 2, 0, 0, 0,
]);

describe("real ids and real bodies go through", () => {
  it("images.generate with dall-e-3 and a size only dall-e-3 has", async () => {
    const { gw, mock } = await loopback();
    const params = { model: "dall-e-3", prompt: "a lighthouse at dawn", size: "1792x1024" };
    const result = await gw.images.generate(params);
    expect(mock.requests.at(-1)!.body).toEqual(params);
    expect(result.data[0]?.url).toMatch(/^http/);
  });

  it("images.edit with flux-kontext-pro", async () => {
    const { gw, mock } = await loopback();
    const result = await gw.images.edit({ model: "flux-kontext-pro", prompt: "add a boat", image: PNG });
    expect((mock.requests.at(-1)!.body as FormData).get("model")).toBe("flux-kontext-pro");
    expect(result.data.length).toBeGreaterThan(0);
  });

  it.each(["veo3", "doubao-seedance-1-0-pro-250528"])("videos.create with %s", async (model) => {
    const { gw, mock } = await loopback();
    const task = await gw.videos.create({ model, prompt: "waves at night" });
    expect(mock.requests.at(-1)!.body).toEqual({ model, prompt: "waves at night" });
    expect((await task.wait({ interval: 1 })).status).toBe("succeeded");
  });

  it("vidgen.videos.textToVideo with kling-v2-master", async () => {
    const { gw, mock } = await loopback();
    const params = { model_name: "kling-v2-master", prompt: "a paper boat" };
    const task = await gw.vidgen.videos.textToVideo(params);
    expect(mock.requests.at(-1)!.body).toEqual(params);
    expect((await task.wait({ interval: 1 })).result?.videos?.[0]?.url).toMatch(/^http/);
  });

  it("musicgen.submit.music with only a description, and a continuation at a float", async () => {
    const { gw, mock } = await loopback();
    await gw.musicgen.submit.music({ gpt_description_prompt: "a happy song" });
    expect(mock.requests.at(-1)!.body).toEqual({ gpt_description_prompt: "a happy song" });
    const continuation = {
      prompt: "[Verse] more",
      tags: "pop",
      title: "Longer",
      mv: "chirp-v4",
      task: "extend",
      continue_clip_id: "clip-1",
      continue_at: 12.5,
    };
    await gw.musicgen.submit.music(continuation);
    expect(mock.requests.at(-1)!.body).toEqual(continuation);
  });

  it("responses.create with reasoning effort none and xhigh", async () => {
    const { gw, mock } = await loopback();
    for (const effort of ["none", "xhigh"] as const) {
      const params = { model: "gpt-5", input: "hi", reasoning: { effort } };
      const response = await gw.responses.create(params);
      expect(mock.requests.at(-1)!.body).toEqual(params);
      expect(response.status).toBe("completed");
    }
  });

  it("musicgen.v1.generate with only what the upstream needs, and feed with one or three ids", async () => {
    const { gw, mock } = await loopback();
    await gw.musicgen.v1.generate({ gpt_description_prompt: "a calm song" });
    expect(mock.requests.at(-1)!.body).toEqual({ gpt_description_prompt: "a calm song" });
    await gw.musicgen.v1.feed("a").catch(() => undefined);
    expect(mock.requests.at(-1)!.path).toBe("/musicgen/feed/a");
    await gw.musicgen.v1.feed("a", "b", "c").catch(() => undefined);
    expect(mock.requests.at(-1)!.path).toBe("/musicgen/feed/a,b,c");
  });

  it("musicgen.clips answer with the relay's JSON envelope, read as the object with its URL", async () => {
    const { gw } = await loopback();
    const clip = await gw.musicgen.clips.mp4("clip-1");
    expect(clip).not.toBeInstanceOf(BinaryResponse);
    expect((clip as { url: string }).url).toMatch(/^http/);
  });

  it("an id that would address another resource is a ValidationError, and nothing is sent", async () => {
    const { gw, mock } = await loopback();
    for (const id of ["..", ".", "", "a/b"]) {
      const error = await thrown(() => gw.videos.retrieve(id));
      expect(error).toBeInstanceOf(ValidationError);
    }
    expect(mock.requests).toEqual([]);
  });
});
