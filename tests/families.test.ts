/** The per-family entries (genway/chat, genway/images, ...): the same options and core as Genway, one family each. */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../mock/index.js";
import AudioClient from "../src/entries/audio.js";
import ChatClient, { AuthenticationError, ValidationError } from "../src/entries/chat.js";
import ImagesClient from "../src/entries/images.js";
import MusicgenClient from "../src/entries/musicgen.js";
import VideosClient from "../src/entries/videos.js";
import VidgenClient from "../src/entries/vidgen.js";
import { GenwayError } from "../src/index.js";
import { hello, loopback, thrown } from "./support/index.js";

describe("family clients", () => {
  it("chat: the four chat formats over the same transport options", async () => {
    const { mock, server } = await loopback();
    const gw = new ChatClient({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });
    const completion = await gw.chat.completions.create(hello);
    expect(completion.choices[0]?.message.content).toBeTruthy();
    expect(Object.keys(gw).sort()).toEqual([
      "baseURL",
      "chat",
      "costs",
      "messages",
      "native",
      "prices",
      "responses",
      "transport",
      "validation",
    ]);
    expect(JSON.stringify(gw)).not.toContain(mock.apiKey);
    const wrong = new ChatClient({ apiKey: "sk-wrong", baseURL: server.url, maxRetries: 0, logLevel: "off" });
    expect(await thrown(() => wrong.chat.completions.create(hello))).toBeInstanceOf(AuthenticationError);
    expect(await thrown(() => gw.chat.completions.create({ model: "", messages: [] }))).toBeInstanceOf(
      ValidationError,
    );
  });

  it("the same option checks as Genway, naming the client", () => {
    expect(() => new ImagesClient({ baseURL: "ftp://x", apiKey: "k" })).toThrow(GenwayError);
    expect(() => new AudioClient({ baseURL: "http://x", apiKey: "k", timeout: -1 })).toThrow(/AudioClient/);
  });

  it("media families: images, audio, and the job families with their task waiting", async () => {
    const mock = createMockGateway();
    const options = { apiKey: mock.apiKey, baseURL: "http://gateway.test", fetch: mock.fetch, maxRetries: 0 };
    expect(new ImagesClient(options).images).toBeDefined();
    expect(new AudioClient(options).audio.speech).toBeDefined();
    const videos = new VideosClient(options);
    expect(videos.tasks.kinds()).toContain("video");
    expect(new VidgenClient(options).tasks.kinds().length).toBeGreaterThan(0);
    expect(new MusicgenClient(options).tasks.kinds().length).toBeGreaterThan(0);
    expect(typeof videos.pollTask).toBe("function");
  });
});
