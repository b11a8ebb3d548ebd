/**
 * A key or header value fetch cannot put in a header (a zero-width space copied with the key, a
 * character above U+00FF, a control character) is refused with a ValidationError before anything
 * is sent or spent, never echoing the key: at construction for a string key and defaultHeaders, at
 * call time for an apiKey() result and per-call headers. fetch would refuse it only mid-call, after
 * the retries, as a connection error a budget counts as maybe billed.
 */
import { format, inspect } from "node:util";
import { describe, expect, it } from "vitest";
import Genway, { isGenwayError, ValidationError } from "../../src/index.js";
import { hello, place, serving } from "../support/index.js";

const SECRET = "live-0123456789abcdef";

/** Every face of an error a log or a screen may show. */
const faces = (error: unknown) => [
  String(error),
  (error as Error).stack ?? "",
  JSON.stringify(error),
  inspect(error, { depth: 8 }),
  format("%o", error),
];

function constructed(options: ConstructorParameters<typeof Genway>[0]): unknown {
  try {
    new Genway({ baseURL: "http://gateway.test", logLevel: "off", ...options });
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("E14: keys and header values fetch cannot send", () => {
  it.each([
    ["a zero-width space", `sk-${SECRET}\u200b`, "U+200B at position 24"],
    ["Cyrillic letters", `sk-${SECRET.replace("abc", "аbс")}`, "U+0430 at position 18"],
    ["a line break", `sk-${SECRET}\n`, "a line break (CR/LF) at position 24"],
    ["a control character", `sk-${SECRET}\u0001`, "U+0001 at position 24"],
  ])("E14: a string key with %s is refused at construction, never echoed", (_, apiKey, where) => {
    const error = constructed({ apiKey });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      expect.objectContaining({
        path: "apiKey",
        rule: "invalid_option",
        message: expect.stringContaining(where),
      }),
    ]);
    for (const face of faces(error)) expect(face).not.toContain(SECRET.slice(0, 12));
  });

  it("a key with a no-break space (Latin-1) is sent as given", async () => {
    const { gw, calls } = serving(() => Response.json({ id: "c", choices: [] }), { apiKey: "sk-a\u00a0b" });
    await gw.chat.completions.create(hello);
    expect(new Headers(calls[0]!.init.headers).get("authorization")).toBe("Bearer sk-a\u00a0b");
  });

  it("E14: an apiKey() result with a zero-width space rejects the call before anything is sent or spent", async () => {
    place("gpt-4o", "coding-chat");
    const { gw, calls } = serving(() => Response.json({ id: "c", choices: [] }), {
      apiKey: () => `sk-${SECRET}\u200b`,
      maxRetries: 2,
      prices: "spec",
      budget: { limit: 1, currency: "CNY" },
    });
    const error = await gw.chat.completions
      .create({ ...hello, model: "gpt-4o", max_tokens: 100 })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).issues).toEqual([
      expect.objectContaining({ path: "apiKey()", message: expect.stringContaining("U+200B") }),
    ]);
    for (const face of faces(error)) expect(face).not.toContain(SECRET.slice(0, 12));
    expect(calls).toEqual([]);
    // Nothing is held against the budget: nothing was sent.
    expect(gw.costs.total).toBe(0);
    expect(gw.costs.unpriced).toBe(0);
  });

  it('E14: a header value "李雷" is refused per call and in defaultHeaders, naming the header', async () => {
    const { gw, calls } = serving(() => Response.json({ id: "c", choices: [] }));
    const error = await gw.chat.completions
      .create(hello, { headers: { "x-user-name": "李雷" } })
      .catch((e: unknown) => e);
    expect(isGenwayError(error)).toBe(true);
    expect((error as ValidationError).issues).toEqual([
      {
        path: "headers",
        rule: "invalid_option",
        message:
          '"x-user-name" holds U+674E at position 0, which fetch cannot send in an HTTP header (Latin-1 text without control characters)',
      },
    ]);
    expect(calls).toEqual([]);
    const atConstruction = constructed({ apiKey: "sk-x", defaultHeaders: { "x-team": "équipe ✓" } });
    expect((atConstruction as ValidationError).issues).toEqual([
      expect.objectContaining({
        path: "defaultHeaders",
        message: expect.stringContaining("U+2713 at position 7"),
      }),
    ]);
  });

  it('a Latin-1 header value ("José") is sent as given', async () => {
    const { gw, calls } = serving(() => Response.json({ id: "c", choices: [] }));
    await gw.chat.completions.create(hello, { headers: { "x-user-name": "José" } });
    expect(new Headers(calls[0]!.init.headers).get("x-user-name")).toBe("José");
  });
});
