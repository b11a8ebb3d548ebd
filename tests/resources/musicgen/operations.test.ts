import { describe, expect, it } from "vitest";
import { APIConnectionError, BinaryResponse } from "../../../src/index.js";
import { loopback, thrown } from "../../helpers.js";

const v1 = {
  prompt: "p",
  mv: "chirp-v3-5",
  title: "t",
  tags: "pop",
  continue_at: 0,
  continue_clip_id: "",
  task: "generate",
};

describe("gw.musicgen side operations on the wire", () => {
  it("persona.create posts every required field and returns the persona", async () => {
    const { gw, mock } = await loopback();
    const params = {
      root_clip_id: "c-1",
      name: "Nova",
      description: "airy voice",
      clips: ["c-1", "c-2"],
      is_public: false,
    };
    const persona = await gw.musicgen.persona.create(params);
    expect(mock.requests[0]).toMatchObject({
      method: "POST",
      path: "/musicgen/persona/create/",
      body: params,
    });
    expect(persona.id).toMatch(/^persona-/);
  });

  it("stems.separate fills the fixed gen_stem fields of the spec", async () => {
    const { gw, mock } = await loopback();
    const result = await gw.musicgen.stems.separate({ clip_id: "c-7", make_instrumental: true });
    expect(mock.requests[0]).toMatchObject({ method: "POST", path: "/musicgen/generate" });
    expect(mock.requests[0]!.body).toEqual({
      task: "gen_stem",
      mv: "chirp-auk",
      stem_task: "two",
      stem_type_id: 91,
      generation_type: "TEXT",
      stem_type_group_name: "Two",
      prompt: "",
      continue_at: null,
      continued_aligned_prompt: null,
      make_instrumental: true,
      title: "",
      continue_clip_id: "c-7",
    });
    expect(result.clips?.map((c) => c.metadata.type)).toEqual(["stem_vocals", "stem_instrumental"]);
  });

  it("clips.wav and clips.mp4 stream files; clips.timing is the timeline; no GET carries a body", async () => {
    const { gw, mock } = await loopback();
    const wav = await gw.musicgen.clips.wav("c-1");
    expect(wav).toBeInstanceOf(BinaryResponse);
    expect(wav.contentType).toBe("audio/wav");
    const bytes = await wav.bytes();
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe("RIFF");
    const mp4 = await gw.musicgen.clips.mp4("c-1");
    expect(new TextDecoder().decode((await mp4.bytes()).subarray(4, 8))).toBe("ftyp");
    const timing = await gw.musicgen.clips.timing("c-1");
    expect(timing.aligned_words?.[0]).toMatchObject({ word: "la", start_s: 0 });
    expect(mock.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["GET", "/musicgen/act/wav/c-1", undefined],
      ["GET", "/musicgen/act/mp4/c-1", undefined],
      ["GET", "/musicgen/act/timing/c-1", undefined],
    ]);
  });

  it("v1.generate, generateLyrics and concat post their bodies; feed and lyrics are bodiless GETs", async () => {
    const { gw, mock } = await loopback();
    const generated = await gw.musicgen.v1.generate({ ...v1, make_instrumental: false });
    expect(generated.clips).toHaveLength(2);
    const lyrics = await gw.musicgen.v1.generateLyrics(v1);
    expect(lyrics.id).toMatch(/^lyrics-/);
    const whole = await gw.musicgen.v1.concat({ clip_id: "c-2", is_infill: false });
    expect(whole.metadata.type).toBe("concat");
    const feed = await gw.musicgen.v1.feed("s-1", "s-2");
    expect(feed.map((c) => c.id)).toEqual(["s-1", "s-2"]);
    const text = await gw.musicgen.v1.lyrics(lyrics.id);
    expect(text).toMatchObject({ id: lyrics.id, status: "complete" });
    expect(mock.requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ["POST", "/musicgen/generate", { ...v1, make_instrumental: false }],
      ["POST", "/musicgen/generate/lyrics/", v1],
      ["POST", "/musicgen/generate/concat", { clip_id: "c-2", is_infill: false }],
      ["GET", "/musicgen/feed/s-1,s-2", undefined],
      ["GET", `/musicgen/lyrics/${lyrics.id}`, undefined],
    ]);
  });

  it("v1 generation is paid: not repeated after a connection lost mid-answer", async () => {
    const { gw, mock } = await loopback({ maxRetries: 2 });
    mock.inject({ match: "/musicgen/generate", reset: "after-headers" });
    expect(await thrown(() => gw.musicgen.v1.generate({ ...v1, make_instrumental: false }))).toBeInstanceOf(
      APIConnectionError,
    );
    expect(mock.requests).toHaveLength(1);
  });
});
