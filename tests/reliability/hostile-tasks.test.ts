/**
 * Task polls and uploads against a broken gateway: unusable batch answers, relative
 * presigned URLs, batched polls nobody waits for any more.
 */
import { describe, expect, it } from "vitest";
import { GenwayError, MalformedResponseError } from "../../src/index.js";
import { serving } from "../support/index.js";

const json = (body: unknown, status = 200) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });

const done = (id: string) => ({
  code: "success",
  message: "",
  data: {
    task_id: id,
    action: "MUSIC",
    status: "SUCCESS",
    progress: "100%",
    data: [{ id: `clip-${id}`, status: "complete" }],
  },
});

describe("a batch music poll answered 200 with an unusable body", () => {
  it.each([
    ["an empty body", ""],
    ["null", "null"],
    ["a string", '"ok"'],
    ["data that is no list", '{"code":"success","data":"x"}'],
  ])("%s: fetchMany is a MalformedResponseError naming the operation", async (_, body) => {
    const { gw } = serving(() => json(body));
    const error = await gw.musicgen.fetchMany(["a", "b"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toMatch(/musicgen\.fetchMany|POST \/musicgen\/fetch/);
  });

  it.each([
    ["an empty body", ""],
    ["null", "null"],
  ])("%s: concurrent waits fall back to the single query and succeed", async (_, body) => {
    const lines: string[] = [];
    const { gw, calls } = serving(
      (url, init) => (init.method === "POST" ? json(body) : json(done(url.split("/").pop()!))),
      { logLevel: "warn", logger: { error() {}, warn: (m: string) => lines.push(m), info() {}, debug() {} } },
    );
    const [a, b] = await Promise.all([
      gw.musicgen.wait("a", { interval: 1 }),
      gw.musicgen.wait("b", { interval: 1 }),
    ]);
    expect(a.status).toBe("succeeded");
    expect(b.status).toBe("succeeded");
    expect(calls.some((c) => c.init.method === "POST")).toBe(true);
    expect(lines.join("\n")).toMatch(/MalformedResponseError|batch/);
  });
});

describe("a presigned upload URL that is not absolute", () => {
  it.each(["/upload/x", "upload/x", "", "file:///etc/passwd", "javascript:alert(1)"])(
    "%j: a typed error naming the step, nothing sent",
    async (url) => {
      const { gw, calls } = serving(() => json({}));
      const error = await gw.musicgen.uploads
        .put({ id: "u1", url }, new Uint8Array([1, 2, 3]))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GenwayError);
      expect(error).not.toBeInstanceOf(TypeError);
      expect((error as Error).message).toMatch(/musicgen\.uploads/);
      expect(calls).toHaveLength(0);
    },
  );

  it("the whole upload flow: a relative URL in the slot is a MalformedResponseError", async () => {
    const { gw } = serving((url) =>
      url.endsWith("/musicgeni/uploads/audio") ? json({ id: "u1", url: "/relative/put" }) : json({}),
    );
    const error = await gw.musicgen.uploads
      .upload(new Uint8Array([0xff, 0xfb, 0x90, 0x00]), { name: "a.mp3" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toContain("/relative/put");
  });
});
