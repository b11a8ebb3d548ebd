/**
 * Issue 31 item 5: one entry per chat format (genway/chat-completions, /messages, /responses,
 * /native), so an app that speaks one format carries only that one; genway/chat keeps all four.
 * Proved as a user meets it: each entry's client sends its format's request to its path on the
 * mock gateway and has no other format's namespace, the entry exports no other format's helpers,
 * and a bundle of the entry holds no other format's files.
 */
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import ChatClient from "../src/entries/chat.js";
import * as completionsEntry from "../src/entries/chat-completions.js";
import * as messagesEntry from "../src/entries/messages.js";
import * as nativeEntry from "../src/entries/native.js";
import * as responsesEntry from "../src/entries/responses.js";
import { loopback } from "./support/index.js";

const ROOT = join(import.meta.dirname, "..");
const ask = "Say hi";
const NAMESPACES = ["chat", "messages", "responses", "native"] as const;
type Namespace = (typeof NAMESPACES)[number];

/** Each entry: its client, the namespace it has, one call of it, what that call sends where, and its format's helpers. */
const ENTRIES = [
  {
    entry: "chat-completions",
    module: completionsEntry as Record<string, unknown>,
    client: completionsEntry.ChatCompletionsClient,
    namespace: "chat",
    call: async (options: object) => {
      const gw = new completionsEntry.ChatCompletionsClient(options);
      const completion = await gw.chat.completions.create({
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: ask }],
      });
      return { gw, text: completion.choices[0]?.message.content };
    },
    path: "/v1/chat/completions",
    body: { model: "gpt-4o-mini", messages: [{ role: "user", content: ask }] },
    own: ["zodResponseFormat", "chatTool", "defineTool", "ChatCompletionStream"],
  },
  {
    entry: "messages",
    module: messagesEntry as Record<string, unknown>,
    client: messagesEntry.MessagesClient,
    namespace: "messages",
    call: async (options: object) => {
      const gw = new messagesEntry.MessagesClient(options);
      const message = await gw.messages.create({
        model: "claude-sonnet-4-5",
        max_tokens: 64,
        messages: [{ role: "user", content: ask }],
      });
      return { gw, text: message.content.find((block) => block.type === "text")?.text };
    },
    path: "/v1/messages",
    body: { model: "claude-sonnet-4-5", max_tokens: 64, messages: [{ role: "user", content: ask }] },
    own: ["zodSchema", "messageTool", "defineTool", "MessageStream"],
  },
  {
    entry: "responses",
    module: responsesEntry as Record<string, unknown>,
    client: responsesEntry.ResponsesClient,
    namespace: "responses",
    call: async (options: object) => {
      const gw = new responsesEntry.ResponsesClient(options);
      const response = await gw.responses.create({ model: "gpt-4o-mini", input: ask });
      return { gw, text: responsesEntry.outputText(response) };
    },
    path: "/v1/responses",
    body: { model: "gpt-4o-mini", input: ask },
    own: ["zodTextFormat", "responseTool", "defineTool", "ResponseStream"],
  },
  {
    entry: "native",
    module: nativeEntry as Record<string, unknown>,
    client: nativeEntry.NativeClient,
    namespace: "native",
    call: async (options: object) => {
      const gw = new nativeEntry.NativeClient(options);
      const response = await gw.native.generateContent({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: ask }] }],
      });
      return { gw, text: nativeEntry.answerText(response) };
    },
    path: "/v1beta/models/gemini-2.5-flash:generateContent",
    // The model is in the path; the body is the format's own.
    body: { contents: [{ role: "user", parts: [{ text: ask }] }] },
    own: ["zodSchema", "nativeTools", "defineTool", "GenerateContentStream"],
  },
] as const;

/** The helpers and stream classes of every format: an entry exports only its own. */
const EVERY_FORMAT = [...new Set(ENTRIES.flatMap((e) => e.own))];

describe.each(ENTRIES)("genway/$entry", ({ entry, module, client, namespace, call, path, body, own }) => {
  it("sends its format's request to its path, and has no other format's namespace", async () => {
    const { mock, server } = await loopback();
    const { gw, text } = await call({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });
    expect(text).toBeTruthy();
    expect(mock.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${path}`]);
    expect(mock.requests[0]!.body).toEqual(body);
    for (const other of NAMESPACES) expect(other in gw, other).toBe(other === namespace);
    expect(module.default).toBe(client);
    expect(JSON.stringify(gw)).not.toContain(mock.apiKey);
  });

  it("exports its own format's helpers and streams, no other format's", () => {
    const exported = EVERY_FORMAT.filter((name) => name in module);
    expect(exported.sort()).toEqual([...own].sort());
  });

  it("bundles no other format's files: a browser bundle of one call holds only its own", async () => {
    const result = await build({
      stdin: {
        contents: `import Client from "./src/entries/${entry}.ts";
export const go = (apiKey) => new Client({ apiKey, baseURL: "http://x" });`,
        resolveDir: ROOT,
        loader: "ts",
      },
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      metafile: true,
      logLevel: "silent",
      external: ["zod", "zod/*"],
    });
    // The files whose code is in the bundle (esbuild reads the others, then drops them).
    const [output] = Object.values(result.metafile.outputs);
    const kept = Object.entries(output!.inputs).filter(([, { bytesInOutput }]) => bytesInOutput > 0);
    const formats = new Set(
      kept
        .map(([input]) => /^src\/resources\/(chat|messages|responses|native)\//.exec(input)?.[1])
        .filter((format) => format !== undefined),
    );
    expect([...formats]).toEqual([namespace satisfies Namespace]);
  });
});

describe("genway/chat", () => {
  it("keeps all four formats (DESIGN.md: genway/chat is all four chat formats)", async () => {
    const { mock, server } = await loopback();
    const gw = new ChatClient({ apiKey: mock.apiKey, baseURL: server.url, maxRetries: 0 });
    for (const name of NAMESPACES) expect(name in gw, name).toBe(true);
    await gw.messages.create({
      model: "claude-sonnet-4-5",
      max_tokens: 64,
      messages: [{ role: "user", content: ask }],
    });
    await gw.native.generateContent({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: ask }] }],
    });
    expect(mock.requests.map((r) => r.path)).toEqual([
      "/v1/messages",
      "/v1beta/models/gemini-2.5-flash:generateContent",
    ]);
  });
});
