/**
 * A missing or wrongly typed argument is a ValidationError before anything is sent, and a method
 * that returns a promise rejects it (a `.catch()` chained on the call sees it; it is never thrown
 * out of the call): params that are no object (read first where the operation is built, specOf),
 * options that are no object (checked where options are checked), ids no URL can carry (the path
 * tag), a vidgen query without its kind (the task registry), a file that is no file (toFile). And
 * values genway can tell are wrong are refused, not sent: an upload URL left out, `extra_body` that
 * is no object, query values that are objects, an image count or size of the wrong type.
 */
import { describe, expect, it } from "vitest";
import Genway, { estimateCost, isGenwayError, toFile, ValidationError } from "../../src/index.js";
import { hello, serving } from "../support/index.js";

/** How a call ended: thrown at once, or its promise's outcome; the error itself when there was one. */
async function outcome(call: () => unknown): Promise<{ sync: boolean; error: unknown }> {
  let result: unknown;
  try {
    result = call();
  } catch (error) {
    return { sync: true, error };
  }
  try {
    await result;
    return { sync: false, error: undefined };
  } catch (error) {
    return { sync: false, error };
  }
}

/** A client whose every request is refused with a 400 (nothing should reach it), and what reached it. */
function refusing() {
  return serving(() => Response.json({ error: { message: "bad request" } }, { status: 400 }));
}

describe("E12: missing or wrongly typed arguments", () => {
  const cases: Record<string, (gw: Genway) => unknown> = {
    "chat.completions.create(undefined)": (gw) => gw.chat.completions.create(undefined as never),
    "chat.completions.create(null)": (gw) => gw.chat.completions.create(null as never),
    "chat.completions.parse(null)": (gw) => gw.chat.completions.parse(null as never),
    "messages.create(null)": (gw) => gw.messages.create(null as never),
    "messages.parse(undefined)": (gw) => gw.messages.parse(undefined as never),
    "responses.create(undefined)": (gw) => gw.responses.create(undefined as never),
    "responses.parse(undefined)": (gw) => gw.responses.parse(undefined as never),
    "native.parse(undefined)": (gw) => gw.native.parse(undefined as never),
    "images.generate(undefined)": (gw) => gw.images.generate(undefined as never),
    "images.download(undefined)": (gw) => gw.images.download(undefined as never),
    "videos.create(null)": (gw) => gw.videos.create(null as never),
    "videos.createAndWait(undefined)": (gw) => gw.videos.createAndWait(undefined as never),
    'vidgen.retrieve("task-1") without the kind': (gw) => (gw.vidgen.retrieve as any)("task-1"),
    'vidgen.wait("task-1") without options': (gw) => (gw.vidgen.wait as any)("task-1"),
    "musicgen.wait(id, null)": (gw) => gw.musicgen.wait("task-1", null as never),
    "musicgen.extendAndConcat(undefined)": (gw) => gw.musicgen.extendAndConcat(undefined as never),
    "chat.completions.create(params, null)": (gw) => gw.chat.completions.create(hello, null as never),
    "models.list(null)": (gw) => gw.models.list(null as never),
    "account.balance(null)": (gw) => gw.account.balance(null as never),
    "videos.wait(id, null)": (gw) => gw.videos.wait("task-1", null as never),
    'videos.retrieve("\\uD800")': (gw) => gw.videos.retrieve("\uD800"),
    'musicgen.fetch("a\\uDC00")': (gw) => gw.musicgen.fetch("a\uDC00"),
    "prices.load(null)": (gw) => gw.prices.load(null as never),
  };

  it.each(Object.keys(cases))("E12: %s rejects with a ValidationError, nothing sent", async (label) => {
    const { gw, calls } = refusing();
    const { sync, error } = await outcome(() => cases[label]!(gw));
    expect(sync).toBe(false);
    expect(error).toBeInstanceOf(ValidationError);
    expect(calls).toEqual([]);
  });

  it("E12: a vidgen query without its kind says what the kind is", async () => {
    const { gw } = refusing();
    const { error } = await outcome(() => (gw.vidgen.retrieve as any)("task-1"));
    expect((error as ValidationError).issues).toEqual([
      expect.objectContaining({
        path: "kind",
        message: expect.stringMatching(/^is required; known kinds: .*vidgen\.text2video/),
      }),
    ]);
  });

  it("E12: params that are no object are named as such, in every validation mode", async () => {
    for (const validation of ["strict", "off"] as const) {
      const { gw, calls } = serving(() => Response.json({}), { validation });
      const { error } = await outcome(() => gw.images.generate(undefined as never));
      expect((error as ValidationError).message).toBe(
        "Invalid images.generate request: (root): must be the method's params object, got undefined",
      );
      expect(calls).toEqual([]);
    }
  });

  it("E12: options that are no object are named as such", async () => {
    const { gw } = refusing();
    const { error } = await outcome(() => gw.chat.completions.create(hello, null as never));
    expect((error as ValidationError).message).toBe(
      "Invalid request options: (root): must be an object of options, got null",
    );
  });

  it("E12: a lone surrogate in an id is refused by the path tag, never a URIError", async () => {
    const { gw } = refusing();
    const { error } = await outcome(() => gw.videos.retrieve("task-\uD800"));
    expect((error as ValidationError).issues).toEqual([
      expect.objectContaining({ path: "id", message: expect.stringContaining("well-formed") }),
    ]);
  });

  it("E12: runTools (which returns its runner, not a promise) and estimateCost refuse no params at once", () => {
    const { gw, calls } = refusing();
    expect(() => gw.chat.completions.runTools(undefined as never)).toThrow(ValidationError);
    expect(() => gw.messages.runTools(null as never)).toThrow(ValidationError);
    expect(() => gw.responses.runTools(undefined as never)).toThrow(ValidationError);
    expect(() => estimateCost(undefined as never)).toThrow(ValidationError);
    expect(calls).toEqual([]);
  });
});

describe("E21: values genway can tell are wrong are refused, not sent", () => {
  it("E21: musicgen.uploads.fromUrl without a URL", async () => {
    const { gw, calls } = refusing();
    for (const given of [undefined, {}, { url: "" }, { url: 5 }]) {
      const { sync, error } = await outcome(() => gw.musicgen.uploads.fromUrl(given as never));
      expect(sync).toBe(false);
      expect(error).toBeInstanceOf(ValidationError);
    }
    expect(calls).toEqual([]);
  });

  it("E21: options given as a number, a string or a list", async () => {
    const { gw, calls } = refusing();
    for (const options of [5, "fast", []]) {
      const { error } = await outcome(() => gw.chat.completions.create(hello, options as never));
      expect((error as ValidationError).issues).toEqual([
        expect.objectContaining({
          rule: "invalid_type",
          message: expect.stringMatching(/^must be an object of options, got/),
        }),
      ]);
    }
    expect(calls).toEqual([]);
  });

  it('E21: extra_body: "x" is refused, never spread as {"0":"x"}', async () => {
    const { gw, calls } = refusing();
    const { error } = await outcome(() => gw.chat.completions.create(hello, { extra_body: "x" as never }));
    expect((error as ValidationError).issues).toEqual([
      { path: "extra_body", rule: "invalid_option", message: 'must be an object of fields, got "x"' },
    ]);
    expect(calls).toEqual([]);
  });

  it("E21: a query value that is an object, per call or in defaultQuery", async () => {
    const { gw, calls } = refusing();
    const { error } = await outcome(() =>
      gw.chat.completions.create(hello, { query: { user: { id: 1 } as never } }),
    );
    expect((error as ValidationError).issues).toEqual([
      {
        path: "query",
        rule: "invalid_option",
        message: '"user" must be a string, a finite number or a boolean, got object',
      },
    ]);
    expect(calls).toEqual([]);
    expect(
      () => new Genway({ apiKey: "sk-x", baseURL: "http://gw.test", defaultQuery: { a: {} as never } }),
    ).toThrow(/defaultQuery: "a" must be a string, a finite number or a boolean/);
  });

  it("E21: once a model is named, images.generate still refuses an image count or size of the wrong type", async () => {
    const { gw, calls } = refusing();
    const cases = [
      [{ n: Number.NaN }, "n"],
      [{ n: -3 }, "n"],
      [{ n: 1.5 }, "n"],
      [{ n: "2" }, "n"],
      [{ size: 42 }, "size"],
    ] as const;
    for (const [fields, path] of cases) {
      const { error } = await outcome(() =>
        gw.images.generate({ model: "dall-e-3", prompt: "x", ...(fields as object) } as never),
      );
      expect((error as ValidationError).issues).toEqual([expect.objectContaining({ path })]);
    }
    expect(calls).toEqual([]);
  });

  it("a named model's count and size are otherwise the gateway's to judge (open lists stay open)", async () => {
    const { gw, calls } = serving(() =>
      Response.json({ created: 1, data: [{ url: "https://cdn.test/a.png" }] }),
    );
    await gw.images.generate({ model: "gpt-image-1", prompt: "x", n: 42, size: "1536x1024" });
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({ n: 42, size: "1536x1024" });
  });

  it("E21: toFile() and uploads.upload() without a file reject with a ValidationError", async () => {
    const { gw, calls } = refusing();
    for (const call of [
      () => toFile(undefined as never),
      () => gw.musicgen.uploads.upload(undefined as never),
    ]) {
      const { sync, error } = await outcome(call);
      expect(sync).toBe(false);
      expect(isGenwayError(error)).toBe(true);
      expect((error as ValidationError).issues).toEqual([
        expect.objectContaining({
          path: "file",
          message: expect.stringMatching(/^must be a Blob, File, .*got undefined$/),
        }),
      ]);
    }
    expect(calls).toEqual([]);
  });
});
