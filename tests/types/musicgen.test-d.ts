/** Type tests of gw.musicgen: declared params accept the upstream's bodies and refuse mistakes. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import {
  BinaryResponse,
  Genway,
  type MusicClip,
  type MusicClipFile,
  type MusicClipJson,
  type MusicClipStatus,
  type MusicClipTiming,
  type MusicConcatSubmitParams,
  type MusicFetchManyParams,
  type MusicLyrics,
  type MusicLyricsSubmitParams,
  type MusicPersonaCreateParams,
  type MusicSongFields,
  type MusicStemsSeparateParams,
  type MusicSubmitParams,
  type MusicTaskRecord,
  type MusicV1ConcatParams,
  type MusicV1LyricsParams,
  type TaskSnapshot,
} from "../../src/index.js";
import type {
  concatSubmitParams,
  fetchManyParams,
  lyricsSubmitParams,
  musicSubmitParams,
  personaCreateParams,
  stemsSeparateParams,
  v1ConcatParams,
  v1LyricsParams,
} from "../../src/resources/musicgen/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "https://gw.test" });

describe("declared params and schemas agree", () => {
  it("each declared type and its schema's input are mutually assignable", () => {
    expectTypeOf<MusicLyricsSubmitParams>().toExtend<Declared<Input<typeof lyricsSubmitParams>>>();
    expectTypeOf<Declared<Input<typeof lyricsSubmitParams>>>().toExtend<MusicLyricsSubmitParams>();
    expectTypeOf<MusicConcatSubmitParams>().toExtend<Declared<Input<typeof concatSubmitParams>>>();
    expectTypeOf<Declared<Input<typeof concatSubmitParams>>>().toExtend<MusicConcatSubmitParams>();
    expectTypeOf<MusicPersonaCreateParams>().toExtend<Declared<Input<typeof personaCreateParams>>>();
    expectTypeOf<Declared<Input<typeof personaCreateParams>>>().toExtend<MusicPersonaCreateParams>();
    expectTypeOf<MusicStemsSeparateParams>().toExtend<Declared<Input<typeof stemsSeparateParams>>>();
    expectTypeOf<Declared<Input<typeof stemsSeparateParams>>>().toExtend<MusicStemsSeparateParams>();
    expectTypeOf<MusicV1ConcatParams>().toExtend<Declared<Input<typeof v1ConcatParams>>>();
    expectTypeOf<Declared<Input<typeof v1ConcatParams>>>().toExtend<MusicV1ConcatParams>();
    expectTypeOf<MusicV1LyricsParams>().toExtend<Declared<Input<typeof v1LyricsParams>>>();
    expectTypeOf<Declared<Input<typeof v1LyricsParams>>>().toExtend<MusicV1LyricsParams>();
    expectTypeOf<MusicFetchManyParams>().toExtend<Declared<Input<typeof fetchManyParams>>>();
    expectTypeOf<Declared<Input<typeof fetchManyParams>>>().toExtend<MusicFetchManyParams>();
  });

  it("song bodies: every variant fits the schema; the schema's flat shape is the shared fields", () => {
    // The schema is one loose object of optional fields plus a refinement that infers the variant,
    // so only the variants -> schema direction and the shared fields can be compared exactly.
    expectTypeOf<MusicSubmitParams>().toExtend<Declared<Input<typeof musicSubmitParams>>>();
    expectTypeOf<Declared<Input<typeof musicSubmitParams>>>().toExtend<MusicSongFields>();
  });

  it("each declared type names exactly the fields its schema checks, less those sent unchecked", () => {
    expectTypeOf<
      SameKeys<MusicLyricsSubmitParams, Declared<Input<typeof lyricsSubmitParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<MusicConcatSubmitParams, Declared<Input<typeof concatSubmitParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<MusicPersonaCreateParams, Declared<Input<typeof personaCreateParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<MusicStemsSeparateParams, Declared<Input<typeof stemsSeparateParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<MusicV1ConcatParams, Declared<Input<typeof v1ConcatParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<MusicV1LyricsParams, Declared<Input<typeof v1LyricsParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<MusicFetchManyParams, Declared<Input<typeof fetchManyParams>>, never>
    >().toEqualTypeOf<Agree>();
    expectTypeOf<
      SameKeys<MusicSubmitParams, Declared<Input<typeof musicSubmitParams>>, never>
    >().toEqualTypeOf<Agree>();
  });
});

describe("gw.musicgen.submit", () => {
  it("takes the upstream's bodies", () => {
    async function calls() {
      const inspiration = await gw.musicgen.submit.music({ gpt_description_prompt: "a happy song" });
      await gw.musicgen.submit.music({
        prompt: "[Verse]\nWalking down the streets",
        tags: "emotional punk",
        title: "City Lights",
        mv: "chirp-v4",
      });
      await gw.musicgen.submit.music({
        prompt: "p",
        continue_clip_id: "c-1",
        continue_at: 12.5,
        task: "extend",
      });
      await gw.musicgen.submit.music({ task: "upload_extend", continue_clip_id: "clip-upload-1" });
      await gw.musicgen.submit.music({ gpt_description_prompt: "rain", mv: "chirp-v9-preview" });
      await gw.musicgen.submit.music({ prompt: "p", persona_id: "p-1", task: "artist_consistency" });
      await gw.musicgen.submit.music({ task: "gen_stem", continue_clip_id: "c-9", mv: "chirp-auk" });
      const lyrics = await gw.musicgen.submit.lyrics({ prompt: "dance" });
      const concat = await gw.musicgen.submit.concat({ clip_id: "c-ext", is_infill: false });
      const song = await inspiration.wait();
      expectTypeOf(song.result).toEqualTypeOf<MusicClip[] | undefined>();
      expectTypeOf((await lyrics.wait()).result).toEqualTypeOf<MusicLyrics | undefined>();
      expectTypeOf((await concat.retrieve()).result).toEqualTypeOf<MusicClip[] | undefined>();
      expectTypeOf(song.result![0]!.status).toEqualTypeOf<MusicClipStatus>();
      expectTypeOf(song.result![0]!.metadata.duration).toEqualTypeOf<number | null>();
    }
    void calls;
  });

  it("refuses mistakes", () => {
    async function calls() {
      // @ts-expect-error: misspelled required field
      await gw.musicgen.submit.music({ gpt_descripton_prompt: "a happy song" });
      // @ts-expect-error: continue_at is a number of seconds
      await gw.musicgen.submit.music({ prompt: "p", continue_clip_id: "c-1", continue_at: "12" });
      // @ts-expect-error: a continuation needs continue_at
      await gw.musicgen.submit.music({ continue_clip_id: "c-1" });
      // @ts-expect-error: make_instrumental is a boolean
      await gw.musicgen.submit.music({ gpt_description_prompt: "x", make_instrumental: "yes" });
      // @ts-expect-error: misspelled required field
      await gw.musicgen.submit.lyrics({ promt: "dance" });
      // @ts-expect-error: is_infill is a boolean
      await gw.musicgen.submit.concat({ clip_id: "c", is_infill: "no" });
    }
    void calls;
  });
});

describe("gw.musicgen queries and side operations", () => {
  it("types fetch, fetchMany, wait and their results", () => {
    async function calls() {
      const one = await gw.musicgen.fetch("task-1");
      expectTypeOf(one).toEqualTypeOf<TaskSnapshot<MusicClip[] | MusicLyrics>>();
      const many = await gw.musicgen.fetchMany(["a", "b"], "LYRICS");
      expectTypeOf(many).toEqualTypeOf<Array<TaskSnapshot<MusicClip[] | MusicLyrics>>>();
      await gw.musicgen.fetchMany({ ids: ["a"], action: "MUSIC" });
      // @ts-expect-error: action is MUSIC or LYRICS
      await gw.musicgen.fetchMany(["a"], "SONG");
      // @ts-expect-error: action is MUSIC or LYRICS
      await gw.musicgen.fetchMany({ ids: ["a"], action: "SONG" });
      // @ts-expect-error: misspelled required field
      await gw.musicgen.fetchMany({ id: ["a"] });
      const done = await gw.musicgen.wait("task-1", { interval: 1000, kind: "music" });
      expectTypeOf(done.result).toEqualTypeOf<MusicClip[] | undefined>();
      // @ts-expect-error: kind is music or music.lyrics
      await gw.musicgen.wait("task-1", { kind: "video" });
    }
    void calls;
  });

  it("types persona, stems, clips, v1 and uploads", () => {
    async function calls() {
      const persona = await gw.musicgen.persona.create({
        root_clip_id: "c-1",
        name: "Nova",
        description: "airy",
        clips: ["c-1"],
        is_public: false,
      });
      expectTypeOf(persona.id).toEqualTypeOf<string>();
      const wrong = { root_clip_id: "c", name: "n", description: "d", clips: [], is_public: "no" };
      // @ts-expect-error: is_public is a boolean
      await gw.musicgen.persona.create(wrong);
      const stems = await gw.musicgen.stems.separate({ clip_id: "c-7" });
      expectTypeOf((await stems.wait()).result).toEqualTypeOf<MusicClip[] | undefined>();
      // @ts-expect-error: misspelled required field
      await gw.musicgen.stems.separate({ clipid: "c-7" });

      const wav = await gw.musicgen.clips.wav("c-1");
      expectTypeOf(wav).toEqualTypeOf<MusicClipFile>();
      if (wav instanceof BinaryResponse) expectTypeOf(wav.contentType).toEqualTypeOf<string>();
      else expectTypeOf(wav.url).toEqualTypeOf<string | undefined>();
      const timing = await gw.musicgen.clips.timing("c-1");
      if (!(timing instanceof BinaryResponse)) {
        expectTypeOf(timing).toEqualTypeOf<MusicClipJson<MusicClipTiming>>();
        expectTypeOf(timing.data.aligned_words).toEqualTypeOf<MusicClipTiming["aligned_words"]>();
      }
      await gw.musicgen.clips.mp4("c-1");
      // @ts-expect-error: a clip id is a string
      await gw.musicgen.clips.wav(42);

      const generated = await gw.musicgen.v1.generate({ gpt_description_prompt: "a happy song" });
      expectTypeOf((await generated.wait()).result).toEqualTypeOf<MusicClip[] | undefined>();
      const lyrics = await gw.musicgen.v1.generateLyrics({ prompt: "the sea" });
      expectTypeOf((await lyrics.wait()).result).toEqualTypeOf<MusicLyrics | undefined>();
      // @ts-expect-error: misspelled required field
      await gw.musicgen.v1.generateLyrics({ promt: "the sea" });
      await gw.musicgen.v1.concat({ clip_id: "c", is_infill: false });
      // @ts-expect-error: the spec requires is_infill here
      await gw.musicgen.v1.concat({ clip_id: "c" });
      expectTypeOf(await gw.musicgen.v1.feed("a", "b", "c")).toEqualTypeOf<MusicClip[]>();
      expectTypeOf(await gw.musicgen.v1.feed(["a", "b"], { timeout: 1000 })).toEqualTypeOf<MusicClip[]>();
      expectTypeOf(await gw.musicgen.v1.lyrics("l-1")).toEqualTypeOf<MusicLyrics>();

      expectTypeOf(await gw.musicgen.uploads.fromUrl("https://cdn.test/a.mp3")).toEqualTypeOf<string>();
      await gw.musicgen.uploads.fromUrl({ url: "https://cdn.test/a.mp3" });
      // @ts-expect-error: misspelled required field
      await gw.musicgen.uploads.fromUrl({ ulr: "https://cdn.test/a.mp3" });
      const target = await gw.musicgen.uploads.request({ extension: "mp3" });
      expectTypeOf(target.url).toEqualTypeOf<string>();
      // @ts-expect-error: misspelled required field
      await gw.musicgen.uploads.request({ extention: "mp3" });
      await gw.musicgen.uploads.finish(target.id, { upload_filename: "a.mp3" });
      // @ts-expect-error: upload_filename is a string
      await gw.musicgen.uploads.finish(target.id, { upload_filename: 1 });
      expectTypeOf((await gw.musicgen.uploads.initializeClip(target.id)).clip_id).toEqualTypeOf<string>();
      expectTypeOf(await gw.musicgen.uploads.upload(new Blob([]), { name: "a.mp3" })).toEqualTypeOf<string>();
      // @ts-expect-error: the audio is a file (an Uploadable), not a path string
      await gw.musicgen.uploads.upload(42);
      // @ts-expect-error: an upload id is a string
      await gw.musicgen.uploads.status(7);
    }
    void calls;
  });

  it("the task record type matches the capture's fields", () => {
    expectTypeOf<MusicTaskRecord["data"]>().toEqualTypeOf<MusicClip[] | MusicLyrics | null>();
    expectTypeOf<MusicTaskRecord["submit_time"]>().toEqualTypeOf<number>();
  });
});
