/**
 * Bodies and redirects from a hostile gateway: an oversized JSON body ends in a
 * typed error that is not retried (maxResponseBytes); a 303 after a POST is a GET; a paid submission
 * never follows a redirect that would send its body again; redirect loops end after a few hops.
 */
import { describe, expect, it } from "vitest";
import { GenwayError, MalformedResponseError } from "../../src/index.js";
import { KEY, serving } from "../support/index.js";

const hello = { model: "gpt-4o", messages: [{ role: "user" as const, content: "hi" }] };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const redirect = (status: number, location: string) => new Response(null, { status, headers: { location } });
const image = { created: 1, data: [{ url: "https://cdn.test/a.png" }] };

describe("maxResponseBytes", () => {
  it("an oversized JSON body is a MalformedResponseError, read no further and not retried", async () => {
    let pulled = 0;
    const { gw, calls } = serving(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              pulled += 16_384;
              controller.enqueue(new TextEncoder().encode(`"${"x".repeat(16_382)}",`));
            },
          }),
          { headers: { "content-type": "application/json" } },
        ),
      { maxResponseBytes: 100_000, maxRetries: 2 },
    );
    const error = await gw.chat.completions.create(hello).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponseError);
    expect((error as Error).message).toMatch(/maxResponseBytes/);
    expect(calls).toHaveLength(1);
    expect(pulled).toBeLessThan(200_000);
  });

  it("a body within the limit is read whole", async () => {
    const { gw } = serving(() => json({ id: "c", choices: [], pad: "x".repeat(50_000) }), {
      maxResponseBytes: 100_000,
    });
    await expect(gw.chat.completions.create(hello)).resolves.toMatchObject({ id: "c" });
  });

  it("is refused when not a whole number of bytes", () => {
    expect(() => serving(() => json({}), { maxResponseBytes: Number.NaN })).toThrow(/maxResponseBytes/);
  });
});

describe("redirects", () => {
  it("a 303 after a POST is followed with a GET and no body", async () => {
    const { gw, calls } = serving((_, __, n) =>
      n === 1 ? redirect(303, "/v1/result/1") : json({ id: "c", choices: [] }),
    );
    await expect(gw.chat.completions.create(hello)).resolves.toMatchObject({ id: "c" });
    expect(calls.map((c) => c.init.method)).toEqual(["POST", "GET"]);
    expect(calls[1]!.init.body ?? undefined).toBeUndefined();
  });

  it("a 307 of a chat call is followed with its body", async () => {
    const { gw, calls } = serving((_, __, n) =>
      n === 1 ? redirect(307, "/v1/chat/completions?x=1") : json({ id: "c", choices: [] }),
    );
    await gw.chat.completions.create(hello);
    expect(calls.map((c) => c.init.method)).toEqual(["POST", "POST"]);
    expect(calls[1]!.init.body).toBe(calls[0]!.init.body);
  });

  it.each([307, 308])(
    "a paid submission answered %i is refused, naming the host, sent once",
    async (status) => {
      const { gw, calls } = serving(() => redirect(status, `http://gateway.test/again?key=${KEY}`));
      const error = await gw.images.generate({ model: "dall-e-3", prompt: "a cat" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GenwayError);
      expect((error as Error).message).toContain("gateway.test");
      expect((error as Error).message).not.toContain(KEY);
      expect(calls).toHaveLength(1);
    },
  );

  it.each([301, 302, 303])("a paid submission answered %i is never POSTed again", async (status) => {
    const { gw, calls } = serving((_, __, n) =>
      n === 1 ? redirect(status, "/v1/images/result/1") : json(image),
    );
    await gw.images.generate({ model: "dall-e-3", prompt: "a cat" }).catch(() => undefined);
    expect(calls.filter((c) => c.init.method === "POST")).toHaveLength(1);
  });

  it("a redirect loop ends after a few hops with a typed error; a paid loop is sent once", async () => {
    const chat = serving(() => redirect(302, "/v1/chat/completions"));
    const error = await chat.gw.chat.completions.create(hello).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenwayError);
    expect((error as Error).message).toMatch(/redirect/i);
    expect(chat.calls.length).toBeLessThanOrEqual(6);

    const paid = serving(() => redirect(307, "/v1/images/generations"));
    await paid.gw.images.generate({ model: "dall-e-3", prompt: "a cat" }).catch(() => undefined);
    expect(paid.calls.filter((c) => c.init.method === "POST")).toHaveLength(1);
  });

  it("a Location that is no URL is a typed error, the key nowhere in it", async () => {
    const { gw } = serving(() => redirect(302, `http://[${KEY}`));
    const error = await gw.chat.completions.create(hello).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenwayError);
    expect(JSON.stringify(error)).not.toContain(KEY);
  });
});
