/** The per-family entries (genway/chat, genway/images, ...): the same options and core as Genway, one family each. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../mock/index.js";
import AudioClient from "../src/entries/audio.js";
import ChatClient, { AuthenticationError, ValidationError } from "../src/entries/chat.js";
import ImagesClient from "../src/entries/images.js";
import MusicgenClient from "../src/entries/musicgen.js";
import VideosClient from "../src/entries/videos.js";
import VidgenClient from "../src/entries/vidgen.js";
import { Genway, GenwayError } from "../src/index.js";
import { FAMILIES } from "../src/resources/families.js";
import tsup from "../tsup.config.js";
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

describe("the family manifest (src/resources/families.ts)", () => {
  const ROOT = join(import.meta.dirname, "..");
  const sources: Record<string, string> = tsup.entry;
  const families = Object.entries(FAMILIES);
  const namespacesOf = (entry: string) =>
    families.flatMap(([, family]) =>
      (family.entries as readonly string[]).includes(entry) ? Object.keys(family.namespaces) : [],
    );
  const options = { apiKey: "sk-test", baseURL: "http://gateway.test", fetch: async () => new Response() };

  it("lists every folder of src/resources/ that declares a family, by its name", () => {
    const declaring = readdirSync(join(ROOT, "src/resources"), { withFileTypes: true })
      .filter((dir) => dir.isDirectory() && existsSync(join(ROOT, "src/resources", dir.name, "family.ts")))
      .map((dir) => dir.name);
    expect(declaring.length).toBeGreaterThan(8);
    expect(families.map(([folder]) => folder).sort()).toEqual(declaring.sort());
  });

  it("genway exports every family's public surface and opens every family's namespaces", () => {
    const index = readFileSync(join(ROOT, "src/index.ts"), "utf8");
    const missing = families
      .map(([folder]) => `export * from "./resources/${folder}/index.js";`)
      .filter((line) => !index.includes(line));
    expect(missing).toEqual([]);
    const gw = new Genway(options);
    const namespaces = families.flatMap(([, family]) => Object.keys(family.namespaces));
    expect(namespaces.filter((name) => !(name in gw))).toEqual([]);
    expect(new Set(namespaces).size).toBe(namespaces.length); // no two families open the same one
  });

  it("each family entry carries exactly the namespaces of the families that name it, and every one is named", async () => {
    const entries = Object.keys(sources).filter((name) => sources[name]!.startsWith("src/entries/"));
    const named = new Set(families.flatMap(([, family]) => family.entries));
    expect([...named].sort()).toEqual(entries.sort());
    const all = families.flatMap(([, family]) => Object.keys(family.namespaces));
    for (const entry of entries) {
      const module = (await import(join(ROOT, sources[entry]!))) as { default: new (o: object) => object };
      const client = new module.default(options);
      const carried = all.filter((name) => name in client);
      expect([entry, carried.sort()]).toEqual([entry, namespacesOf(entry).sort()]);
    }
  });
});
